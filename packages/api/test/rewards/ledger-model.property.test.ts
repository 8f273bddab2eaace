// A model-based property test of the points ledger and the refund engine (issue 23): fast-check
// runs random sequences of purchases (by card, by points, mixed), top-ups, traveller refunds,
// owner refunds (partial and full), check-ins and the clock moving on, through the shop's own
// procedures on a migrated in-memory SQLite, and after EVERY step checks:
//
//   points available = points earned from money kept + check-ins + achievements held
//                      − points spent on orders kept
//
// where, for each order o with card payment paid_o, purchase points E_o and a share g_o of its
// payment refunded (sum of its refunds' gross amounts: money returned plus cash kept for points),
//   points earned from money kept = Σ_o (E_o − floor(E_o × g_o / paid_o)) + points settled in cash
// (points a refund could not take from the balance because they were spent: the shop kept their
// cash value from that refund, so they are paid for; the model predicts how many at each refund it
// asks for: what is owed beyond the balance the model expects right before it);
//   achievements held = the points of the achievements the traveller holds now;
//   points spent on orders kept = Σ points_used of the orders not refunded in full.
// Also: no balance below zero, and the refunds of an order never exceed what its card paid.
//
// PROPERTY_RUNS=200 (default 25, about 10 s) for a longer run; PROPERTY_SEED and PROPERTY_PATH to
// replay a failure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../orders/rig.ts';
import { CARDS, account } from '../orders/rig.ts';
import { makeAdmin } from '../rig.ts';
import { balance, createRewardsRig, type RewardsRig } from './rig.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? '') || 25;
const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;
const PATH = process.env.PROPERTY_PATH || undefined;
const HOUR = 3_600_000;

interface ModelOrder {
  publicId: string;
  id: number;
  paid: number;
  earned: number;
  pointsUsed: number;
  /** Gross refunded (money back + cash kept for points). */
  gross: number;
  full: boolean;
  topUpOf: string | null;
}

interface Model {
  orders: ModelOrder[];
  checkIns: number;
  /** Points settled in cash by refunds (paid for by the cash the shop kept). */
  inCash: number;
  /**
   * Points a system refund could neither take nor settle: it kept all of its amount and recorded
   * the rest on its row (a top-up refunded after its eSIM, whose points owed — achievements it ends
   * included — are worth more than its price). Recorded, never silent; the model counts them.
   */
  unsettled: number;
}

interface Real {
  rig: RewardsRig;
  traveller: Browser;
  admin: Browser;
  userId: number;
}

const share = (o: ModelOrder) => (o.paid > 0 ? Math.floor((o.earned * Math.min(o.gross, o.paid)) / o.paid) : 0);

async function heldPoints(r: Real): Promise<number> {
  const row = await r.rig.db
    .selectFrom('user_achievements as u')
    .innerJoin('achievements as a', 'a.id', 'u.achievement_id')
    .select((eb) => eb.fn.sum<number>('a.points_awarded').as('n'))
    .where('u.user_id', '=', r.userId)
    .where('u.completed_at', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The invariant, after every step (the rewards page read first: achievements are granted lazily). */
async function check(m: Model, r: Real): Promise<void> {
  await (await r.traveller.caller()).rewards.userAchievements();
  await r.rig.settle();
  const available = await balance(r.rig.db, r.userId);
  const kept = m.orders.reduce((n, o) => n + (o.earned - share(o)), 0) + m.inCash + m.unsettled;
  const spentOnKept = m.orders.filter((o) => !o.full).reduce((n, o) => n + o.pointsUsed, 0);
  const expected = kept + m.checkIns + (await heldPoints(r)) - spentOnKept;
  expect(available).toBeGreaterThanOrEqual(0);
  expect(available).toBe(expected);
  for (const o of m.orders) {
    const row = await r.rig.db
      .selectFrom('orders')
      .select(['amount_refunded_minor', 'status'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row.amount_refunded_minor).toBeLessThanOrEqual(o.paid);
    expect(row.status === 'refunded').toBe(o.full);
  }
}

async function addOrder(m: Model, r: Real, publicId: string, topUpOf: string | null): Promise<void> {
  const row = await r.rig.db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
  if (row.status !== 'fulfilled') throw new Error(`order ${publicId} is ${row.status}`);
  const earned = await r.rig.db
    .selectFrom('points_ledger')
    .select('amount')
    .where('unique_key', '=', `purchase:order:${row.id}`)
    .executeTakeFirst();
  m.orders.push({
    publicId,
    id: row.id,
    paid: row.total_amount_minor - row.points_discount_minor,
    earned: earned?.amount ?? 0,
    pointsUsed: row.points_used,
    gross: 0,
    full: false,
    topUpOf,
  });
}

/** Plans the traveller buys from (USD): 4.50, 19.99, 9.99 in France and Thailand. */
const planOf = (rig: RewardsRig, i: number) => [rig.plans.japan1.id, rig.plans.japan5.id, rig.planIn.france, rig.planIn.thailand][i]!;

class Buy implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly plan: number,
    readonly usePoints: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const api = await r.traveller.caller();
    const intent = await api.payments.createIntent({ planId: planOf(r.rig, this.plan), usePoints: this.usePoints });
    // Paid entirely with points: paid already (paymentStatus 'succeeded', no client secret), no card to confirm.
    if (intent.paymentIntentId && !intent.paidWithPoints)
      await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: CARDS.ok });
    await r.rig.settle();
    await addOrder(m, r, intent.orderId, null);
    await check(m, r);
  }
  toString = () => `Buy(plan ${this.plan}${this.usePoints ? ', with points' : ''})`;
}

class TopUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly usePoints: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => !o.full && o.topUpOf === null);
  async run(m: Model, r: Real): Promise<void> {
    const targets = m.orders.filter((o) => !o.full && o.topUpOf === null);
    const target = targets[this.pick % targets.length]!;
    const esim = await r.rig.db.selectFrom('esims').select(['iccid', 'status']).where('order_id', '=', target.id).executeTakeFirstOrThrow();
    const order = await r.rig.db.selectFrom('orders').select('plan_id').where('id', '=', target.id).executeTakeFirstOrThrow();
    const api = await r.traveller.caller();
    const intent = await api.payments.createIntent({ planId: order.plan_id, topUpIccid: esim.iccid, usePoints: this.usePoints });
    // Paid entirely with points: paid already (paymentStatus 'succeeded', no client secret), no card to confirm.
    if (intent.paymentIntentId && !intent.paidWithPoints)
      await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: CARDS.ok });
    await r.rig.settle();
    await addOrder(m, r, intent.orderId, target.publicId);
    await check(m, r);
  }
  toString = () => `TopUp(#${this.pick}${this.usePoints ? ', with points' : ''})`;
}

/**
 * A refund asked for through the shop; the model says what it must take back and keep in cash
 * (before it runs), or that it must be refused, and follows the cascade (a first order's refund
 * takes its queued top-ups with it).
 */
async function refund(m: Model, r: Real, o: ModelOrder, by: 'traveller' | 'owner', amount: number | null): Promise<void> {
  const before = await balance(r.rig.db, r.userId);
  const heldBefore = await heldPoints(r);
  const rowsBefore = await r.rig.db.selectFrom('refunds').select('id').execute();
  const remaining = o.paid - o.gross;
  const full = amount === null || amount >= remaining;
  const gross = full ? remaining : amount;
  let error: unknown = null;
  try {
    if (by === 'traveller') await (await r.traveller.caller()).orders.refund({ orderId: o.publicId });
    else
      await (await r.admin.caller()).admin.orders.refund(
        full ? { orderId: o.publicId } : { orderId: o.publicId, amountMinor: gross, reason: 'goodwill' },
      );
  } catch (e) {
    error = e;
  }
  await r.rig.settle();
  const mine = await r.rig.db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', o.id)
    .where('id', 'not in', rowsBefore.map((x) => x.id).concat([0]))
    .execute();
  // What the model expects: the share of the purchase points, plus the achievements it ends.
  const after = { ...o, gross: o.gross + gross };
  const owedPurchase = share(after) - share(o);
  if (error) {
    // Refused: nothing changed, and only for a reason the model knows.
    expect(mine).toEqual([]);
    expect((error as { code?: string }).code).toBe('CONFLICT');
    expect(await balance(r.rig.db, r.userId)).toBe(before);
    return;
  }
  expect(mine).toHaveLength(1);
  const row = mine[0]!;
  expect(row.state).toBe('done');
  expect(row.full).toBe(full ? 1 : 0);
  expect(row.gross_minor).toBe(gross);
  // The achievements it ended: read from its row (what it owed beyond the purchase share); together
  // with the cascade's rows below they must be exactly the points of the achievements no longer held.
  const owedAchievements = row.points_taken + row.points_settled_in_cash - owedPurchase;
  if (!full) expect(owedAchievements).toBe(0);
  expect(owedAchievements).toBeGreaterThanOrEqual(0);
  const owed = owedPurchase + owedAchievements;
  const inCash = Math.max(0, owed - Math.max(0, before));
  expect(row.points_taken).toBe(owed - inCash);
  expect(row.points_settled_in_cash).toBe(inCash);
  // The traveller's and the owner's refunds are refused rather than leave points unsettled.
  expect(row.points_unsettled).toBe(0);
  // USD: a point is worth a cent.
  expect(row.cash_deducted_minor).toBe(inCash);
  expect(row.amount_minor).toBe(gross - inCash);
  let revoked = owedAchievements;
  o.gross += gross;
  o.full = full;
  m.inCash += inCash;
  // The cascade: queued top-ups of a refunded first eSIM are refunded by the system.
  if (full && o.topUpOf === null) {
    for (const t of m.orders.filter((x) => x.topUpOf === o.publicId && !x.full)) {
      const st = await r.rig.db.selectFrom('orders').select('status').where('id', '=', t.id).executeTakeFirstOrThrow();
      if (st.status !== 'refunded') continue;
      const rows = await r.rig.db.selectFrom('refunds').selectAll().where('order_id', '=', t.id).where('full', '=', 1).execute();
      expect(rows).toHaveLength(1);
      const c = rows[0]!;
      const owedTopUp = t.earned - share(t);
      const accounted = c.points_taken + c.points_settled_in_cash + c.points_unsettled;
      expect(accounted).toBeGreaterThanOrEqual(owedTopUp);
      // Unsettled only when the whole amount was kept.
      if (c.points_unsettled > 0) expect(c.amount_minor).toBe(0);
      revoked += accounted - owedTopUp;
      t.gross = t.paid;
      t.full = true;
      m.inCash += c.points_settled_in_cash;
      m.unsettled += c.points_unsettled;
    }
  }
  if (full) expect(revoked).toBe(heldBefore - (await heldPoints(r)));
}

class TravellerRefund implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => !o.full);
  async run(m: Model, r: Real): Promise<void> {
    const open = m.orders.filter((o) => !o.full);
    const o = open[this.pick % open.length]!;
    await refund(m, r, o, 'traveller', null);
    await check(m, r);
  }
  toString = () => `TravellerRefund(#${this.pick})`;
}

class OwnerRefund implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    /** Per mille of what remains; 1000: all of it. */
    readonly part: number,
  ) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => !o.full);
  async run(m: Model, r: Real): Promise<void> {
    const open = m.orders.filter((o) => !o.full);
    const o = open[this.pick % open.length]!;
    const remaining = o.paid - o.gross;
    const amount = this.part >= 1000 || remaining <= 1 ? null : Math.max(1, Math.floor((remaining * this.part) / 1000));
    await refund(m, r, o, 'owner', amount);
    await check(m, r);
  }
  toString = () => `OwnerRefund(#${this.pick}, ${this.part}‰)`;
}

class CheckIn implements fc.AsyncCommand<Model, Real> {
  constructor(readonly region: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const ids = [r.rig.regions.japan, r.rig.regions.france, r.rig.regions.thailand, r.rig.regions.usa];
    const res = await (await r.traveller.caller()).rewards.checkIn({ regionId: ids[this.region]! });
    m.checkIns += res.pointsAwarded;
    await check(m, r);
  }
  toString = () => `CheckIn(${this.region})`;
}

class Later implements fc.AsyncCommand<Model, Real> {
  constructor(readonly hours: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.rig.clock.advance(this.hours * HOUR);
    await check(m, r);
  }
  toString = () => `Later(${this.hours} h)`;
}

const commands = [
  fc.tuple(fc.integer({ min: 0, max: 3 }), fc.boolean()).map(([p, u]) => new Buy(p, u)),
  fc.tuple(fc.nat(), fc.boolean()).map(([p, u]) => new TopUp(p, u)),
  fc.nat().map((p) => new TravellerRefund(p)),
  fc.tuple(fc.nat(), fc.oneof(fc.integer({ min: 1, max: 999 }), fc.constant(1000))).map(([p, part]) => new OwnerRefund(p, part)),
  fc.integer({ min: 0, max: 3 }).map((g) => new CheckIn(g)),
  fc.integer({ min: 1, max: 30 }).map((h) => new Later(h)),
];

describe('the points ledger, as a model', () => {
  it('after every step: available = earned from money kept + check-ins + achievements held − spent on orders kept; never below 0; refunds ≤ paid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 24 }), async (cmds) => {
        const rig = await createRewardsRig();
        try {
          const traveller = rig.browser();
          const acc = account();
          await (await traveller.caller()).auth.register(acc);
          const userId = (await rig.db.selectFrom('users').select('id').where('username', '=', acc.username).executeTakeFirstOrThrow()).id;
          const admin = rig.browser();
          await (await admin.caller()).auth.register(account({ username: 'owner_admin', email: 'owner@shop.example' }));
          await makeAdmin(rig.db, 'owner_admin', rig.clock.now);
          const real: Real = { rig, traveller, admin, userId };
          await fc.asyncModelRun(() => ({ model: { orders: [], checkIns: 0, inCash: 0, unsettled: 0 }, real }), cmds);
        } finally {
          await rig.settle();
          await rig.close();
        }
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), ...(PATH ? { path: PATH } : {}) },
    );
  }, 600_000);
});
