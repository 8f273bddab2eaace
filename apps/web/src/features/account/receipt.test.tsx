// /account/orders/{orderId}/receipt: seller, buyer, items, amounts in the order's currency,
// points, payment method and date; 'Print' opens the print dialog; an order that is not the
// traveller's is not found.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arAccount from '@esim/i18n/locales/ar/account.json';
import { i18n } from '../../lib/i18n.ts';
import { REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from '../auth/test-utils.ts';

type Receipt = Awaited<ReturnType<Parameters<typeof trpcMsw.orders.receipt.query>[0]>>;

const RECEIPT: Receipt = {
  orderId: 'ORD-R',
  date: '2026-06-03T10:00:00.000Z',
  seller: {
    name: 'Roam eSIM',
    email: 'support@roam.example',
    phone: '+44 20 7946 0000',
    postalAddress: '1 Example Street\nLondon',
    url: 'https://roam.example',
  },
  buyer: { email: 'traveller@example.com', name: 'Ada Traveller' },
  items: [
    {
      planName: 'Japan 1GB - 7 Days',
      planFacts: { regionCode: 'JP', regionKind: 'country', regionName: 'Japan', coverage: 1, dataMb: 1024, validityDays: 7 },
      kind: 'topup',
      iccid: '8999912345678901234',
      quantity: 1,
      unitMinor: 419,
      totalMinor: 419,
    },
  ],
  currency: 'EUR',
  subtotalMinor: 419,
  pointsUsed: 100,
  pointsDiscountMinor: 93,
  paidMinor: 326,
  refundedMinor: 0,
  refunds: [],
  paymentMethod: { type: 'card_and_points', brand: 'Visa', last4: '4242' },
  status: 'completed',
  orderStatus: 'fulfilled',
};

type OrderEvents = Awaited<ReturnType<Parameters<typeof trpcMsw.orders.history.query>[0]>>;

function mock(receipt: () => Receipt, history: () => OrderEvents = () => []) {
  const asked: unknown[] = [];
  server.use(
    trpcMsw.auth.me.query(() => makeUser()),
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.orders.history.query(() => history()),
    trpcMsw.orders.receipt.query(({ input }) => {
      asked.push(input);
      return receipt();
    }),
  );
  return asked;
}

describe('/account/orders/{orderId}/receipt', () => {
  it('shows seller, buyer, items, amounts, points, payment method and date, and prints', async () => {
    const asked = mock(() => RECEIPT);
    const print = vi.fn();
    window.print = print;
    await renderApp('/account/orders/ORD-R/receipt');
    const receipt = within(await screen.findByTestId('receipt'));
    expect(asked).toEqual([{ orderId: 'ORD-R' }]);
    expect(receipt.getByRole('heading', { level: 2, name: 'Receipt' })).toBeTruthy();
    expect(receipt.getByText('ORD-R')).toBeTruthy();
    const seller = within(receipt.getByRole('region', { name: 'Seller' }));
    for (const text of ['Roam eSIM', 'support@roam.example', '+44 20 7946 0000', 'https://roam.example'])
      expect(seller.getByText(text)).toBeTruthy();
    const buyer = within(receipt.getByRole('region', { name: 'Customer' }));
    expect(buyer.getByText('Ada Traveller')).toBeTruthy();
    expect(buyer.getByText('traveller@example.com')).toBeTruthy();
    const payment = within(receipt.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('June 3, 2026 at 10:00 AM', { exact: false })).toBeTruthy();
    expect(payment.getByText('Visa ending 4242 and rewards points')).toBeTruthy();
    expect(payment.getByText('EUR')).toBeTruthy();

    const items = within(receipt.getByRole('table', { name: 'Items' }));
    const row = items.getAllByRole('row')[1]!;
    expect(within(row).getByText('Japan 1 GB – 7 days')).toBeTruthy();
    expect(within(row).getByText(/Top-up/).textContent).toContain('8999912345678901234');
    expect(within(row).getAllByText('€4.19')).toHaveLength(2);

    const totals = receipt.getByTestId('receipt-totals');
    const lines = [...totals.children].map((line) => [...line.children].map((c) => c.textContent));
    expect(lines).toEqual([
      ['Subtotal', '€4.19'],
      ['Rewards (100 points)', '−€0.93'],
      ['Paid', '€3.26'],
    ]);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('a refunded order shows what went back', async () => {
    mock(() => ({
      ...RECEIPT,
      pointsUsed: 0,
      pointsDiscountMinor: 0,
      paidMinor: 419,
      refundedMinor: 419,
      status: 'refunded',
      orderStatus: 'refunded',
    }));
    await renderApp('/account/orders/ORD-R/receipt');
    const totals = await screen.findByTestId('receipt-totals');
    expect(within(totals).getByText('Refunded').nextElementSibling?.textContent).toBe('−€4.19');
  });

  it('each refund is listed, a partial one too, with what was kept for points already used', async () => {
    mock(() => ({
      ...RECEIPT,
      pointsUsed: 0,
      pointsDiscountMinor: 0,
      paidMinor: 419,
      refundedMinor: 150,
      refunds: [
        {
          date: '2026-06-02T09:30:00.000Z',
          amountMinor: 150,
          cashDeductedMinor: 10,
          pointsSettledInCash: 10,
          full: false,
          actor: 'traveller',
          note: null,
        },
      ],
    }));
    await renderApp('/account/orders/ORD-P/receipt');
    const refunds = await screen.findByTestId('receipt-refunds');
    expect(refunds.textContent).toContain('Partial refund on');
    expect(refunds.textContent).toContain(': €1.50 back to the card');
    expect(refunds.textContent).toContain('€0.10 kept for points this order earned that were already used (10)');
  });

  it("someone else's order: not found", async () => {
    mock(() => {
      throw trpcError('NOT_FOUND', 'Not found', { appError: { code: 'NOT_FOUND', details: null } });
    });
    await renderApp('/account/orders/ORD-X/receipt');
    expect((await screen.findByTestId('receipt-not-found')).textContent).toContain('Receipt not found');
  });
});

describe("the order's page: refunds by whom, and the order's history (issue 23)", () => {
  const EVENTS: OrderEvents = [
    { id: 1, from: 'pending_payment', to: 'paid', actor: 'provider', reason: 'payment succeeded', at: '2026-06-01T09:00:00.000Z' },
    { id: 2, from: 'paid', to: 'fulfilled', actor: 'system', reason: 'eSIM delivered', at: '2026-06-01T09:01:00.000Z' },
    { id: 3, from: 'fulfilled', to: 'refunded', actor: 'owner', reason: 'refunded by the shop: Sorry', at: '2026-06-03T12:00:00.000Z' },
  ];

  it("an owner's goodwill refund says it was ours and quotes the owner's note", async () => {
    mock(() => ({
      ...RECEIPT,
      refundedMinor: 150,
      refunds: [
        {
          date: '2026-06-02T09:30:00.000Z',
          amountMinor: 150,
          cashDeductedMinor: 0,
          pointsSettledInCash: 0,
          full: false,
          actor: 'owner',
          note: 'Slow data in Osaka',
        },
      ],
    }));
    await renderApp('/account/orders/ORD-P/receipt');
    const refunds = await screen.findByTestId('receipt-refunds');
    expect(refunds.textContent).toContain('Partial refund on');
    const by = within(refunds).getByTestId('receipt-refund-by');
    expect(by.textContent).toBe('Refunded by us · Our note: Slow data in Osaka');
    expect(by.querySelector('bdi')?.textContent).toBe('Slow data in Osaka');
  });

  it('shows the history as a timeline: each state with who moved it and when, oldest first; the reasons stay in the back office', async () => {
    const asked: unknown[] = [];
    mock(() => ({ ...RECEIPT, status: 'refunded', orderStatus: 'refunded' }));
    server.use(
      trpcMsw.orders.history.query(({ input }) => {
        asked.push(input);
        return EVENTS;
      }),
    );
    await renderApp('/account/orders/ORD-R/receipt');
    const section = await screen.findByRole('region', { name: 'Order history' });
    const timeline = await within(section).findByTestId('order-timeline');
    expect(asked).toEqual([{ orderId: 'ORD-R' }]);
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((li) => li.firstElementChild?.nextElementSibling?.textContent)).toEqual(['Paid', 'Delivered', 'Refunded']);
    expect(items.map((li) => li.lastElementChild?.textContent?.split(' · ')[0])).toEqual([
      'By the payment service',
      'Automatically',
      'By us',
    ]);
    expect(items[2]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-06-03T12:00:00.000Z');
    expect(items[2]!.querySelector('time')?.textContent).toBe('Jun 3, 2026, 12:00 PM');
    expect(timeline.textContent).not.toContain('refunded by the shop');
    // Not on the printed receipt.
    expect(screen.getByTestId('receipt').contains(section)).toBe(false);
  });

  it('the history fails apart from the receipt: the receipt stays, the history offers to try again', async () => {
    mock(
      () => RECEIPT,
      () => {
        throw trpcError('INTERNAL_SERVER_ERROR', 'boom');
      },
    );
    await renderApp('/account/orders/ORD-R/receipt');
    expect(await screen.findByTestId('receipt')).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Order history' });
    expect(await within(section).findByText("The order's history couldn't be loaded.")).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('in Arabic the history reads right to left, in Arabic', async () => {
    i18n.addResourceBundle('ar', 'account', arAccount, true, true);
    try {
      mock(
        () => RECEIPT,
        () => EVENTS,
      );
      await renderApp('/ar/account/orders/ORD-R/receipt');
      const section = await screen.findByRole('region', { name: arAccount.orders.history.title });
      const timeline = await within(section).findByTestId('order-timeline');
      expect(document.documentElement.dir).toBe('rtl');
      expect(timeline.textContent).toContain(arAccount.orders.history.states.refunded);
      expect(timeline.textContent).toContain(arAccount.orders.history.actors.owner);
      expect(timeline.textContent).not.toMatch(/Paid|Refunded|By us/);
    } finally {
      i18n.removeResourceBundle('ar', 'account');
    }
  });
});
