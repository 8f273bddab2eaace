// Referrals (issue 29): the referrer's code and page, the friend's discount at checkout, and the
// reward — credited by the worker's due-work pass once the friend's order is past the refund window
// and was not refunded, clawed back through the ledger if it is refunded later.
//
// Ledger rows (points_ledger, unique keys, so a reward counts once whatever runs twice):
//   referral:<referralId>            + the reward (source 'adjustment'; less any unsettled clawback it pays)
//   referral:<referralId>:clawback   − what a later refund takes back (source 'refund'), at most the balance;
//                                      the rest is recorded as referrals.clawback_unsettled and paid from
//                                      the referrer's next rewards first.
// So for every referrer: Σ referral rows − Σ clawback_unsettled = reward points × referrals credited
// and not refunded (the property test checks it).
import { randomBytes } from 'node:crypto';
import type { Db, ReferralStatus } from '@esim/db';
import {
  clawback,
  decideReferralAtCheckout,
  decideReferralCredit,
  friendProgress,
  monthOf,
  normalizeReferralCode,
  referralCodeFrom,
  referralDiscount,
  referralLink,
  referralRules,
  settleDebt,
  type FriendProgress,
  type ReferralReason,
  type ReferralRules,
  type TAdminReferralsInput,
  type TReferralPreviewInput,
} from '../../domain/referrals.ts';
import { normalizeEmail } from '../../domain/promotions.ts';
import { PAID_STATES } from '../../domain/orders.ts';
import { DAY_MS } from '../../domain/esim-life.ts';
import { iso } from '../../domain/time.ts';
import { AppError, errorText } from '../../errors.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { addLedgerRow, lockUserPoints, pointsTotals } from '../rewards/rewards-ledger.ts';
import type { Services } from '../types.ts';
import { prepareOrder, type CheckoutBuyer } from '../orders/order-intake.ts';
import { recordDeviceSighting } from '../accounts/sessions.ts';

export const referralKeys = {
  credit: (referralId: number) => `referral:${referralId}`,
  clawback: (referralId: number) => `referral:${referralId}:clawback`,
};

export function rulesOf(services: Services): ReferralRules {
  return referralRules(services.config.referrals);
}

const BOUGHT_STATES = [...PAID_STATES, 'refunded'] as const;

// ── the referrer's code ─────────────────────────────────────────────────────────────────────

/** The account's code, made on first use (a random 8-character code; a collision tries again). */
export async function ensureReferralCode(db: Db, services: Services, userId: number): Promise<string> {
  const existing = await db.selectFrom('referral_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
  if (existing) return existing.code;
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = referralCodeFrom(randomBytes(5));
    const taken = await db.selectFrom('referral_codes').select('user_id').where('code', '=', code).executeTakeFirst();
    if (taken) continue;
    await db
      .insertInto('referral_codes')
      .values({ user_id: userId, code, created_at: iso(services.now()) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await db.selectFrom('referral_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
    if (row) return row.code;
  }
  throw new Error('referral code: no free code after 5 attempts');
}

export interface MyReferrals {
  code: string;
  link: string;
  discountPercent: number;
  rewardPoints: number;
  /** The friends' orders, newest first: progress only, nothing about who they are. */
  friends: { id: number; progress: FriendProgress; at: string }[];
  invited: number;
  bought: number;
  rewarded: number;
  /** Points the referrals credited, net of clawbacks. */
  pointsEarned: number;
}

/** referrals.mine (a mutation: it makes the code on first use). */
export async function getMyReferrals(db: Db, services: Services, userId: number, deviceHash?: string): Promise<MyReferrals> {
  const code = await ensureReferralCode(db, services, userId);
  // Issue 29: the referrer uses this device (a session from before the device cookie counts too).
  if (deviceHash) await recordDeviceSighting(db, userId, deviceHash, iso(services.now()));
  const rules = rulesOf(services);
  const rows = await db
    .selectFrom('referrals as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.status', 'r.created_at', 'o.status as order_status'])
    .where('r.referrer_user_id', '=', userId)
    .where('r.status', '!=', 'refused')
    .orderBy('r.id', 'desc')
    .limit(100)
    .execute();
  const friends = rows.map((r) => ({ id: r.id, progress: friendProgress(r.status, r.order_status), at: r.created_at }));
  const earned = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
    .where('user_id', '=', userId)
    .where('unique_key', 'like', 'referral:%')
    .executeTakeFirst();
  const count = (p: FriendProgress) => friends.filter((f) => f.progress === p).length;
  return {
    code,
    link: referralLink(services.config.publicUrl, code),
    discountPercent: rules.discountPercent,
    rewardPoints: rules.rewardPoints,
    friends,
    invited: count('invited'),
    bought: count('bought'),
    rewarded: count('rewarded'),
    pointsEarned: Number(earned?.n ?? 0),
  };
}

// ── at checkout ─────────────────────────────────────────────────────────────────────────────

export interface ReferralQuote {
  referrerUserId: number;
  code: string;
  decision: { ok: true } | { ok: false; reason: ReferralReason };
  discountMinor: number;
  usdDiscountMinor: number;
}

/**
 * The link's code on a one-time order: the discount it gives, or why it gives none. Unknown code:
 * null (nothing recorded). Reads only; recordReferral writes the outcome with the order.
 */
export async function quoteReferral(
  db: Db,
  services: Services,
  codeText: string,
  order: { currency: string; totalMinor: number; usdMinor: number },
  buyer: { userId: number | null; email: string },
  hasPromoCode: boolean,
): Promise<ReferralQuote | null> {
  const code = normalizeReferralCode(codeText);
  if (code === null) return null;
  const referrer = await db
    .selectFrom('referral_codes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.id', 'u.email'])
    .where('c.code', '=', code)
    .executeTakeFirst();
  if (!referrer) return null;
  const decision = decideReferralAtCheckout({
    referrerUserId: referrer.id,
    referrerEmailNorm: normalizeEmail(referrer.email),
    buyerUserId: buyer.userId,
    buyerEmailNorm: normalizeEmail(buyer.email),
    buyerPaidOrders: await buyerPaidOrders(db, buyer),
    promoCode: hasPromoCode,
  });
  const price = decision.ok ? referralDiscount(order, rulesOf(services).discountPercent) : null;
  return {
    referrerUserId: referrer.id,
    code,
    decision,
    discountMinor: price?.discountMinor ?? 0,
    usdDiscountMinor: price?.usdDiscountMinor ?? 0,
  };
}

export interface ReferralPreview {
  code: string;
  discountPercent: number;
  currency: string;
  /** The order's price before the discount, what it takes off, and what is left (before any points). */
  listMinor: number;
  discountMinor: number;
  totalMinor: number;
  usdMinor: number;
}

/**
 * referrals.preview: the checkout's discount line for the link's code, with the checkout's own
 * price (prepareOrder) and rules, or the reason it does not apply (REFERRAL_REFUSED; an unknown
 * code: NOT_FOUND). Writes nothing but the client's request count. Without an e-mail yet (a guest
 * who has not typed it) the address rules are checked again at checkout.
 */
export async function previewReferral(
  db: Db,
  services: Services,
  input: TReferralPreviewInput,
  buyer: CheckoutBuyer,
): Promise<ReferralPreview> {
  const p = await prepareOrder(
    db,
    services,
    { planId: input.planId, currency: input.currency, email: input.email ?? buyer.user?.email ?? NO_EMAIL },
    buyer,
    'one_time',
  );
  const q = await quoteReferral(
    db,
    services,
    input.code,
    { currency: p.currency, totalMinor: p.totalMinor, usdMinor: p.usdMinor },
    { userId: buyer.user?.id ?? null, email: p.email },
    false,
  );
  if (!q) throw new AppError('NOT_FOUND', 'There is no such referral code.', { field: 'referralCode' });
  if (!q.decision.ok) throw referralRefused(q.decision.reason);
  return {
    code: q.code,
    discountPercent: rulesOf(services).discountPercent,
    currency: p.currency,
    listMinor: p.totalMinor,
    discountMinor: q.discountMinor,
    totalMinor: p.totalMinor - q.discountMinor,
    usdMinor: p.usdMinor - q.usdDiscountMinor,
  };
}

/** Matches no order (the reserved .invalid domain). */
const NO_EMAIL = 'nobody@referral-check.invalid';

async function buyerPaidOrders(db: Db, buyer: { userId: number | null; email: string }): Promise<number> {
  const email = buyer.email.trim().toLowerCase();
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', BOUGHT_STATES)
    .where((eb) => eb.or([eb('email', '=', email), ...(buyer.userId !== null ? [eb('user_id', '=', buyer.userId)] : [])]))
    .limit(1)
    .execute();
  return rows.length;
}

export function referralRefused(reason: ReferralReason): AppError {
  return new AppError('REFERRAL_REFUSED', undefined, { field: 'referralCode', reason });
}

/**
 * A link refused at checkout: recorded (no order; the admin area shows the reason), then the
 * checkout is refused with the reason — the shopper saw the discount in the preview, so the order
 * is never made at another price than the one shown; paying again without the link goes through.
 */
export async function refuseReferral(
  db: Db,
  services: Services,
  quote: ReferralQuote & { decision: { ok: false; reason: ReferralReason } },
  order: { currency: string; buyer: { userId: number | null; email: string } },
): Promise<never> {
  await recordReferral(db, services, quote, { id: null, ...order });
  throw referralRefused(quote.decision.reason);
}

/** In the checkout's write transaction, right after the pending order: the referral applied (or a refusal, without an order). */
export async function recordReferral(
  trx: Db,
  services: Services,
  quote: ReferralQuote,
  order: { id: number | null; currency: string; buyer: { userId: number | null; email: string; deviceHash?: string | undefined } },
): Promise<void> {
  const device = order.buyer.deviceHash;
  await trx
    .insertInto('referrals')
    .values({
      friend_device_hash: device && /^[0-9a-f]{64}$/.test(device) ? device : null,
      referrer_user_id: quote.referrerUserId,
      order_id: order.id,
      friend_user_id: order.buyer.userId,
      friend_email_norm: normalizeEmail(order.buyer.email),
      status: quote.decision.ok ? 'pending' : 'refused',
      reason: quote.decision.ok ? null : quote.decision.reason,
      currency: order.currency,
      discount_minor: quote.discountMinor,
      created_at: iso(services.now()),
      decided_at: quote.decision.ok ? null : iso(services.now()),
    })
    .execute();
}

// ── the reward ──────────────────────────────────────────────────────────────────────────────

export interface SettleResult {
  credited: number;
  refused: number;
  canceled: number;
  clawedBack: number;
}

/**
 * One pass: pending referrals whose order ended, was refunded or is past the window are decided;
 * credited ones whose order was refunded since are clawed back. Each in its own write transaction,
 * the referrer's points locked and the row moved by a conditional UPDATE, so two passes at once
 * decide each referral once (and the ledger's unique key would refuse a second credit anyway).
 */
export async function settleReferrals(db: Db, services: Services, opts: { limit?: number } = {}): Promise<SettleResult> {
  const rules = rulesOf(services);
  const now = services.now();
  const cutoff = iso(new Date(now.getTime() - rules.waitDays * DAY_MS));
  const limit = opts.limit ?? 50;
  const result: SettleResult = { credited: 0, refused: 0, canceled: 0, clawedBack: 0 };
  const due = await db
    .selectFrom('referrals as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id'])
    .where('r.status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('o.status', 'in', ['canceled', 'expired', 'refunded']),
        eb.and([eb('o.paid_at', 'is not', null), eb('o.paid_at', '<=', cutoff)]),
        eb.exists(eb.selectFrom('refunds as f').select('f.id').whereRef('f.order_id', '=', 'r.order_id')),
      ]),
    )
    .orderBy('r.id')
    .limit(limit)
    .execute();
  for (const { id } of due) {
    try {
      const outcome = await decideOne(db, services, rules, id);
      if (outcome === 'credited') result.credited++;
      else if (outcome === 'refused') result.refused++;
      else if (outcome === 'canceled') result.canceled++;
    } catch (e) {
      services.log.warn('referrals: will try again on the next pass', { referralId: id, error: errorText(e) });
    }
  }
  const refunded = await db
    .selectFrom('referrals as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id'])
    .where('r.status', '=', 'credited')
    .where((eb) =>
      eb.or([
        eb('o.status', '=', 'refunded'),
        eb.exists(eb.selectFrom('refunds as f').select('f.id').whereRef('f.order_id', '=', 'r.order_id')),
      ]),
    )
    .orderBy('r.id')
    .limit(limit)
    .execute();
  for (const { id } of refunded) {
    try {
      if (await clawBackOne(db, services, id)) result.clawedBack++;
    } catch (e) {
      services.log.warn('referrals: clawback will be tried again on the next pass', { referralId: id, error: errorText(e) });
    }
  }
  return result;
}

/** A card's fingerprint from the payment provider, or null (none given, a points-only order, an error). */
async function cardOf(services: Services, paymentIntentId: string | null): Promise<string | null> {
  if (!paymentIntentId) return null;
  try {
    return (await services.payments.paymentCard(paymentIntentId))?.fingerprint ?? null;
  } catch {
    return null;
  }
}

/**
 * The cards the referrer paid with: those the shop saw on a hold (payment_holds, issue 29), and
 * those the provider gives for the referrer's latest 20 bought orders (asked outside any transaction).
 */
export async function referrerCardPrints(db: Db, services: Services, referrerUserId: number): Promise<string[]> {
  const cards = new Set<string>();
  const held = await db
    .selectFrom('payment_holds as h')
    .innerJoin('orders as o', 'o.id', 'h.order_id')
    .select('h.card_fingerprint')
    .where('o.user_id', '=', referrerUserId)
    .where('h.card_fingerprint', 'is not', null)
    .execute();
  for (const h of held) if (h.card_fingerprint) cards.add(h.card_fingerprint);
  const own = await db
    .selectFrom('orders')
    .select('payment_intent_id')
    .where('user_id', '=', referrerUserId)
    .where('status', 'in', BOUGHT_STATES)
    .where('payment_intent_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  for (const o of own) {
    const c = await cardOf(services, o.payment_intent_id);
    if (c !== null) cards.add(c);
  }
  return [...cards];
}

async function decideOne(db: Db, services: Services, rules: ReferralRules, id: number): Promise<ReferralStatus | 'skipped'> {
  const head = await db
    .selectFrom('referrals as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.referrer_user_id', 'o.payment_intent_id'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!head) return 'skipped';
  // The provider is asked outside the transaction: the friend's card and the referrer's (latest 20 orders).
  const friendCard = await cardOf(services, head.payment_intent_id);
  const referrerCards = friendCard === null ? [] : await referrerCardPrints(db, services, head.referrer_user_id);
  const now = services.now();
  const at = iso(now);
  return writeTransaction(db, async (trx) => {
    await lockUserPoints(trx, head.referrer_user_id);
    const r = await trx
      .selectFrom('referrals as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select([
        'r.id',
        'r.status',
        'r.referrer_user_id',
        'r.friend_user_id',
        'r.friend_email_norm',
        'r.friend_device_hash',
        'o.id as order_id',
        'o.public_id',
        'o.status as order_status',
        'o.paid_at',
        'o.email',
      ])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!r || r.status !== 'pending') return 'skipped';
    const refunds = await trx.selectFrom('refunds').select('id').where('order_id', '=', r.order_id).limit(1).execute();
    const earlier =
      r.paid_at === null
        ? []
        : await trx
            .selectFrom('orders')
            .select('id')
            .where('id', '!=', r.order_id)
            .where('status', 'in', BOUGHT_STATES)
            .where('paid_at', '<', r.paid_at)
            .where((eb) => eb.or([eb('email', '=', r.email), ...(r.friend_user_id !== null ? [eb('user_id', '=', r.friend_user_id)] : [])]))
            .limit(1)
            .execute();
    const before = await trx
      .selectFrom('referrals')
      .select('id')
      .where('id', '!=', r.id)
      .where('status', 'in', ['credited', 'clawed_back'])
      .where((eb) =>
        eb.or([
          eb('friend_email_norm', '=', r.friend_email_norm),
          ...(r.friend_user_id !== null ? [eb('friend_user_id', '=', r.friend_user_id)] : []),
        ]),
      )
      .limit(1)
      .execute();
    const sameDevice =
      r.friend_device_hash !== null &&
      (await trx
        .selectFrom('device_sightings')
        .select('user_id')
        .where('user_id', '=', r.referrer_user_id)
        .where('device_hash', '=', r.friend_device_hash)
        .executeTakeFirst()) !== undefined;
    const month = monthOf(now);
    const monthCount = await trx
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('referrer_user_id', '=', r.referrer_user_id)
      .where('status', 'in', ['credited', 'clawed_back'])
      .where('decided_at', '>=', month.from)
      .where('decided_at', '<', month.to)
      .executeTakeFirstOrThrow();
    const d = decideReferralCredit(
      {
        orderStatus: r.order_status,
        paidAt: r.paid_at === null ? null : new Date(r.paid_at),
        refunded: refunds.length > 0,
        friendCard,
        referrerCards,
        sameDevice,
        friendEarlierPaidOrders: earlier.length,
        friendRewardedBefore: before.length > 0,
        referrerRewardsThisMonth: Number(monthCount.n),
      },
      rules,
      now,
    );
    if (d.action === 'wait') return 'skipped';
    if (d.action !== 'credit') {
      const status: ReferralStatus = d.action === 'cancel' ? 'canceled' : 'refused';
      const moved = await trx
        .updateTable('referrals')
        .set({ status, reason: d.reason, decided_at: at })
        .where('id', '=', r.id)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      return moved ? status : 'skipped';
    }
    const moved = await trx
      .updateTable('referrals')
      .set({ status: 'credited', points: d.points, decided_at: at })
      .where('id', '=', r.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!moved) return 'skipped';
    const debt = await payDebt(trx, r.referrer_user_id, d.points);
    await addLedgerRow(trx, {
      userId: r.referrer_user_id,
      source: 'adjustment',
      amount: settleDebt(d.points, debt).credited,
      // Nothing of the friend's (not even the order number) in the referrer's history.
      description: "Referral reward: a friend's first order",
      key: referralKeys.credit(r.id),
      orderId: null,
      now: at,
    });
    return 'credited';
  });
}

/** Unsettled clawbacks of the referrer's, paid from a new reward first (oldest first). Returns the debt before. */
async function payDebt(trx: Db, referrerId: number, points: number): Promise<number> {
  const owed = await trx
    .selectFrom('referrals')
    .select(['id', 'clawback_unsettled'])
    .where('referrer_user_id', '=', referrerId)
    .where('clawback_unsettled', '>', 0)
    .orderBy('id')
    .execute();
  const debt = owed.reduce((n, o) => n + o.clawback_unsettled, 0);
  let left = settleDebt(points, debt).debtPaid;
  for (const o of owed) {
    if (left <= 0) break;
    const n = Math.min(left, o.clawback_unsettled);
    left -= n;
    await trx
      .updateTable('referrals')
      .set({ clawback_unsettled: o.clawback_unsettled - n })
      .where('id', '=', o.id)
      .execute();
  }
  return debt;
}

/** A credited referral whose order was refunded: its points back through the ledger, as far as the balance goes. */
async function clawBackOne(db: Db, services: Services, id: number): Promise<boolean> {
  const head = await db.selectFrom('referrals').select('referrer_user_id').where('id', '=', id).executeTakeFirst();
  if (!head) return false;
  const at = iso(services.now());
  return writeTransaction(db, async (trx) => {
    await lockUserPoints(trx, head.referrer_user_id);
    const r = await trx
      .updateTable('referrals')
      .set({ status: 'clawed_back', reason: 'refunded' })
      .where('id', '=', id)
      .where('status', '=', 'credited')
      .returning(['id', 'points', 'referrer_user_id'])
      .executeTakeFirst();
    if (!r) return false;
    const { balance } = await pointsTotals(trx, r.referrer_user_id);
    const c = clawback(r.points, balance);
    await addLedgerRow(trx, {
      userId: r.referrer_user_id,
      source: 'refund',
      amount: -c.taken,
      description: "Referral reward taken back: the friend's order was refunded",
      key: referralKeys.clawback(r.id),
      orderId: null,
      now: at,
    });
    await trx.updateTable('referrals').set({ clawback_points: c.taken, clawback_unsettled: c.unsettled }).where('id', '=', r.id).execute();
    return true;
  });
}

// ── the admin area ──────────────────────────────────────────────────────────────────────────

export interface AdminReferralRow {
  id: number;
  status: ReferralStatus;
  reason: string | null;
  referrerEmail: string;
  /** Null: refused at checkout, no order made. */
  orderId: string | null;
  orderStatus: string | null;
  currency: string;
  discountMinor: number;
  points: number;
  clawbackPoints: number;
  clawbackUnsettled: number;
  createdAt: string;
  decidedAt: string | null;
}

export async function listReferralsForAdmin(db: Db, input: TAdminReferralsInput): Promise<AdminReferralRow[]> {
  let q = db
    .selectFrom('referrals as r')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'r.referrer_user_id')
    .select([
      'r.id',
      'r.status',
      'r.reason',
      'u.email as referrer_email',
      'o.public_id',
      'o.status as order_status',
      'r.currency',
      'r.discount_minor',
      'r.points',
      'r.clawback_points',
      'r.clawback_unsettled',
      'r.created_at',
      'r.decided_at',
    ])
    .orderBy('r.id', 'desc')
    .limit(input?.limit ?? 100);
  if (input?.status) q = q.where('r.status', '=', input.status);
  return (await q.execute()).map((r) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    referrerEmail: r.referrer_email,
    orderId: r.public_id,
    orderStatus: r.order_status,
    currency: r.currency,
    discountMinor: r.discount_minor,
    points: r.points,
    clawbackPoints: r.clawback_points,
    clawbackUnsettled: r.clawback_unsettled,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
  }));
}
