// The admin order table and order page in the real route tree, admin.* procedures mocked.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, trpcError } from '../../auth/test-utils.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderAdminApp } from '../../../test/render.tsx';
import { makeOrderDetail, makeOrderRow } from '../test-fixtures.ts';
import type { RouterOutputs } from '../../../lib/trpc.ts';

const admin = () => trpcMsw.auth.me.query(() => makeUser({ role: 'admin', username: 'boss' }));

/** admin.orders.refundQuote's answer: the whole 17.99 back, nothing kept, unless a test says otherwise. */
function refundQuote(
  orderId: string,
  over: Partial<RouterOutputs['admin']['orders']['refundQuote']> = {},
): RouterOutputs['admin']['orders']['refundQuote'] {
  return {
    orderId,
    currency: 'USD',
    paidMinor: 1_799,
    refundedMinor: 0,
    grossMinor: 1_799,
    full: true,
    refundMinor: 1_799,
    cashDeductedMinor: 0,
    pointsInCash: 0,
    pointsTaken: 0,
    pointsReturned: 0,
    achievementsEnded: [],
    blocked: false,
    topUps: [],
    ...over,
  };
}
const user = () => userEvent.setup({ delay: null });

describe('/admin/orders', () => {
  it('lists orders with a link per row, keeps the filters and the page in the URL', async () => {
    const asked: unknown[] = [];
    server.use(
      admin(),
      trpcMsw.admin.orders.list.query(({ input }) => {
        asked.push(input);
        return {
          rows: [makeOrderRow(), makeOrderRow({ orderId: 'ORD-20261124-BBBB', status: 'refunded', user: null, topUp: true })],
          total: 60,
          page: input.page ?? 1,
          pageSize: 25,
        };
      }),
    );
    const { router } = await renderAdminApp('/admin/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Created (UTC)', 'Status', 'Customer', 'Plan', 'Total', 'USD', 'Payment id', 'ICCID']);
    const link = within(table).getByRole('link', { name: 'ORD-20261124-AAAA' });
    expect(link.getAttribute('href')).toBe('/admin/orders/ORD-20261124-AAAA');
    expect(within(table).getByText('Refunded')).toBeTruthy();
    expect(within(table).getByText('Guest')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3 · 60 results')).toBeTruthy();

    const u = user();
    await u.selectOptions(screen.getByLabelText('Status'), 'refunded');
    await u.type(screen.getByLabelText('E-mail'), 'ada@');
    await u.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'refunded', email: 'ada@' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ status: 'refunded', email: 'ada@', page: 1 }));

    await u.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'refunded', email: 'ada@', page: 2 }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 2, status: 'refunded' }));
    // The filter form shows what the URL says.
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ada@');

    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'refunded', email: 'ada@' }));
    await u.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('says beside the field when the dates are the wrong way round, without asking the server', async () => {
    let asked = 0;
    server.use(
      admin(),
      trpcMsw.admin.orders.list.query(() => {
        asked++;
        return { rows: [], total: 0, page: 1, pageSize: 25 };
      }),
    );
    await renderAdminApp('/admin/orders?from=%222026-11-20%22&to=%222026-11-01%22');
    const to = await screen.findByLabelText('Created to');
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The start date must be on or before the end date')).toBeTruthy();
    expect(asked).toBe(0);
  });

  it("shows the server's field message beside the field", async () => {
    server.use(
      admin(),
      trpcMsw.admin.orders.list.query(() => {
        throw trpcError('BAD_REQUEST', 'Invalid input', { zodError: { fieldErrors: { destination: ['Use a region code like JP'] } } });
      }),
    );
    await renderAdminApp('/admin/orders?destination=Japan');
    expect(await screen.findByText('Use a region code like JP')).toBeTruthy();
    expect(screen.getByLabelText('Destination code').getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByRole('alert')).getByText('Some values need fixing:')).toBeTruthy();
  });
});

describe('/admin/orders/$orderId', () => {
  it('shows the facts, payment, eSIM, e-mails and timeline', async () => {
    server.use(
      admin(),
      trpcMsw.admin.orders.get.query(() => makeOrderDetail()),
    );
    await renderAdminApp('/admin/orders/ORD-20261124-AAAA');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-20261124-AAAA' })).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('pi_demo_123')).toBeTruthy();
    expect(within(payment).getByText(/4242/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'eSIM' })).getByText('8999000000000000012')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'E-mails' }).querySelector('[data-status="sent"]')?.textContent).toBe('Sent');
    const timeline = screen.getByTestId('order-timeline');
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-kind')),
    ).toEqual(['created', 'paid', 'provisioned', 'emailed']);
    expect(within(timeline).getByText('eSIM e-mail sent to ada@example.com')).toBeTruthy();
    // The status history: each move from → to, by whom and why.
    const history = screen.getByRole('table', { name: 'Status history' });
    const rows = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['Awaiting payment', 'Paid', 'Provider', 'payment succeeded'],
      ['Paid', 'Fulfilled', 'System', 'eSIM delivered'],
    ]);
    expect((screen.getByRole('button', { name: 'Retry provisioning' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.title).toBe('Order ORD-20261124-AAAA | eSIM Shop'));
    // The menu marks one section as the current page: Orders (not the dashboard, not the shop).
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((l) => l.getAttribute('aria-current') === 'page')
      .map((l) => l.textContent);
    expect(current).toEqual(['Orders']);
  });

  it('refunds only after the confirmation, says the result, and shows the refreshed order', async () => {
    let refunds = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      admin(),
      trpcMsw.admin.orders.get.query(() => makeOrderDetail()),
      trpcMsw.admin.orders.refundQuote.query(({ input }) => refundQuote(input.orderId)),
      trpcMsw.admin.orders.refund.mutation(async () => {
        refunds++;
        await held;
        return {
          outcome: 'done' as const,
          message: 'Refunded $17.99 to the card; the eSIM is canceled.',
          order: makeOrderDetail({
            status: 'refunded',
            refunded: { minor: 1_799, currency: 'USD' },
            actions: { refund: false, resendEmail: false, retryProvisioning: false },
          }),
        };
      }),
    );
    await renderAdminApp('/admin/orders/ORD-20261124-AAAA');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order ORD-20261124-AAAA?' });
    expect(within(dialog).getByText(/The full \$17\.99 goes back to the buyer/)).toBeTruthy();
    expect(refunds).toBe(0);
    await u.click(within(dialog).getByRole('button', { name: 'Refund $17.99' }));
    await waitFor(() => expect(refunds).toBe(1));
    // Running: every action is disabled, so a second click cannot start another.
    const refund = screen.getByRole('button', { name: 'Refund' }) as HTMLButtonElement;
    expect(refund.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Resend eSIM e-mail' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    const result = screen.getByRole('status', { name: 'Result of the last action' });
    await waitFor(() => expect(within(result).getByText('Refunded $17.99 to the card; the eSIM is canceled.')).toBeTruthy());
    expect(within(result).getByText('Done')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Order' }).querySelector('[data-status]')?.textContent).toBe('Refunded');
    expect((screen.getByRole('button', { name: 'Refund' }) as HTMLButtonElement).disabled).toBe(true);
    expect(refunds).toBe(1);
  });

  it("the eSIM's top-ups a full refund takes with it are named, each with its amount in its own currency", async () => {
    server.use(
      admin(),
      trpcMsw.admin.orders.get.query(() => makeOrderDetail()),
      trpcMsw.admin.orders.refundQuote.query(({ input }) =>
        refundQuote(input.orderId, {
          topUps: [
            { orderId: 'ORD-20261125-TOPA', currency: 'USD', grossMinor: 500, refundMinor: 500, cashDeductedMinor: 0 },
            { orderId: 'ORD-20261125-TOPB', currency: 'EUR', grossMinor: 450, refundMinor: 450, cashDeductedMinor: 0 },
          ],
        }),
      ),
    );
    await renderAdminApp('/admin/orders/ORD-20261124-AAAA');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order ORD-20261124-AAAA?' });
    const line = await within(dialog).findByTestId('admin-refund-top-ups');
    expect(line.textContent).toBe('Top-ups refunded with it: ORD-20261125-TOPA $5.00, ORD-20261125-TOPB €4.50.');
  });

  it('a partial (goodwill) refund: an amount up to what remains and a reason; the quote says what is kept for points already used', async () => {
    const sent: unknown[] = [];
    const asked: unknown[] = [];
    server.use(
      admin(),
      trpcMsw.admin.orders.get.query(() => makeOrderDetail()),
      trpcMsw.admin.orders.refundQuote.query(({ input }) => {
        asked.push(input);
        const gross = input.amountMinor ?? 1_799;
        return refundQuote(input.orderId, {
          grossMinor: gross,
          full: gross === 1_799,
          refundMinor: gross - 12,
          cashDeductedMinor: 12,
          pointsInCash: 12,
        });
      }),
      trpcMsw.admin.orders.refund.mutation(({ input }) => {
        sent.push(input);
        return {
          outcome: 'done' as const,
          message: 'Refunded 5.00 USD of the order; it stays fulfilled and its eSIM keeps working; the customer is e-mailed.',
          order: makeOrderDetail({
            refunded: { minor: 488, currency: 'USD' },
            refundable: { minor: 1_299, currency: 'USD' },
            refunds: [
              {
                seq: 1,
                full: false,
                state: 'done',
                actor: 'owner',
                reason: 'Slow data in Osaka',
                amount: { minor: 488, currency: 'USD' },
                cashDeducted: { minor: 12, currency: 'USD' },
                pointsTaken: 0,
                pointsSettledInCash: 12,
                pointsUnsettled: 0,
                pointsReturned: 0,
                providerRefundId: 're_1',
                createdAt: '2026-11-24T10:00:00.000Z',
                completedAt: '2026-11-24T10:00:00.000Z',
              },
            ],
          }),
        };
      }),
    );
    await renderAdminApp('/admin/orders/ORD-20261124-AAAA');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order ORD-20261124-AAAA?' });
    await u.click(within(dialog).getByRole('radio', { name: /A part of it/ }));
    await u.type(within(dialog).getByRole('textbox', { name: 'Amount (USD)' }), '5');
    const confirm = within(dialog).getByRole('button', { name: /^Refund \$/ }) as HTMLButtonElement;
    // Without a reason a part cannot be refunded.
    await waitFor(() => expect(within(dialog).getByTestId('admin-refund-quote').textContent).toContain('We will refund $4.88.'));
    expect(confirm.disabled).toBe(true);
    expect(within(dialog).getByTestId('admin-refund-quote').textContent).toContain(
      '$0.12 is kept for the 12 points this order earned that the buyer has already used.',
    );
    await u.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Slow data in Osaka');
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await u.click(within(dialog).getByRole('button', { name: 'Refund $4.88' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { orderId: 'ORD-20261124-AAAA', amountMinor: 500, reason: 'Slow data in Osaka', expectedCashDeductedMinor: 12 },
      ]),
    );
    expect(asked).toContainEqual({ orderId: 'ORD-20261124-AAAA', amountMinor: 500 });
    const list = await screen.findByTestId('refund-list');
    expect(within(list).getByText('Slow data in Osaka')).toBeTruthy();
    expect(within(list).getByText('Still refundable: $12.99')).toBeTruthy();
  });

  it("says 'Already done' for a repeated action and shows a refused one in words", async () => {
    const all = { refund: true, resendEmail: true, retryProvisioning: true };
    server.use(
      admin(),
      trpcMsw.admin.orders.get.query(() => makeOrderDetail({ actions: all })),
      trpcMsw.admin.orders.resendEmail.mutation(() => ({
        outcome: 'already' as const,
        message: 'An eSIM e-mail for this order is waiting to be sent already.',
        order: makeOrderDetail({ actions: all }),
      })),
      trpcMsw.admin.orders.retryProvisioning.mutation(() => {
        throw trpcError('CONFLICT', 'A refund of this order is under way, so it is not provisioned.', {
          appError: { code: 'CONFLICT', details: { reason: 'refund_pending' } },
        });
      }),
    );
    await renderAdminApp('/admin/orders/ORD-20261124-AAAA');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Resend eSIM e-mail' }));
    const result = screen.getByRole('status', { name: 'Result of the last action' });
    await waitFor(() => expect(within(result).getByText('Already done')).toBeTruthy());
    await u.click(screen.getByRole('button', { name: 'Retry provisioning' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('A refund of this order is under way, so it is not provisioned.')).toBeTruthy();
    expect(within(result).queryByText('Already done')).toBeNull();
  });

  it('says so when no order has the number', async () => {
    server.use(
      admin(),
      trpcMsw.admin.orders.get.query(() => {
        throw trpcError('NOT_FOUND', 'No order has the number ORD-NOPE.', { appError: { code: 'NOT_FOUND', details: null } });
      }),
    );
    await renderAdminApp('/admin/orders/ORD-NOPE');
    expect(within(await screen.findByRole('alert')).getByText('No order has the number ORD-NOPE.')).toBeTruthy();
  });
});
