// Promo codes at checkout (issue 29): the preview (promotions.check), the reservation taken with
// the pending order, and the card check before a guest's card is charged.
//
// Reserve at order creation, confirm by payment: the checkout inserts the pending order at the
// price after the code and, in the same write transaction, takes one use of the code with a
// conditional UPDATE (`uses_count < max_uses`) and writes the redemption row. A use is held while
// its order is live (pending, paid, delivered). An order that ends unpaid (canceled, expired) or
// is refunded in full gives its use back: the next reservation of the code releases such uses
// (releaseEndedUses) before it counts, under the same lock, so nothing else in the order's life
// needs to know about codes. So 50 concurrent checkouts of a code with 10 uses left make exactly
// 10 discounted orders; the other 40 are told 'used up' before any card is charged.
//
// Per-customer limits count every live use of the code by the same customer: the account, its
// normalised address, and (once a card was tried) the card's fingerprint; a guest's address and
// card together. The card is known only when it is tried: the demo provider asks guardPromoCard
// before it charges a card for an order with a code (metadata promo=1), which refuses a card that
// used the code up already on another order and records it on the redemption.
import type { Db, PromoCode } from '@esim/db';
import { AppError } from '../../errors.ts';
import { PAID_STATES } from '../../domain/orders.ts';
import {
  PROMO_ERROR_CODES,
  decidePromo,
  normalizeEmail,
  normalizePromoCode,
  type PromoCustomer,
  type PromoDiscount,
  type PromoOrder,
  type PromoReason,
  type PromoRule,
} from '../../domain/promotions.ts';
import { iso } from '../../domain/time.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import type { Services } from '../types.ts';
import { prepareOrder, type CheckoutBuyer } from '../orders/order-intake.ts';
import type { TPromoCheckInput } from '../../domain/promotions.ts';

/** Orders whose use of a code is over: never to be paid, or refunded in full. */
const ENDED_STATES = ['canceled', 'expired', 'refunded'] as const;
/** Orders that were bought (a first-order-only code counts these). */
const BOUGHT_STATES = [...PAID_STATES, 'refunded'] as const;

export function promoError(reason: PromoReason): AppError {
  return new AppError(PROMO_ERROR_CODES[reason], undefined, { field: 'promoCode', reason });
}

function ids(json: string | null): number[] | null {
  return json === null ? null : (JSON.parse(json) as number[]);
}

export function ruleOf(row: PromoCode): PromoRule {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amounts: row.amounts_json ? (JSON.parse(row.amounts_json) as Record<string, number>) : {},
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    minSpendUsdMinor: row.min_spend_usd_minor,
    regionIds: ids(row.region_ids_json),
    planIds: ids(row.plan_ids_json),
    firstOrderOnly: row.first_order_only === 1,
    combinesWithPoints: row.combines_with_points === 1,
    paused: row.paused === 1,
  };
}

/** Who is using the code: the account, else the guest's address (and card, once tried). */
export interface PromoBuyer {
  userId: number | null;
  email: string;
  cardFingerprint?: string | null | undefined;
}

async function findCode(db: Db, text: string): Promise<PromoCode> {
  const code = normalizePromoCode(text);
  const row = code === null ? undefined : await db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) throw promoError('not_found');
  return row;
}

/** Live uses of the code by this customer (account, address or card), other than `exceptOrderId`'s. */
export async function customerUses(db: Db, codeId: number, buyer: PromoBuyer, exceptOrderId: number | null): Promise<number> {
  const email = normalizeEmail(buyer.email);
  const row = await db
    .selectFrom('promo_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.code_id', '=', codeId)
    .where('r.state', '=', 'active')
    .where('o.status', 'not in', ENDED_STATES)
    .where('r.order_id', '!=', exceptOrderId ?? 0)
    .where((eb) =>
      eb.or([
        eb('r.email_norm', '=', email),
        ...(buyer.userId !== null ? [eb('r.user_id', '=', buyer.userId)] : []),
        ...(buyer.cardFingerprint ? [eb('r.card_fingerprint', '=', buyer.cardFingerprint)] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function priorOrders(db: Db, buyer: PromoBuyer, exceptOrderId: number | null): Promise<number> {
  let q = db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', BOUGHT_STATES)
    .where('id', '!=', exceptOrderId ?? 0);
  q =
    buyer.userId !== null
      ? q.where((eb) => eb.or([eb('user_id', '=', buyer.userId), eb('email', '=', buyer.email.trim().toLowerCase())]))
      : q.where('email', '=', buyer.email.trim().toLowerCase());
  return (await q.limit(1).execute()).length;
}

async function customerOf(db: Db, codeId: number, buyer: PromoBuyer, exceptOrderId: number | null): Promise<PromoCustomer> {
  return { priorOrders: await priorOrders(db, buyer, exceptOrderId), uses: await customerUses(db, codeId, buyer, exceptOrderId) };
}

/** Live uses of the code (uses_count can hold ended orders' uses until the next reservation releases them). */
async function liveUses(db: Db, codeId: number): Promise<number> {
  const row = await db
    .selectFrom('promo_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.code_id', '=', codeId)
    .where('r.state', '=', 'active')
    .where('o.status', 'not in', ENDED_STATES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface PromoQuote extends PromoDiscount {
  code: string;
  codeId: number;
  currency: string;
}

/**
 * Whether the code applies to this order and what it takes off; throws the reason (PROMO_*) when
 * it does not. Reads only: promotions.check and the checkout before its insert.
 */
export async function quotePromo(db: Db, services: Services, codeText: string, order: PromoOrder, buyer: PromoBuyer): Promise<PromoQuote> {
  const row = await findCode(db, codeText);
  const d = decidePromo(ruleOf(row), order, await customerOf(db, row.id, buyer, null), await liveUses(db, row.id), services.now());
  if (!d.ok) throw promoError(d.reason);
  return { code: row.code, codeId: row.id, currency: order.currency, ...d };
}

/** Uses of ended orders back to the code, under the write transaction (the first statement takes the lock). */
async function releaseEndedUses(trx: Db, codeId: number, now: string): Promise<void> {
  const ended = await trx
    .selectFrom('promo_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select('r.id')
    .where('r.code_id', '=', codeId)
    .where('r.state', '=', 'active')
    .where('o.status', 'in', ENDED_STATES)
    .execute();
  if (ended.length === 0) return;
  const released = await trx
    .updateTable('promo_redemptions')
    .set({ state: 'released', released_at: now })
    .where(
      'id',
      'in',
      ended.map((r) => r.id),
    )
    .where('state', '=', 'active')
    .returning('id')
    .execute();
  if (released.length > 0)
    await trx
      .updateTable('promo_codes')
      .set((eb) => ({ uses_count: eb('uses_count', '-', released.length) }))
      .where('id', '=', codeId)
      .execute();
}

/**
 * Inside the checkout's write transaction, right after the pending order: takes one use of the
 * code for it, or throws the reason (and the caller's transaction undoes the order). The rules are
 * decided again here, with the customer's counts read under the lock.
 */
export async function reservePromo(
  trx: Db,
  services: Services,
  quote: PromoQuote,
  order: { id: number; promo: PromoOrder; buyer: PromoBuyer },
): Promise<void> {
  const now = iso(services.now());
  // The lock first (PostgreSQL: this row; SQLite: the write transaction holds the database).
  const row = await trx
    .updateTable('promo_codes')
    .set({ updated_at: now })
    .where('id', '=', quote.codeId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw promoError('not_found');
  await releaseEndedUses(trx, row.id, now);
  const fresh = await trx.selectFrom('promo_codes').select('uses_count').where('id', '=', row.id).executeTakeFirstOrThrow();
  const customer = await customerOf(trx, row.id, order.buyer, order.id);
  const d = decidePromo(ruleOf(row), order.promo, customer, fresh.uses_count, services.now());
  if (!d.ok) throw promoError(d.reason);
  // The code was edited between the quote and now: never charge another price than the one shown.
  if (d.discountMinor !== quote.discountMinor)
    throw new AppError('CONFLICT', 'This promo code changed a moment ago. Please check the price again.', { field: 'promoCode' });
  const taken = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ uses_count: eb('uses_count', '+', 1) }))
    .where('id', '=', row.id)
    .where('paused', '=', 0)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses_count', '<', eb.ref('max_uses'))]))
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw promoError('used_up');
  await trx
    .insertInto('promo_redemptions')
    .values({
      code_id: row.id,
      order_id: order.id,
      user_id: order.buyer.userId,
      email_norm: normalizeEmail(order.buyer.email),
      card_fingerprint: null,
      currency: order.promo.currency,
      list_minor: order.promo.totalMinor,
      discount_minor: d.discountMinor,
      usd_discount_minor: d.usdDiscountMinor,
      created_at: now,
    })
    .execute();
}

/**
 * Before a card is charged for an order with a code (the demo provider's confirm; metadata
 * promo=1): refused (PROMO_ALREADY_USED) when this card has used up the code's per-customer limit
 * on other live orders; else the card is recorded on the redemption, so it counts from now on.
 */
export async function guardPromoCard(db: Db, orderPublicId: string, cardFingerprint: string): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const r = await trx
      .selectFrom('promo_redemptions as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .innerJoin('promo_codes as c', 'c.id', 'r.code_id')
      .select(['r.id', 'r.order_id', 'r.code_id', 'r.user_id', 'o.email', 'c.max_uses_per_customer'])
      .where('o.public_id', '=', orderPublicId)
      .where('r.state', '=', 'active')
      .executeTakeFirst();
    if (!r) return;
    if (r.max_uses_per_customer !== null) {
      const uses = await customerUses(trx, r.code_id, { userId: r.user_id, email: r.email, cardFingerprint }, r.order_id);
      if (uses >= r.max_uses_per_customer) throw promoError('already_used');
    }
    await trx.updateTable('promo_redemptions').set({ card_fingerprint: cardFingerprint }).where('id', '=', r.id).execute();
  });
}

export interface PromoCheck {
  code: string;
  currency: string;
  /** The order's price before the code, what it takes off, and what is left (before any points). */
  listMinor: number;
  discountMinor: number;
  totalMinor: number;
  /** The order's USD side after the code (what points are measured against). */
  usdMinor: number;
}

/**
 * promotions.check: the checkout's 'Apply'. The same price and rules as the checkout will use
 * (prepareOrder, then quotePromo), without writing anything but the client's request count.
 * Without an e-mail yet (a guest who has not typed it), the per-customer rules are checked again
 * at checkout, where it is known.
 */
export async function checkPromoCode(db: Db, services: Services, input: TPromoCheckInput, buyer: CheckoutBuyer): Promise<PromoCheck> {
  const p = await prepareOrder(
    db,
    services,
    { planId: input.planId, currency: input.currency, email: input.email ?? buyer.user?.email ?? NO_EMAIL },
    buyer,
    'one_time',
  );
  const plan = await services.catalog.getPlan(p.planId);
  const usePoints = input.usePoints === true && buyer.user !== null;
  const q = await quotePromo(
    db,
    services,
    input.code,
    {
      planId: p.planId,
      regionId: plan.regionId,
      kind: 'one_time',
      currency: p.currency,
      usdMinor: p.usdMinor,
      totalMinor: p.totalMinor,
      usePoints,
    },
    { userId: buyer.user?.id ?? null, email: p.email },
  );
  return {
    code: q.code,
    currency: p.currency,
    listMinor: p.totalMinor,
    discountMinor: q.discountMinor,
    totalMinor: q.totalMinor,
    usdMinor: q.usdMinor,
  };
}

/** Matches no order or redemption (the reserved .invalid domain). */
const NO_EMAIL = 'nobody@promo-check.invalid';
