import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arAccount from '@esim/i18n/locales/ar/account.json';
import arPlans from '@esim/i18n/locales/ar/plans.json';
import { formatMinor } from '../../lib/format.ts';
import { i18n } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OrderTable } from './order-table.tsx';
import type { AccountOrder } from './orders.ts';
import classes from './order-table.module.css';

const ORDERS: AccountOrder[] = [
  {
    id: 'ORD-1',
    planId: 101,
    planName: 'Japan 1GB - 7 Days',
    totalMinor: 450,
    currency: 'USD',
    status: 'completed',
    createdAt: '2025-06-03T10:00:00.000Z',
    esimQrCode: '/api/esims/ESIM-1/qr.png?token=t',
    paymentIntentId: 'pi_123',
  },
  { id: 'ORD-2', planId: 102, planName: null, totalAmount: 14.21, currency: 'GBP', status: 'pending', createdAt: null },
  { id: 'ORD-3', planId: null, totalMinor: 999, currency: 'EUR', status: 'refunded', createdAt: '2025-01-15T00:00:00Z' },
  {
    id: 'ORD-4',
    planId: 101,
    planName: 'Japan 1GB - 7 Days',
    totalMinor: 450,
    currency: 'USD',
    status: 'expired',
    createdAt: '2025-01-16T00:00:00Z',
  },
];

function rowOf(id: string) {
  return screen.getByRole('cell', { name: id }).closest('tr')!;
}

/** The card of an order in the phone layout (the list CSS shows where the table does not fit). */
function cardOf(id: string) {
  const list = screen.getByRole('list', { name: 'Your orders' });
  return within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(id, { selector: 'dd > span' }) !== null)!;
}

/** Both layouts of one order: the table row and the card. */
const LAYOUTS = [
  ['table row', rowOf],
  ['card', cardOf],
] as const;

const EUROPE_FACTS = {
  regionCode: 'EU',
  regionKind: 'bundle',
  regionName: 'Europe',
  coverage: 35,
  dataMb: 10240,
  validityDays: 30,
} as const;
const COMPOSED: AccountOrder = { ...ORDERS[0]!, id: 'ORD-9', planName: 'Europe 10GB - 30 Days', planFacts: EUROPE_FACTS };

describe('OrderTable: plan names composed from the facts', () => {
  afterEach(() => {
    i18n.removeResourceBundle('ar', 'plans');
  });

  it('names the plan in English from its facts, isolated, rather than the stored name, in both layouts', async () => {
    await renderWithProviders(<OrderTable orders={[COMPOSED]} />);
    for (const [, of] of LAYOUTS) {
      const name = within(of('ORD-9')).getByText('Europe 10 GB – 30 days');
      expect(name.tagName).toBe('BDI');
    }
    expect(screen.queryByText('Europe 10GB - 30 Days')).toBeNull();
  });

  it('names the plan in Arabic, with the destination from CLDR, in both layouts', async () => {
    i18n.addResourceBundle('ar', 'plans', arPlans, true, true);
    await i18n.changeLanguage('ar');
    localStorage.setItem('preferredLanguage', 'ar');
    await renderWithProviders(<OrderTable orders={[{ ...COMPOSED, planFacts: { ...EUROPE_FACTS, validityDays: 11 } }]} />);
    for (const [, of] of LAYOUTS) expect(within(of('ORD-9')).getByText('أوروبا 10 غ.ب – 11 يومًا')).toBeTruthy();
  });
});

describe('OrderTable', () => {
  it('shows the columns of the table', async () => {
    await renderWithProviders(<OrderTable orders={ORDERS} />);
    const table = screen.getByRole('table', { name: 'Your orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order ID', 'Plan', 'Amount', 'Status', 'Date', 'Actions']);
  });

  it('shows each order as a card with its plan as a heading and its facts as a labelled list', async () => {
    await renderWithProviders(<OrderTable orders={ORDERS} />);
    const cards = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('data-order-id'))).toEqual(['ORD-1', 'ORD-2', 'ORD-3', 'ORD-4']);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 3 }).textContent).toBe('Japan 1GB - 7 Days');
    const terms = first.getAllByRole('term').map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(terms).toEqual(['Order ID: ORD-1', 'Date: Jun 3, 2025', 'Amount: $4.50']);
  });

  for (const [layout, of] of LAYOUTS) {
    it(`shows the fallbacks, amounts, dates and status colours (${layout})`, async () => {
      await renderWithProviders(<OrderTable orders={ORDERS} />);
      const first = within(of('ORD-1'));
      expect(first.getByText('Japan 1GB - 7 Days')).toBeTruthy();
      expect(first.getByText('$4.50')).toBeTruthy();
      expect(first.getByText('Jun 3, 2025')).toBeTruthy();
      expect(first.getByText('Completed').closest('[data-status-color]')!.getAttribute('data-status-color')).toBe('green');

      const second = within(of('ORD-2'));
      expect(second.getByText('Plan #102')).toBeTruthy();
      expect(second.getByText('£14.21')).toBeTruthy();
      expect(second.getByText('Unknown date')).toBeTruthy();
      expect(second.getByText('Pending').closest('[data-status-color]')!.getAttribute('data-status-color')).toBe('yellow');

      const third = within(of('ORD-3'));
      expect(third.getByText('Unknown plan')).toBeTruthy();
      expect(third.getByText('€9.99')).toBeTruthy();
      expect(third.getByText('Refunded').closest('[data-status-color]')!.getAttribute('data-status-color')).toBe('red');

      expect(within(of('ORD-4')).getByText('Expired').closest('[data-status-color]')!.getAttribute('data-status-color')).toBe('red');
    });

    it(`offers the QR code only when the order has one; both actions are labelled (${layout})`, async () => {
      await renderWithProviders(<OrderTable orders={ORDERS} />);
      expect(within(of('ORD-1')).getByRole('button', { name: 'View QR code for order ORD-1' })).toBeTruthy();
      expect(within(of('ORD-2')).queryByRole('button', { name: /View QR code/ })).toBeNull();
      for (const id of ['ORD-1', 'ORD-2', 'ORD-3']) {
        expect(within(of(id)).getByRole('button', { name: `View details of order ${id}` })).toBeTruthy();
      }
    });

    it(`opens the details and the QR code in dialogs (${layout})`, async () => {
      await renderWithProviders(<OrderTable orders={ORDERS} />);
      const user = userEvent.setup();
      await user.click(within(of('ORD-1')).getByRole('button', { name: 'View details of order ORD-1' }));
      const details = await screen.findByRole('dialog', { name: 'Order ORD-1' });
      expect(within(details).getByText('pi_123')).toBeTruthy();
      expect(within(details).getByText('$4.50')).toBeTruthy();
      await user.click(within(details).getByRole('button', { name: 'Close' }));

      await user.click(within(of('ORD-1')).getByRole('button', { name: 'View QR code for order ORD-1' }));
      const qr = await screen.findByRole('dialog', { name: 'eSIM QR code for order ORD-1' });
      expect(within(qr).getByRole('img', { name: 'QR code to install the eSIM of order ORD-1' }).getAttribute('src')).toBe(
        '/api/esims/ESIM-1/qr.png?token=t',
      );
    });

    it(`hands the actions to the caller when asked (${layout})`, async () => {
      const seen: string[] = [];
      await renderWithProviders(
        <OrderTable orders={ORDERS} onViewDetails={(o) => seen.push(`details ${o.id}`)} onViewQr={(o) => seen.push(`qr ${o.id}`)} />,
      );
      const user = userEvent.setup();
      await user.click(within(of('ORD-3')).getByRole('button', { name: 'View details of order ORD-3' }));
      await user.click(within(of('ORD-1')).getByRole('button', { name: 'View QR code for order ORD-1' }));
      expect(seen).toEqual(['details ORD-3', 'qr ORD-1']);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  }

  it('puts the table and the cards in one size container, each with its own class for the CSS to choose', async () => {
    await renderWithProviders(<OrderTable orders={ORDERS} />);
    const scroller = screen.getByRole('table', { name: 'Your orders' }).closest(`.${classes.table}`);
    const cards = screen.getByRole('list', { name: 'Your orders' });
    expect(scroller).not.toBeNull();
    expect(cards.classList.contains(classes.cards ?? 'missing')).toBe(true);
    expect(scroller!.parentElement).toBe(cards.parentElement);
    expect(cards.parentElement!.classList.contains(classes.frame ?? 'missing')).toBe(true);
  });

  it("says 'You have no orders yet' without orders", async () => {
    await renderWithProviders(<OrderTable orders={[]} />);
    expect(screen.getByText('You have no orders yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Your orders' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse plans' }).getAttribute('href')).toBe('/plans');
  });
});

describe('OrderTable: refunds (issue 23)', () => {
  const GOODWILL: AccountOrder = {
    ...ORDERS[0]!,
    id: 'ORD-G',
    totalMinor: 1999,
    status: 'completed',
    paidMinor: 1999,
    refundedMinor: 500,
    refundKeptMinor: 0,
    refundedBy: 'owner',
  };
  const FULL_KEPT: AccountOrder = {
    ...ORDERS[0]!,
    id: 'ORD-K',
    totalMinor: 1999,
    status: 'refunded',
    paidMinor: 1999,
    refundedMinor: 1900,
    refundKeptMinor: 99,
    refundedBy: 'traveller',
  };

  afterEach(() => {
    i18n.removeResourceBundle('ar', 'account');
  });

  for (const [layout, of] of LAYOUTS) {
    it(`an owner's goodwill refund: 'Partly refunded' beside the badge and what went back, by us (${layout})`, async () => {
      await renderWithProviders(<OrderTable orders={[GOODWILL, FULL_KEPT, ORDERS[0]!]} />);
      const goodwill = within(of('ORD-G'));
      expect(goodwill.getByText('Completed')).toBeTruthy();
      expect(goodwill.getByTestId('partly-refunded').textContent).toBe('Partly refunded');
      expect([...goodwill.getByTestId('refund-lines-ORD-G').children].map((line) => line.textContent)).toEqual([
        '$5.00 refunded by us',
        '$14.99 paid after refunds',
      ]);
      // A full refund that kept money for points already used: both figures, no 'Partly refunded'.
      const kept = within(of('ORD-K'));
      expect(kept.queryByTestId('partly-refunded')).toBeNull();
      expect([...kept.getByTestId('refund-lines-ORD-K').children].map((line) => line.textContent)).toEqual([
        '$19.00 refunded',
        '$0.99 kept for points already used',
      ]);
      // An order without refunds says nothing of them.
      expect(within(of('ORD-1')).queryByTestId('refund-lines-ORD-1')).toBeNull();
    });
  }

  it('the details dialog lists the refund', async () => {
    await renderWithProviders(<OrderTable orders={[GOODWILL]} />);
    await userEvent.setup({ delay: null }).click(within(rowOf('ORD-G')).getByRole('button', { name: 'View details of order ORD-G' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Refund').nextElementSibling?.textContent).toBe('$5.00 refunded by us$14.99 paid after refunds');
  });

  it('in Arabic the sentence reads right to left, with the amount isolated', async () => {
    i18n.addResourceBundle('ar', 'account', arAccount, true, true);
    await i18n.changeLanguage('ar');
    localStorage.setItem('preferredLanguage', 'ar');
    await renderWithProviders(<OrderTable orders={[GOODWILL]} />);
    const lines = within(rowOf('ORD-G')).getByTestId('refund-lines-ORD-G');
    const amount = formatMinor(500, 'USD', 'ar');
    expect(lines.firstElementChild?.textContent).toBe(arAccount.orders.refundLines.refundedByUs.replace('{{amount}}', amount));
    expect(lines.querySelector('bdi')?.textContent).toBe(amount);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
