// The one refund engine (order-life/refunds.ts): the owner's partial and goodwill refunds, the
// provider asked to cancel at most once per eSIM, one payment refund per refund row, and the
// deduction for spent points shown before the refund and never exceeded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { account, type Browser } from './rig.ts';
import { adjust, balance, buy, createRewardsRig, signedIn, type RewardsRig } from '../rewards/rig.ts';
import { CARDS, demo } from './rig.ts';
import { makeAdmin } from '../rig.ts';
import { runDueWork } from '../../src/services/order-life/due-work.ts';
import { finishClaimedRefunds } from '../../src/services/order-life/refunds.ts';

let rig: RewardsRig;
let admin: Browser;

beforeEach(async () => {
  rig = await createRewardsRig();
  admin = rig.browser();
  await (await admin.caller()).auth.register(account({ username: 'alice_admin', email: 'alice@shop.example' }));
  await makeAdmin(rig.db, 'alice_admin', rig.clock.now);
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const orderOf = (publicId: string) => rig.db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
const refundsOf = async (publicId: string) =>
  rig.db
    .selectFrom('refunds')
    .select(['seq', 'full', 'state', 'actor', 'reason', 'gross_minor', 'amount_minor', 'cash_deducted_minor', 'points_taken'])
    .where('order_id', '=', (await orderOf(publicId)).id)
    .orderBy('seq')
    .execute();

/** Counts the eSIM provider's cancel calls. */
function countCancels(): { n: number } {
  const seen = { n: 0 };
  const esim = rig.esim;
  const cancel = esim.cancel.bind(esim);
  esim.cancel = async (iccid: string) => {
    seen.n++;
    return cancel(iccid);
  };
  return seen;
}

async function paymentRefunds(paymentIntentId: string) {
  const pi = await demo(rig).store.getIntent(paymentIntentId);
  return pi?.refunds ?? [];
}

describe("the owner's partial and goodwill refunds", () => {
  it('any amount up to what remains, with a reason; the order and its eSIM stay; the last part refunds the order', async () => {
    const { browser, userId } = await signedIn(rig);
    await adjust(rig.db, userId, 1000);
    const intent = await buy(rig, browser, rig.plans.japan5.id); // 19.99 USD by card
    const earned = (await balance(rig.db, userId)) - 1000; // at the level's multiplier
    const share = (minor: number) => Math.floor((earned * minor) / 1999);
    const api = await admin.caller();
    const cancels = countCancels();

    // A reason is required for a part; more than remains is a clear 400.
    await expect(api.admin.orders.refund({ orderId: intent.orderId, amountMinor: 500 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.admin.orders.refund({ orderId: intent.orderId, amountMinor: 2000, reason: 'too much' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await api.admin.orders.refundQuote({ orderId: intent.orderId, amountMinor: 500 })).toMatchObject({
      full: false,
      grossMinor: 500,
      refundMinor: 500,
      cashDeductedMinor: 0,
      pointsTaken: share(500),
    });

    const r1 = await api.admin.orders.refund({ orderId: intent.orderId, amountMinor: 500, reason: 'Slow data in Osaka' });
    expect(r1.outcome).toBe('done');
    let order = await orderOf(intent.orderId);
    expect(order).toMatchObject({ status: 'fulfilled', amount_refunded_minor: 500, refund_requested_at: null });
    expect(cancels.n).toBe(0);
    expect((await rig.db.selectFrom('esims').select('status').where('order_id', '=', order.id).executeTakeFirstOrThrow()).status).not.toBe(
      'canceled',
    );
    expect(r1.order.refunds).toHaveLength(1);
    expect(r1.order.refundable).toEqual({ minor: 1499, currency: 'USD' });

    await api.admin.orders.refund({ orderId: intent.orderId, amountMinor: 499, reason: 'Goodwill' });
    // The rest: a full refund (the order refunded, its eSIM canceled once).
    const last = await api.admin.orders.refund({ orderId: intent.orderId });
    expect(last.outcome).toBe('done');
    order = await orderOf(intent.orderId);
    expect(order).toMatchObject({ status: 'refunded', amount_refunded_minor: 1999 });
    expect(cancels.n).toBe(1);
    expect(await refundsOf(intent.orderId)).toEqual([
      expect.objectContaining({
        seq: 1,
        full: 0,
        state: 'done',
        actor: 'owner',
        reason: 'Slow data in Osaka',
        amount_minor: 500,
        points_taken: share(500),
      }),
      expect.objectContaining({ seq: 2, full: 0, state: 'done', amount_minor: 499, points_taken: share(999) - share(500) }),
      expect.objectContaining({ seq: 3, full: 1, state: 'done', amount_minor: 1000, points_taken: earned - share(999) }),
    ]);
    // One payment refund per row, under its own key; together exactly what was paid.
    const refunds = await paymentRefunds(intent.paymentIntentId!);
    expect(refunds.map((r) => [r.amountMinor, r.idempotencyKey])).toEqual([
      [500, `order:${intent.orderId}:refund:1`],
      [499, `order:${intent.orderId}:refund:2`],
      [1000, `order:${intent.orderId}:refund:3`],
    ]);
    // All the purchase points went back.
    expect(await balance(rig.db, userId)).toBe(1000);
    // The receipt lists each refund.
    const receipt = await (await browser.caller()).orders.receipt({ orderId: intent.orderId });
    expect(receipt.refundedMinor).toBe(1999);
    expect(receipt.refunds.map((r) => [r.full, r.amountMinor])).toEqual([
      [false, 500],
      [false, 499],
      [true, 1000],
    ]);
    // Nothing remains: another refund is refused.
    await expect(api.admin.orders.refund({ orderId: intent.orderId, amountMinor: 1, reason: 'x' })).resolves.toMatchObject({
      outcome: 'already',
    });
  });

  it('points already spent: their cash value is kept from the refund, shown before, and a larger deduction than shown is refused', async () => {
    const { browser, userId } = await signedIn(rig);
    const a = await buy(rig, browser, rig.plans.japan5.id); // 99 points
    const api = await browser.caller();
    // Spend them on another order (99 points pay 0.99 of a 4.50 plan).
    const b = await api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true });
    await api.payments.demoConfirm({ paymentIntentId: b.paymentIntentId!, clientSecret: b.clientSecret, card: CARDS.ok });
    await rig.settle();
    const have = await balance(rig.db, userId); // B's own points
    const quote = await api.orders.refundQuote({ orderId: a.orderId });
    expect(quote).toMatchObject({ full: true, grossMinor: 1999, pointsTaken: have, pointsInCash: 99 - have });
    expect(quote.cashDeductedMinor).toBe(99 - have);
    expect(quote.refundMinor).toBe(1999 - (99 - have));
    // Shown less than it is (the dialog was stale): refused, nothing changed.
    await expect(api.orders.refund({ orderId: a.orderId, expectedCashDeductedMinor: 0 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect((await orderOf(a.orderId)).status).toBe('fulfilled');
    expect(await refundsOf(a.orderId)).toEqual([]);
    const done = await api.orders.refund({ orderId: a.orderId, expectedCashDeductedMinor: quote.cashDeductedMinor });
    expect(done).toMatchObject({
      orderStatus: 'refunded',
      amountRefundedMinor: quote.refundMinor,
      cashDeductedMinor: quote.cashDeductedMinor,
    });
    expect(await balance(rig.db, userId)).toBe(0);
  });
});

describe('the provider is asked once', () => {
  it("a traveller's refund asks the eSIM provider to cancel once (the refund and its echo do not ask again)", async () => {
    const { browser } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan1.id);
    const cancels = countCancels();
    const api = await browser.caller();
    await Promise.all([api.orders.refund({ orderId: intent.orderId }), api.orders.refund({ orderId: intent.orderId })]);
    await rig.settle();
    expect(cancels.n).toBe(1);
    expect((await paymentRefunds(intent.paymentIntentId!)).length).toBe(1);
  });
});

describe('the refund e-mail says what happened, in the language of the person who caused it', () => {
  it("the traveller's own refund: 'as you asked', in the language they asked in (not the order's)", async () => {
    const { browser } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan1.id); // bought in English
    // The same session, the interface switched to German.
    const german = rig.browser({ locale: 'de' });
    german.token = browser.token;
    await (await german.caller()).orders.refund({ orderId: intent.orderId });
    await rig.settle();
    const mail = rig.mailer.sent.at(-1)!;
    expect(mail.subject).toMatch(/erstattet/);
    expect(mail.text).toContain('Wie gewünscht haben wir Ihre Bestellung');
  });

  it("the owner's refund quotes the owner's note; a part says the eSIM keeps working", async () => {
    const { browser } = await signedIn(rig);
    const a = await buy(rig, browser, rig.plans.japan5.id);
    const api = await admin.caller();
    await api.admin.orders.refund({ orderId: a.orderId, amountMinor: 300, reason: 'The network in Osaka was slow.' });
    await rig.settle();
    let mail = rig.mailer.sent.at(-1)!;
    expect(mail.subject).toContain('Part of your');
    expect(mail.text).toContain('We refunded $3.00 of your order');
    expect(mail.text).toContain('Our note: The network in Osaka was slow.');
    expect(mail.text).toContain('Your eSIM keeps working');
    await api.admin.orders.refund({ orderId: a.orderId, reason: 'Sorry for the trouble.' });
    await rig.settle();
    mail = rig.mailer.sent.at(-1)!;
    expect(mail.text).toContain('We refunded your order');
    expect(mail.text).toContain('Our note: Sorry for the trouble.');
    expect(mail.text).toContain('$16.99 has been refunded');
  });
});

describe('the system refunds what it could not deliver', () => {
  it("in the traveller's account language, saying it could not be delivered; a refunds row by the system", async () => {
    const { browser, userId } = await signedIn(rig);
    await rig.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', userId).execute();
    rig.esim.failNext(100);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id });
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    for (let i = 0; i < 6 && (await orderOf(intent.orderId)).status !== 'refunded'; i++) {
      rig.clock.advance(10_000);
      await runDueWork(rig.db, rig.services);
      await rig.settle();
    }
    expect(await refundsOf(intent.orderId)).toEqual([
      expect.objectContaining({ seq: 1, full: 1, state: 'done', actor: 'system', amount_minor: 450 }),
    ]);
    const mail = rig.mailer.sent.at(-1)!;
    expect(mail.text).toContain('nous n’avons pas pu livrer l’eSIM');
  });
});

describe('exactly once under races', () => {
  it('the owner and the traveller refund at once: one refund row, one payment refund, one cancel, points taken back once', async () => {
    const { browser, userId } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan5.id);
    const cancels = countCancels();
    const results = await Promise.allSettled([
      (await browser.caller()).orders.refund({ orderId: intent.orderId }),
      (await admin.caller()).admin.orders.refund({ orderId: intent.orderId, reason: 'Asked by phone' }),
      (await browser.caller()).orders.refund({ orderId: intent.orderId }),
    ]);
    await rig.settle();
    // Each answer is the refund done, or a clear 409 that one is under way; none is a 500.
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
    expect((await orderOf(intent.orderId)).status).toBe('refunded');
    expect(await refundsOf(intent.orderId)).toHaveLength(1);
    expect(await paymentRefunds(intent.paymentIntentId!)).toHaveLength(1);
    expect(cancels.n).toBe(1);
    expect(await balance(rig.db, userId)).toBe(0);
    expect(rig.mailer.sent.filter((m) => /refunded/.test(m.subject))).toHaveLength(1);
  });
});

describe('a refund interrupted after its points were settled', () => {
  it('the worker resumes it from its row: the same amount and key, the points taken once', async () => {
    const { browser, userId } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan5.id);
    const earned = await balance(rig.db, userId);
    const payments = rig.services.payments;
    const refund = payments.refund.bind(payments);
    let fail = 1;
    payments.refund = async (input) => {
      if (fail-- > 0) throw new Error('payment service down');
      return refund(input);
    };
    await expect((await browser.caller()).orders.refund({ orderId: intent.orderId })).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    // The eSIM is canceled and the points are settled; the money has not moved yet.
    expect(await refundsOf(intent.orderId)).toEqual([
      expect.objectContaining({ state: 'settled', amount_minor: 1999, points_taken: earned }),
    ]);
    expect(await balance(rig.db, userId)).toBe(0);
    expect((await orderOf(intent.orderId)).status).toBe('fulfilled');
    // Later, the worker's tick finishes it.
    rig.clock.advance(rig.services.fulfilment.leaseMs + 1000);
    expect(await finishClaimedRefunds(rig.db, rig.services)).toEqual({ refunded: 1, refused: 0, failed: 0 });
    expect((await orderOf(intent.orderId)).status).toBe('refunded');
    expect(await refundsOf(intent.orderId)).toEqual([expect.objectContaining({ state: 'done', amount_minor: 1999, points_taken: earned })]);
    expect((await paymentRefunds(intent.paymentIntentId!)).map((r) => r.idempotencyKey)).toEqual([`order:${intent.orderId}:refund:1`]);
    expect(await balance(rig.db, userId)).toBe(0);
  });
});
