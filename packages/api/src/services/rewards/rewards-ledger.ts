// The points ledger: the only source of truth for points. Every change is one row under a unique
// key, inserted with ON CONFLICT DO NOTHING, so an event reported twice (or by two requests at
// once) counts once. Balances, lifetime points and levels are sums over a user's rows.
//
// Keys (one per event):
//   purchase:order:<orderId>      + points for the card-paid part, in the step that marks it paid
//   redemption:order:<orderId>    − points reserved (spent) at checkout
//   release:order:<orderId>       + the same points back when the order is canceled, expires or is refunded
//   redemption:order:<orderId>:again  − taken again if such an order is paid after all (at most the balance)
//   refund:order:<orderId>, refund:order:<orderId>:<minor>  − (before refunds were rows) a clawback
//   check_in:<checkInId>          + a rewarded check-in
//   achievement:<userId>:<achievementId>  + an achievement's points, once
//   adjustment:<uuid>             ± a person's correction
//
//   refund:order:<orderId>:r<seq>  − the purchase points a refund (refunds row <seq>) takes back
//   achievement:<userId>:<achievementId>:revoked:<n>  − an achievement a refund ended
//
// Points never go negative: spending checks the balance under a per-user lock (SQLite: the write
// transaction's lock; PostgreSQL: the user's row, FOR UPDATE). A refund takes back what the order
// earned in full (planPointsTakeBack): what the balance holds is taken, and points already spent
// are settled in cash — their value is kept from the refund, and the traveller is told before. A
// refund of an eSIM that takes its top-ups with it plans them as one group (planPointsTakeBack over
// several orders): one balance, one set of achievements ended, the cash spread over the group's
// refunds. Only a refund made outside the shop (at the payment service, the money gone already)
// cannot do that: the balance gives what it has and the rest is recorded on the refunds row as
// points_unsettled, never dropped silently.
import { Statement, type Db } from '@esim/db';
import type { PointsSource } from '@esim/db';
import { LIFETIME_SOURCES, POINT_VALUE, redeemPoints } from '../../domain/rewards.ts';
import { MINOR_DIGITS, convertMinor, minorDigits } from '../../domain/money.ts';
import type { Redemption } from '../../domain/rewards.ts';
import { isSqlite } from '../shared/db-tx.ts';

export const ledgerKeys = {
  purchase: (orderId: number) => `purchase:order:${orderId}`,
  redemption: (orderId: number) => `redemption:order:${orderId}`,
  release: (orderId: number) => `release:order:${orderId}`,
  /** The reserved points taken again: the order was paid after they had been released. */
  retake: (orderId: number) => `redemption:order:${orderId}:again`,
  refund: (orderId: number) => `refund:order:${orderId}`,
  partialRefund: (orderId: number, refundedMinor: number) => `refund:order:${orderId}:${refundedMinor}`,
  /** The purchase points refund number <seq> of the order took back. */
  refundTakeBack: (orderId: number, seq: number) => `refund:order:${orderId}:r${seq}`,
  achievementRevoked: (userId: number, achievementId: number, n: number) => `achievement:${userId}:${achievementId}:revoked:${n}`,
  achievementAgain: (userId: number, achievementId: number, n: number) => `achievement:${userId}:${achievementId}:again:${n}`,
  checkIn: (checkInId: number) => `check_in:${checkInId}`,
  achievement: (userId: number, achievementId: number) => `achievement:${userId}:${achievementId}`,
};

const INSERT_LEDGER_ROW = new Statement<{ id: number }>(
  'insert into "points_ledger" ("user_id", "source", "amount", "description", "unique_key", "order_id", "created_at") ' +
    'values (?, ?, ?, ?, ?, ?, ?) on conflict ("unique_key") do nothing returning "id"',
);

export interface LedgerRow {
  userId: number;
  source: PointsSource;
  /** Signed, never 0. */
  amount: number;
  description: string | null;
  key: string;
  orderId?: number | null | undefined;
  now: string;
}

/** Inserts the row unless its key is taken. True when this call inserted it. */
export async function addLedgerRow(db: Db, row: LedgerRow): Promise<boolean> {
  if (row.amount === 0) return false;
  const inserted = await INSERT_LEDGER_ROW.first(db, [
    row.userId,
    row.source,
    row.amount,
    row.description,
    row.key,
    row.orderId ?? null,
    row.now,
  ]);
  return inserted !== undefined;
}

const LIFETIME_SQL = LIFETIME_SOURCES.map((s) => `'${s}'`).join(', ');

export interface PointsTotals {
  /** Sum of every row: what can be spent now. */
  balance: number;
  /** Lifetime points earned (decides the level). */
  lifetime: number;
}

const TOTALS = new Statement<{ balance: number | string | null; lifetime: number | string | null }>(
  `select coalesce(sum("amount"), 0) as "balance", ` +
    `coalesce(sum(case when "source" in (${LIFETIME_SQL}) then "amount" else 0 end), 0) as "lifetime" ` +
    'from "points_ledger" where "user_id" = ?',
);

export async function pointsTotals(db: Db, userId: number): Promise<PointsTotals> {
  const row = await TOTALS.first(db, [userId]);
  return { balance: Number(row?.balance ?? 0), lifetime: Number(row?.lifetime ?? 0) };
}

/**
 * Serializes point-spending for one user inside a write transaction. SQLite: BEGIN IMMEDIATE has
 * taken the database's write lock already. PostgreSQL: lock the user's row until commit with FOR NO
 * KEY UPDATE, which waits for another holder of the same lock but not for the KEY SHARE locks that
 * inserts referencing the user (orders, ledger rows) take — FOR UPDATE would deadlock two
 * transactions that each inserted such a row first.
 */
export async function lockUserPoints(trx: Db, userId: number): Promise<void> {
  if (isSqlite(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

// ── purchases ─────────────────────────────────────────────────────────────────────────────

/**
 * The purchase credit, as one statement for the fulfilment claim's transaction: 5 points per USD of
 * the card-paid part (the order's USD price minus the points used, in US cents), times the
 * multiplier of the level the buyer holds before this order, rounded down — the same integer
 * arithmetic as domain/rewards.ts purchasePoints(). No row when that comes to 0.
 */
const CREDIT_PURCHASE = new Statement<{ id: number }>(
  'insert into "points_ledger" ("user_id", "source", "amount", "description", "unique_key", "order_id", "created_at") ' +
    `select ?, 'purchase', "points", ?, ?, ?, ? from (select (cast(? as integer) * coalesce((` +
    'select "multiplier_percent" from "traveler_levels" where "points_required" <= (' +
    `select coalesce(sum("amount"), 0) from "points_ledger" where "user_id" = ? and "source" in (${LIFETIME_SQL})` +
    ') order by "points_required" desc limit 1), 100)) / 10000 as "points") as "credit" where "points" > 0 ' +
    'on conflict ("unique_key") do nothing returning "id"',
);

export interface PaidOrderFacts {
  id: number;
  user_id: number | null;
  public_id: string;
  plan_name: string;
  usd_amount_minor: number;
  points_used: number;
}

/** Credits the purchase points of a just-paid order (signed-in buyers only). True when credited now. */
export async function creditPurchasePoints(trx: Db, order: PaidOrderFacts, now: string): Promise<boolean> {
  if (order.user_id === null) return false;
  const usdByCard = order.usd_amount_minor - order.points_used;
  if (usdByCard <= 0) return false;
  const row = await CREDIT_PURCHASE.first(trx, [
    order.user_id,
    `Purchase: ${order.plan_name} (${order.public_id})`.slice(0, 200),
    ledgerKeys.purchase(order.id),
    order.id,
    now,
    usdByCard * 5,
    order.user_id,
  ]);
  return row !== undefined;
}

/**
 * Everything points need when an order is marked paid, inside the claim's transaction: the purchase
 * credit, and — for an order paid after its reserved points were given back (it expired, then its
 * payment succeeded after all) — those points taken again, at most the balance. A guest's order
 * (no user) costs nothing here.
 */
export async function settlePointsOnPaid(trx: Db, order: PaidOrderFacts, now: string): Promise<void> {
  if (order.user_id === null) return;
  if (order.points_used > 0) await retakeReleasedPoints(trx, { ...order, user_id: order.user_id }, now);
  await creditPurchasePoints(trx, order, now);
}

const LEDGER_AMOUNT_BY_KEY = new Statement<{ amount: number }>('select "amount" from "points_ledger" where "unique_key" = ?');

async function retakeReleasedPoints(trx: Db, order: PaidOrderFacts & { user_id: number }, now: string): Promise<void> {
  const released = await LEDGER_AMOUNT_BY_KEY.first(trx, [ledgerKeys.release(order.id)]);
  if (!released || released.amount <= 0) return;
  await lockUserPoints(trx, order.user_id);
  const { balance } = await pointsTotals(trx, order.user_id);
  await addLedgerRow(trx, {
    userId: order.user_id,
    source: 'redemption',
    amount: -Math.min(released.amount, Math.max(0, balance)),
    description: `Points used on ${order.public_id}`,
    key: ledgerKeys.retake(order.id),
    orderId: order.id,
    now,
  });
}

// ── spending at checkout ──────────────────────────────────────────────────────────────────

export interface OrderToPay {
  id: number;
  public_id: string;
  usdMinor: number;
  totalMinor: number;
  rateMicros: number;
  /** The order's currency (its minor unit); a 2-decimal one when left out. */
  currency?: string;
}

/**
 * Inside the checkout's write transaction, right after the order row: takes what the user's points
 * can pay (domain/rewards.ts redeemPoints), stores it on the order and records the redemption.
 */
const SET_ORDER_POINTS = new Statement('update "orders" set "points_used" = ?, "points_discount_minor" = ? where "id" = ?');

export async function reservePoints(trx: Db, userId: number, order: OrderToPay, now: string): Promise<Redemption> {
  await lockUserPoints(trx, userId);
  await releaseStaleReservations(trx, userId, now);
  const { balance } = await pointsTotals(trx, userId);
  const r = redeemPoints({
    available: balance,
    usdMinor: order.usdMinor,
    totalMinor: order.totalMinor,
    rateMicros: order.rateMicros,
    currency: order.currency,
  });
  if (r.pointsUsed <= 0) return r;
  await SET_ORDER_POINTS.execute(trx, [r.pointsUsed, r.discountMinor, order.id]);
  await addLedgerRow(trx, {
    userId,
    source: 'redemption',
    amount: -r.pointsUsed,
    description: `Points used on ${order.public_id}`,
    key: ledgerKeys.redemption(order.id),
    orderId: order.id,
    now,
  });
  return r;
}

/** Orders whose reserved (or spent) points come back: never to be paid, or refunded. */
const RELEASABLE_STATES = ['canceled', 'expired', 'refunded'] as const;

/**
 * The user's orders with points reserved, over (RELEASABLE_STATES), and no release row yet. The
 * first three terms are the partial index orders_points_to_release_idx's: keep them as they are.
 */
const STALE_RESERVATIONS = new Statement<{ id: number }>(
  'select "o"."id" from "orders" as "o" where "o"."user_id" = ? and "o"."points_used" > 0 ' +
    `and "o"."status" in (${RELEASABLE_STATES.map((s) => `'${s}'`).join(', ')}) ` +
    'and not exists (select "l"."id" from "points_ledger" as "l" where "l"."user_id" = ? and "l"."order_id" = "o"."id" and "l"."source" = \'release\')',
);

/**
 * Gives back the points an order reserved or spent, once (key release:order:<id>). Only for an order
 * that will never be paid or was refunded (status canceled, expired or refunded): call it after
 * setting that status, in the same transaction where there is one. Returns the points given back now.
 */
export async function releaseReservedPoints(db: Db, orderId: number, now: string = new Date().toISOString()): Promise<number> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('points_ledger as l', (j) => j.onRef('l.order_id', '=', 'o.id').on('l.unique_key', '=', ledgerKeys.redemption(orderId)))
    .select(['o.status', 'o.public_id', 'l.user_id', 'l.amount'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row || row.amount >= 0 || !(RELEASABLE_STATES as readonly string[]).includes(row.status)) return 0;
  const points = -row.amount;
  const inserted = await addLedgerRow(db, {
    userId: row.user_id,
    source: 'release',
    amount: points,
    description: `Points returned from ${row.public_id}`,
    key: ledgerKeys.release(orderId),
    orderId,
    now,
  });
  return inserted ? points : 0;
}

/**
 * Gives back the points of the user's orders that were canceled, expired or refunded but whose
 * release is missing (a crash between the status change and the release, or a path that changed
 * the status without calling releaseReservedPoints). Run before the balance is read for spending
 * and when the rewards page reads it. Returns the points given back now.
 */
export async function releaseStaleReservations(db: Db, userId: number, now: string): Promise<number> {
  const stale = (await STALE_RESERVATIONS.execute(db, [userId, userId])).rows;
  let released = 0;
  for (const o of stale) released += await releaseReservedPoints(db, o.id, now);
  return released;
}

// ── refunds: the take-back, decided before the payment is refunded ─────────────────────────

/** The cash value of `points` in the order's currency (the rate the checkout used for points). */
export function pointsCashMinor(points: number, rateMicros: number, currency = 'USD'): number {
  if (points <= 0) return 0;
  return convertMinor((points * POINT_VALUE.usdMinor) / POINT_VALUE.points, rateMicros, currency);
}

export interface LostAchievement {
  id: number;
  /** Its stable key (the web translates the name by it: rewards:catalog.achievements.<key>.name). */
  key: string;
  name: string;
  points: number;
  /** Its progress once the order no longer counts. */
  progress: number;
}

/** One order's part of a refund's take-back (an order, or an eSIM's order and each top-up its refund covers). */
export interface PartTakeBack {
  orderId: number;
  /** This order's purchase points owed back for this refund's share of it (all of them in full). */
  purchasePoints: number;
  /** Of the group's points already spent: settled by the cash kept from this order's refund… */
  pointsInCash: number;
  /** …this much (minor units of this order's currency), at most its share of the refund. */
  cashMinor: number;
}

export interface PointsTakeBack {
  userId: number | null;
  /** The orders the refund covers, the refunded order first. */
  parts: PartTakeBack[];
  /** Achievements the refund ends (a full refund), their points owed back too. */
  achievements: LostAchievement[];
  /** Of all that is owed: taken from the balance now. */
  pointsTaken: number;
  /** Of all that is owed: already spent, so settled in cash (Σ of the parts' pointsInCash + uncovered). */
  pointsInCash: number;
  /** Of those: more than the refund's amounts can cover (the refund is refused, or records them). */
  uncovered: number;
}

export interface RefundShare {
  /** The share of the card payment this refund settles. */
  grossMinor: number;
  /** The share earlier refunds of the order settled. */
  grossBeforeMinor: number;
  /** What the card paid for the order. */
  paidMinor: number;
}

export interface TakeBackPart {
  order: { id: number; rate_micros: number; currency?: string };
  share: RefundShare;
}

/** The purchase points of the order (0 for none: a guest, points only, or too small). */
export async function purchasePointsEarned(db: Db, orderId: number): Promise<number> {
  const row = await LEDGER_AMOUNT_BY_KEY.first(db, [ledgerKeys.purchase(orderId)]);
  return row && row.amount > 0 ? row.amount : 0;
}

/** The most points whose cash value (pointsCashMinor) fits in `minor` at `rateMicros`. */
export function pointsWithin(minor: number, rateMicros: number, currency = 'USD'): number {
  if (minor <= 0 || rateMicros <= 0) return 0;
  // The estimate in the currency's own minor unit (a yen is a whole unit: 100× a cent's worth).
  const scale = 10 ** (MINOR_DIGITS - minorDigits(currency));
  let p = Math.floor((minor * scale * POINT_VALUE.points * 1_000_000) / (POINT_VALUE.usdMinor * rateMicros));
  while (p > 0 && pointsCashMinor(p, rateMicros, currency) > minor) p--;
  while (pointsCashMinor(p + 1, rateMicros, currency) <= minor) p++;
  return p;
}

/**
 * What a refund takes back, over every order it covers (the refunded order, and the top-ups a full
 * refund of an eSIM's order takes with it — settled as one group): for each order the same share
 * of its purchase points as the refund is of its card payment (floor(earned × refunded so far /
 * paid), less what earlier refunds took), plus the points of `lost` achievements; from the balance
 * as far as it goes (read once, before the points spent on those orders come back), the rest in
 * cash — kept from the refund of the first order, then of each top-up, each at most its own amount
 * and at its own rate. What no amount covers is `uncovered`. Reads only: the quote shows it,
 * applyPointsTakeBack writes it.
 */
export async function planPointsTakeBack(
  db: Db,
  userId: number | null,
  parts: readonly TakeBackPart[],
  lost: readonly LostAchievement[],
): Promise<PointsTakeBack> {
  if (userId === null) {
    return {
      userId: null,
      parts: parts.map((p) => ({ orderId: p.order.id, purchasePoints: 0, pointsInCash: 0, cashMinor: 0 })),
      achievements: [],
      pointsTaken: 0,
      pointsInCash: 0,
      uncovered: 0,
    };
  }
  const planned: PartTakeBack[] = [];
  for (const { order, share } of parts) {
    const earned = await purchasePointsEarned(db, order.id);
    const upTo = (minor: number) => (share.paidMinor > 0 ? Math.floor((earned * Math.min(minor, share.paidMinor)) / share.paidMinor) : 0);
    const purchasePoints = Math.max(0, upTo(share.grossBeforeMinor + share.grossMinor) - upTo(share.grossBeforeMinor));
    planned.push({ orderId: order.id, purchasePoints, pointsInCash: 0, cashMinor: 0 });
  }
  const owed = planned.reduce((n, p) => n + p.purchasePoints, 0) + lost.reduce((n, a) => n + a.points, 0);
  const { balance } = await pointsTotals(db, userId);
  const pointsTaken = Math.min(owed, Math.max(0, balance));
  const pointsInCash = owed - pointsTaken;
  let left = pointsInCash;
  parts.forEach(({ order, share }, i) => {
    const n = Math.min(left, pointsWithin(share.grossMinor, order.rate_micros, order.currency));
    left -= n;
    planned[i]!.pointsInCash = n;
    planned[i]!.cashMinor = pointsCashMinor(n, order.rate_micros, order.currency);
  });
  return { userId, parts: planned, achievements: [...lost], pointsTaken, pointsInCash, uncovered: left };
}

/** What applyPointsTakeBack took from the balance, per order (the lost achievements' under the first). */
export type PointsTakenByOrder = Map<number, number>;

/**
 * Writes a planned take-back in the refund's transaction (the user's points locked, the plan made
 * under that lock): each order's purchase points as one 'refund' row (key refund:order:<id>:r<seq>
 * with the seq of that order's refunds row), each lost achievement revoked (its row no longer
 * completed) with an 'achievement' row of minus its points under the first order — each as far as
 * the balance goes, in that order; what is left was settled in cash (the parts' cashMinor).
 */
export async function applyPointsTakeBack(
  trx: Db,
  plan: PointsTakeBack,
  orders: ReadonlyMap<number, { public_id: string; seq: number }>,
  now: string,
): Promise<PointsTakenByOrder> {
  const taken: PointsTakenByOrder = new Map(plan.parts.map((p) => [p.orderId, 0]));
  if (plan.userId === null || plan.parts.length === 0) return taken;
  const userId = plan.userId;
  let left = plan.pointsTaken;
  const take = (orderId: number, owed: number) => {
    const n = Math.min(owed, left);
    left -= n;
    taken.set(orderId, (taken.get(orderId) ?? 0) + n);
    return n;
  };
  for (const part of plan.parts) {
    const o = orders.get(part.orderId)!;
    await addLedgerRow(trx, {
      userId,
      source: 'refund',
      amount: -take(part.orderId, part.purchasePoints),
      description: `Refund of ${o.public_id}`,
      key: ledgerKeys.refundTakeBack(part.orderId, o.seq),
      orderId: part.orderId,
      now,
    });
  }
  const firstId = plan.parts[0]!.orderId;
  const first = orders.get(firstId)!;
  for (const a of plan.achievements) {
    const revoked = await trx
      .updateTable('user_achievements')
      .set({ completed_at: null, progress: a.progress, updated_at: now })
      .where('user_id', '=', userId)
      .where('achievement_id', '=', a.id)
      .where('completed_at', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!revoked) continue;
    const n = await achievementRowCount(trx, userId, a.id, 'revoked');
    // Wholly settled in cash: no row (a ledger row is never 0); the grant count still says it is gone.
    await addLedgerRow(trx, {
      userId,
      source: 'achievement',
      amount: -take(firstId, a.points),
      description: `Achievement ended by the refund of ${first.public_id}: ${a.name}`.slice(0, 200),
      key: ledgerKeys.achievementRevoked(userId, a.id, n + 1),
      orderId: firstId,
      now,
    });
  }
  return taken;
}

/**
 * The user's ledger rows of one achievement: 'granted' (its points, positive) or 'revoked' (taken
 * back by refunds). A grant after a revocation gets the key achievement:<u>:<a>:again:<n>.
 */
export async function achievementRowCount(db: Db, userId: number, achievementId: number, kind: 'granted' | 'revoked'): Promise<number> {
  const base = ledgerKeys.achievement(userId, achievementId);
  const row = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('source', '=', 'achievement')
    .where((eb) => eb.or([eb('unique_key', '=', base), eb('unique_key', 'like', `${base}:%`)]))
    .where('amount', kind === 'granted' ? '>' : '<', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
