// admin.dashboard.summary: today / the last 7 / 30 UTC days (today included), from the orders,
// the accounts and the outbox. Revenue is what buyers paid (the total less what points paid) for
// orders paid in the window, whatever became of them since (gross); refunds — full, partial and
// goodwill, one per refunds row — count by the day they were made, and the net revenue is the gross
// less them.
// The sums run in SQL (no index of paid_at: a scan, fine at a small shop's size).
import { sql } from 'kysely';
import type { Db } from '@esim/db';
import { dashboardWindow, type DashboardRange } from '../../domain/admin-orders.ts';
import type { Services } from '../types.ts';
import type { DashboardView } from './views.ts';

/** An order's USD value scaled to what the card paid (points excluded), rounded half up per order. */
const PAID_USD = sql<number>`case when total_amount_minor > 0 then (usd_amount_minor * (total_amount_minor - points_discount_minor) * 2 + total_amount_minor) / (2 * total_amount_minor) else 0 end`;
/** The same for what a refund returned to the card (refunds as r joined to orders as o). */
const REFUND_USD = sql<number>`case when o.total_amount_minor > 0 then (o.usd_amount_minor * r.amount_minor * 2 + o.total_amount_minor) / (2 * o.total_amount_minor) else 0 end`;
/** An order refunded before refunds were rows: its amount refunded. */
const REFUNDED_USD = sql<number>`case when total_amount_minor > 0 then (usd_amount_minor * amount_refunded_minor * 2 + total_amount_minor) / (2 * total_amount_minor) else 0 end`;

const n = (v: unknown): number => Number(v ?? 0);

export async function getDashboard(db: Db, services: Services, range: DashboardRange): Promise<DashboardView> {
  const { from, to, days } = dashboardWindow(range, services.now());
  const paidIn = db.selectFrom('orders').where('paid_at', '>=', from).where('paid_at', '<', to);

  const [revenue, daily, refunds, oldRefunds, accounts, waiting, emails, top] = await Promise.all([
    paidIn
      .select((eb) => [
        'currency',
        sql<number>`sum(total_amount_minor - points_discount_minor)`.as('minor'),
        sql<number>`sum(${PAID_USD})`.as('usd'),
        eb.fn.countAll<number>().as('orders'),
      ])
      .groupBy('currency')
      .execute(),
    paidIn
      .select((eb) => [
        sql<string>`substr(paid_at, 1, 10)`.as('day'),
        sql<number>`sum(${PAID_USD})`.as('usd'),
        eb.fn.countAll<number>().as('orders'),
      ])
      .groupBy(sql`substr(paid_at, 1, 10)`)
      .execute(),
    db
      .selectFrom('refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select((eb) => [eb.fn.countAll<number>().as('count'), sql<number>`sum(${REFUND_USD})`.as('usd')])
      .where('r.state', '=', 'done')
      .where('r.completed_at', '>=', from)
      .where('r.completed_at', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('count'), sql<number>`sum(${REFUNDED_USD})`.as('usd')])
      .where('refunded_at', '>=', from)
      .where('refunded_at', '<', to)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('refunds').select('refunds.id').whereRef('refunds.order_id', '=', 'orders.id'))))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      // Literal statuses: the partial index of orders waiting for provisioning.
      .where(sql<boolean>`status in ('paid', 'provisioning')`)
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        sql<number>`sum(case when last_error is not null then 1 else 0 end)`.as('failed'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('email_outbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', 'in', ['pending', 'failed'])
      .groupBy('status')
      .execute(),
    paidIn
      .innerJoin('plans as p', 'p.id', 'orders.plan_id')
      .innerJoin('regions as r', 'r.id', 'p.region_id')
      .select((eb) => ['r.code', 'r.name', eb.fn.countAll<number>().as('orders'), sql<number>`sum(${PAID_USD})`.as('usd')])
      .groupBy(['r.code', 'r.name'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`sum(${PAID_USD})`, 'desc')
      .orderBy('r.code')
      .limit(5)
      .execute(),
  ]);

  const perDay = new Map(daily.map((d) => [d.day, d]));
  const gross = revenue.reduce((sum, r) => sum + n(r.usd), 0);
  const refundedUsd = n(refunds.usd) + n(oldRefunds.usd);
  const emailCount = (status: string) => n(emails.find((e) => e.status === status)?.count);
  return {
    range,
    from,
    to,
    revenue: revenue
      .map((r) => ({ minor: n(r.minor), currency: r.currency }))
      .filter((r) => r.minor > 0)
      .sort((a, b) => b.minor - a.minor || a.currency.localeCompare(b.currency)),
    revenueUsdMinor: gross,
    netRevenueUsdMinor: gross - refundedUsd,
    paidOrders: revenue.reduce((sum, r) => sum + n(r.orders), 0),
    refunds: { count: n(refunds.count) + n(oldRefunds.count), usdMinor: refundedUsd },
    newAccounts: n(accounts.count),
    waiting: {
      provisioning: n(waiting.count),
      provisioningFailed: n(waiting.failed),
      emails: emailCount('pending'),
      emailsFailed: emailCount('failed'),
    },
    daily: days.map((day) => ({ day, usdMinor: n(perDay.get(day)?.usd), orders: n(perDay.get(day)?.orders) })),
    topDestinations: top.map((t) => ({ regionCode: t.code, name: t.name, orders: n(t.orders), usdMinor: n(t.usd) })),
  };
}
