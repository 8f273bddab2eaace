// admin.dashboard.summary: revenue per currency and in USD (what was paid: points excluded) for
// orders paid in the window, refunds by the day they happened, new accounts, the work waiting now,
// one entry per UTC day (zeros included) and the top destinations; today / 7 / 30 UTC days.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dashboardWindow } from '../src/domain/admin-orders.ts';
import { addFrancePlan, adminRigA, buy, type OrdersRig } from './admin-helpers-a.ts';
import type { Browser } from './orders/rig.ts';

const DAY = 86_400_000;

let rig: OrdersRig;
let admin: Browser;
let customer: Browser;

beforeEach(async () => {
  ({ rig, admin, customer } = await adminRigA());
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

describe('dashboard', () => {
  it('sums the windows from what is stored', async () => {
    const france = await addFrancePlan(rig);
    // 2026-03-01 (T0): A, 4.50 USD, refunded on 03-08.
    const a = await buy(rig, customer, { planId: rig.plans.japan1.id });
    // 2026-03-06: B in EUR (19.99 USD → 18.59 EUR), and a French plan for a guest.
    rig.clock.advance(5 * DAY);
    await buy(rig, rig.browser({ currency: 'EUR' }), { planId: rig.plans.japan5.id, email: 'eu@mail.example' });
    const fr = await buy(rig, rig.browser(), { planId: france, email: 'fr@mail.example' });
    // 2026-03-08: C, partly paid with points (2.00 of 4.50), D stuck in provisioning, A refunded.
    rig.clock.advance(2 * DAY);
    const c = await buy(rig, customer, { planId: rig.plans.japan1.id });
    await rig.db.updateTable('orders').set({ points_used: 200, points_discount_minor: 200 }).where('public_id', '=', c.orderId).execute();
    rig.esim.failNext(1);
    await buy(rig, customer, { planId: rig.plans.japan1.id });
    await (await rig.browser().caller()).payments.createIntent({ planId: rig.plans.japan5.id, email: 'unpaid@mail.example' });
    const api = await admin.caller();
    await api.admin.orders.refund({ orderId: a.orderId });
    // And 1.00 of the French order back as goodwill (a partial refund: the order stays fulfilled).
    await api.admin.orders.refund({ orderId: fr.orderId, amountMinor: 100, reason: 'Goodwill' });
    await rig.settle();
    // One e-mail waiting, one failed for good.
    const mails = await rig.db.selectFrom('email_outbox').select('id').where('kind', '=', 'esim_delivery').orderBy('id').execute();
    await rig.db.updateTable('email_outbox').set({ status: 'pending' }).where('id', '=', mails[1]!.id).execute();
    await rig.db.updateTable('email_outbox').set({ status: 'failed' }).where('id', '=', mails[2]!.id).execute();

    const waiting = { provisioning: 1, provisioningFailed: 1, emails: 1, emailsFailed: 1 };
    const today = await api.admin.dashboard.summary({ range: 'today' });
    expect(today).toEqual({
      range: 'today',
      from: '2026-03-08T00:00:00.000Z',
      to: '2026-03-09T00:00:00.000Z',
      revenue: [{ minor: 700, currency: 'USD' }],
      revenueUsdMinor: 700,
      netRevenueUsdMinor: 700 - 450 - 100,
      paidOrders: 2,
      refunds: { count: 2, usdMinor: 450 + 100 },
      newAccounts: 0,
      waiting,
      daily: [{ day: '2026-03-08', usdMinor: 700, orders: 2 }],
      topDestinations: [{ regionCode: 'JP', name: 'Japan', orders: 2, usdMinor: 700 }],
    });

    const week = await api.admin.dashboard.summary({ range: '7d' });
    expect(week).toMatchObject({
      from: '2026-03-02T00:00:00.000Z',
      to: '2026-03-09T00:00:00.000Z',
      revenue: [
        { minor: 1859, currency: 'EUR' },
        { minor: 1200, currency: 'USD' },
      ],
      revenueUsdMinor: 1999 + 500 + 250 + 450,
      netRevenueUsdMinor: 1999 + 500 + 250 + 450 - 450 - 100,
      paidOrders: 4,
      refunds: { count: 2, usdMinor: 450 + 100 },
      newAccounts: 0,
      waiting,
      topDestinations: [
        { regionCode: 'JP', name: 'Japan', orders: 3, usdMinor: 2699 },
        { regionCode: 'FR', name: 'France', orders: 1, usdMinor: 500 },
      ],
    });
    expect(week.daily).toEqual([
      { day: '2026-03-02', usdMinor: 0, orders: 0 },
      { day: '2026-03-03', usdMinor: 0, orders: 0 },
      { day: '2026-03-04', usdMinor: 0, orders: 0 },
      { day: '2026-03-05', usdMinor: 0, orders: 0 },
      { day: '2026-03-06', usdMinor: 2499, orders: 2 },
      { day: '2026-03-07', usdMinor: 0, orders: 0 },
      { day: '2026-03-08', usdMinor: 700, orders: 2 },
    ]);

    const month = await api.admin.dashboard.summary({ range: '30d' });
    expect(month).toMatchObject({
      from: '2026-02-07T00:00:00.000Z',
      revenue: [
        { minor: 1859, currency: 'EUR' },
        { minor: 1650, currency: 'USD' },
      ],
      revenueUsdMinor: 3649,
      paidOrders: 5,
      newAccounts: 2,
    });
    expect(month.daily).toHaveLength(30);
    expect(month.daily.find((d) => d.day === '2026-03-01')).toEqual({ day: '2026-03-01', usdMinor: 450, orders: 1 });
    expect(month.daily.reduce((n, d) => n + d.usdMinor, 0)).toBe(month.revenueUsdMinor);

    await expect(api.admin.dashboard.summary({ range: '1y' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await api.admin.dashboard.summary({})).range).toBe('7d');
  });
});

describe('dashboardWindow', () => {
  it.each([
    ['today', '2026-03-08T23:59:59.999Z', '2026-03-08T00:00:00.000Z', '2026-03-09T00:00:00.000Z', 1],
    ['today', '2026-03-08T00:00:00.000Z', '2026-03-08T00:00:00.000Z', '2026-03-09T00:00:00.000Z', 1],
    ['7d', '2026-03-01T12:00:00.000Z', '2026-02-23T00:00:00.000Z', '2026-03-02T00:00:00.000Z', 7],
    ['30d', '2026-03-31T01:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-04-01T00:00:00.000Z', 30],
  ] as const)('%s at %s → [%s, %s), %i days', (range, now, from, to, count) => {
    const w = dashboardWindow(range, new Date(now));
    expect(w.from).toBe(from);
    expect(w.to).toBe(to);
    expect(w.days).toHaveLength(count);
    expect(w.days[0]).toBe(from.slice(0, 10));
    expect(w.days.at(-1)).toBe(now.slice(0, 10));
  });
});
