// Issue 29 'Gift an eSIM' at checkout (services/gifts/checkout-gift.ts), through the procedures on a
// migrated in-memory SQLite with the demo payments and the eSIM simulator: the buyer's e-mails and
// every read the buyer has (success view, account, 'Manage your eSIM' links, QR) carry no install
// details; the recipient gets the gift e-mail (in the chosen language, on the chosen day) and claims
// it; bad gifts are refused with a 400 and nothing written; the refund rules of a gift hold.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDueWork } from '../../src/services/order-life/due-work.ts';
import { CARDS } from '../rig.ts';
import { createRewardsRig, DAY, signedIn, type RewardsRig } from '../rewards/rig.ts';
import type { Browser } from '../orders/rig.ts';

let rig: RewardsRig;
beforeEach(async () => {
  rig = await createRewardsRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string; reason: unknown; field: unknown }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code: string; message: string; cause?: { details?: { reason?: unknown; field?: unknown } } };
    return { code: err.code, message: err.message, reason: err.cause?.details?.reason, field: err.cause?.details?.field };
  }
  throw new Error('expected the call to fail');
}

const BUYER = 'buyer@shop-guest.example';
const RECIPIENT = 'friend@elsewhere.example';
const tokensIn = (to: string, re: RegExp) =>
  rig.mailer.sent.filter((m) => m.to === to).flatMap((m) => [...m.text.matchAll(re)].map((x) => x[1]!));
const giftTokens = (to: string) => tokensIn(to, /\/esim-link\?gift=([A-Za-z0-9_-]+)/g);
const linkTokens = (to: string) => tokensIn(to, /\/esim-link\?token=([A-Za-z0-9_-]+)/g);

type Gift = { recipientEmail: string; message?: string; deliverOn?: string | null; locale?: string };

async function buyAsGift(b: Browser, gift: Gift, extra: { email?: string } = { email: BUYER }) {
  const api = await b.caller();
  const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, locale: 'en', ...extra, gift });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return intent;
}

async function rowCounts() {
  const n = async (t: 'orders' | 'checkout_gifts' | 'esim_gifts' | 'email_outbox') =>
    Number(
      (
        await rig.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { orders: await n('orders'), pending: await n('checkout_gifts'), gifts: await n('esim_gifts'), outbox: await n('email_outbox') };
}

describe('buying an eSIM as a gift at checkout', () => {
  it('a guest: the buyer gets a receipt without install details; the recipient gets the claim e-mail in the chosen language and claims it', async () => {
    const guest = rig.browser();
    const intent = await buyAsGift(guest, { recipientEmail: RECIPIENT, message: 'Bon voyage!', locale: 'ar' });
    const esim = await rig.db.selectFrom('esims').selectAll().executeTakeFirstOrThrow();

    // The buyer's outbox: the gift receipt only — no activation code, SM-DP+ address or QR; its
    // 'Manage your gift' link opens the gift, never the eSIM (below).
    const buyerMail = rig.mailer.sent.filter((m) => m.to === BUYER);
    expect(buyerMail).toHaveLength(1);
    expect(buyerMail[0]!.text).toContain(`Your gift to ${RECIPIENT} is on its way`);
    for (const m of buyerMail) {
      for (const secret of [esim.activation_code, esim.matching_id, esim.smdp_address, esim.access_token]) {
        expect(m.text).not.toContain(secret);
        expect(m.html).not.toContain(secret);
      }
      expect(m.text).not.toMatch(/qr\.png/);
    }
    const [receiptLink] = linkTokens(BUYER);
    expect(await (await guest.caller()).esimLinks.gift({ token: receiptLink! })).toMatchObject({
      recipientEmail: RECIPIENT,
      status: 'sent',
    });
    expect(await failure((await guest.caller()).esimLinks.get({ token: receiptLink! }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'gift_given',
    });
    const kinds = await rig.db.selectFrom('email_outbox').select(['kind', 'to_address']).orderBy('id').execute();
    expect(kinds).toEqual([
      { kind: 'gift_receipt', to_address: BUYER },
      { kind: 'gift', to_address: RECIPIENT },
    ]);

    // The success view (client secret) says 'gift', never the install details.
    const api = await guest.caller();
    const view = await api.orders.byPaymentIntent({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret } as never);
    expect(view).toMatchObject({
      activationCode: null,
      esimActivationCode: null,
      qrCode: null,
      smdpAddress: null,
      matchingId: null,
      gift: { recipientEmail: RECIPIENT, status: 'sent' },
    });
    expect(JSON.stringify(view)).not.toContain(esim.activation_code);
    expect((await failure(api.esims.activationCode({ esimId: esim.public_id, clientSecret: intent.clientSecret! } as never))).code).toBe(
      'NOT_FOUND',
    );

    // 'Find my order' e-mails the buyer a 'Manage your eSIM' link: it opens nothing of a given eSIM.
    await api.esimLinks.findOrder({ email: BUYER, orderNumber: intent.orderId });
    await rig.settle();
    const [buyerLink] = linkTokens(BUYER);
    expect(buyerLink).toBeDefined();
    expect(await failure(api.esimLinks.get({ token: buyerLink! }))).toMatchObject({ code: 'FORBIDDEN', reason: 'gift_given' });

    // The recipient: an Arabic e-mail with the claim link; claiming as a guest opens the install details.
    const mail = rig.mailer.sent.filter((m) => m.to === RECIPIENT);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.html).toContain('dir="rtl"');
    expect(mail[0]!.text).toContain('Bon voyage!');
    expect(mail[0]!.text).not.toContain(esim.activation_code);
    const [token] = giftTokens(RECIPIENT);
    const friend = await rig.browser().caller();
    const claimed = await friend.gifts.claim({ token: token! });
    const details = await friend.esimLinks.get({ token: claimed.linkToken! });
    expect(details.activationCode).toBe(esim.activation_code);
    // The buyer after the claim: 'claimed', still nothing to install.
    const after = await api.orders.byPaymentIntent({
      paymentIntentId: intent.paymentIntentId!,
      clientSecret: intent.clientSecret,
    } as never);
    expect(after).toMatchObject({ activationCode: null, gift: { status: 'claimed' } });
  });

  it('signed in: the gift shows in the buyer account as sent, never as an eSIM of theirs; links and the order list hide the details', async () => {
    const { browser } = await signedIn(rig);
    await buyAsGift(browser, { recipientEmail: RECIPIENT }, {});
    const api = await browser.caller();
    expect(await api.esims.list()).toEqual([]);
    const [given] = await api.gifts.given();
    expect(given).toMatchObject({ status: 'sent', recipientEmail: RECIPIENT, refundable: true });
    expect((await failure(api.esims.get({ iccid: given!.iccid }))).code).toBe('NOT_FOUND');
    expect((await api.orders.list())[0]!.esimQrCode).toBeNull();
    // The receipt's 'Manage your gift' link opens the gift only, never the eSIM.
    const user = await rig.db.selectFrom('users').select('email').executeTakeFirstOrThrow();
    const [link] = linkTokens(user.email);
    expect(await api.esimLinks.gift({ token: link! })).toMatchObject({ status: 'sent', recipientEmail: RECIPIENT });
    expect((await failure(api.esimLinks.get({ token: link! }))).code).toBe('FORBIDDEN');
    expect(giftTokens(RECIPIENT)).toHaveLength(1);
  });

  it('a delivery date ahead: no gift e-mail until that day (the worker sends it then); the receipt says when', async () => {
    const day = new Date(rig.clock.now.getTime() + 200 * DAY).toISOString().slice(0, 10);
    const guest = rig.browser();
    const intent = await buyAsGift(guest, { recipientEmail: RECIPIENT, deliverOn: day, locale: 'de' });
    expect(rig.mailer.sent.filter((m) => m.to === RECIPIENT)).toEqual([]);
    const receipt = rig.mailer.sent.find((m) => m.to === BUYER)!;
    expect(receipt.text).toContain(`Your gift to ${RECIPIENT} will be delivered on`);
    const view = await (await guest.caller()).orders.byPaymentIntent({
      paymentIntentId: intent.paymentIntentId!,
      clientSecret: intent.clientSecret,
    } as never);
    expect(view.gift).toMatchObject({ status: 'scheduled', deliverAt: `${day}T00:00:00.000Z` });
    rig.clock.advance(199 * DAY);
    await runDueWork(rig.db, rig.services);
    await rig.settle();
    expect(giftTokens(RECIPIENT)).toEqual([]);
    rig.clock.advance(1 * DAY);
    await runDueWork(rig.db, rig.services);
    await rig.settle();
    expect(giftTokens(RECIPIENT)).toHaveLength(1);
    expect(rig.mailer.sent.find((m) => m.to === RECIPIENT)!.subject).not.toMatch(/sent you an eSIM/);
  });

  it('refuses a bad gift with a 400 and writes nothing: own address, too long, past or far date, not an e-mail, a subscription, a top-up', async () => {
    const guest = await rig.browser().caller();
    const { browser } = await signedIn(rig);
    const member = await browser.caller();
    const user = await rig.db.selectFrom('users').select('email').executeTakeFirstOrThrow();
    const before = await rowCounts();
    const base = { planId: rig.plans.japan1.id, email: BUYER };
    const cases: [Promise<unknown>, string, unknown][] = [
      [guest.payments.createIntent({ ...base, gift: { recipientEmail: BUYER.toUpperCase() } }), 'BAD_REQUEST', 'self'],
      // A signed-in buyer with another receipt address: their account's address is theirs too.
      [member.payments.createIntent({ ...base, gift: { recipientEmail: user.email } }), 'BAD_REQUEST', 'self'],
      [guest.payments.createIntent({ ...base, gift: { recipientEmail: RECIPIENT, message: 'x'.repeat(501) } }), 'BAD_REQUEST', undefined],
      [guest.payments.createIntent({ ...base, gift: { recipientEmail: RECIPIENT, deliverOn: '2020-01-01' } }), 'BAD_REQUEST', 'past'],
      [
        guest.payments.createIntent({
          ...base,
          gift: { recipientEmail: RECIPIENT, deliverOn: new Date(rig.clock.now.getTime() + 400 * DAY).toISOString().slice(0, 10) },
        }),
        'BAD_REQUEST',
        'too_far',
      ],
      [guest.payments.createIntent({ ...base, gift: { recipientEmail: RECIPIENT, deliverOn: 'soon' } }), 'BAD_REQUEST', 'invalid'],
      [guest.payments.createIntent({ ...base, gift: { recipientEmail: 'not-an-address' } }), 'BAD_REQUEST', undefined],
      [
        member.payments.createIntent({ planId: rig.plans.japan1.id, kind: 'subscription', gift: { recipientEmail: RECIPIENT } }),
        'BAD_REQUEST',
        'not_for_subscriptions',
      ],
      [
        member.payments.createSubscription({ planId: rig.plans.japan1.id, gift: { recipientEmail: RECIPIENT } } as never),
        'BAD_REQUEST',
        'not_for_subscriptions',
      ],
    ];
    for (const [call, code, reason] of cases) {
      const f = await failure(call);
      expect(f.code).toBe(code);
      if (reason !== undefined) expect(f.reason).toBe(reason);
      expect(f.message.length).toBeGreaterThan(10);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('a top-up cannot be a gift (400, nothing written)', async () => {
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id });
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const [esim] = await api.esims.list();
    const before = await rowCounts();
    const f = await failure(
      api.payments.createIntent({ planId: rig.plans.japan1.id, topUpIccid: esim!.iccid, gift: { recipientEmail: RECIPIENT } }),
    );
    expect(f).toMatchObject({ code: 'BAD_REQUEST', reason: 'not_for_top_ups' });
    expect(await rowCounts()).toEqual(before);
  });

  it('Pay again after a decline (the same checkout) with the gift switched on, or off: the paid order follows the last Pay', async () => {
    const guest = rig.browser();
    const api = await guest.caller();
    const pay = async (token: string, gift: Gift | undefined, card: (typeof CARDS)[keyof typeof CARDS]) => {
      const intent = await api.payments.createIntent({
        planId: rig.plans.japan1.id,
        email: BUYER,
        checkoutToken: token,
        ...(gift ? { gift } : {}),
      });
      const paid = await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card });
      await rig.settle();
      return { intent, paid };
    };
    // Declined without a gift, then paid as a gift: one order, given.
    const first = await pay('checkout-token-gift-on-0001', undefined, CARDS.declined);
    expect(first.paid.status).not.toBe('succeeded');
    const second = await pay('checkout-token-gift-on-0001', { recipientEmail: RECIPIENT }, CARDS.ok);
    expect(second.intent.orderId).toBe(first.intent.orderId);
    expect(second.paid.status).toBe('succeeded');
    expect(giftTokens(RECIPIENT)).toHaveLength(1);
    const kinds = await rig.db.selectFrom('email_outbox').select('kind').where('to_address', '=', BUYER).execute();
    expect(kinds.map((k) => k.kind)).toEqual(['gift_receipt']);

    // Declined as a gift, then paid with the gift switched off: the buyer's own eSIM, no gift.
    const third = await pay('checkout-token-gift-off-001', { recipientEmail: 'other@elsewhere.example' }, CARDS.declined);
    const fourth = await pay('checkout-token-gift-off-001', undefined, CARDS.ok);
    expect(fourth.intent.orderId).toBe(third.intent.orderId);
    const order = await rig.db.selectFrom('orders').select('id').where('public_id', '=', fourth.intent.orderId).executeTakeFirstOrThrow();
    expect(await rig.db.selectFrom('esim_gifts').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    expect(await rig.db.selectFrom('email_outbox').select('kind').where('order_id', '=', order.id).execute()).toEqual([
      { kind: 'esim_delivery' },
    ]);
    expect(giftTokens('other@elsewhere.example')).toEqual([]);
  });

  it("a guest buyer's link: the gift's state without install details; a refund with the e-mailed code while unclaimed, refused once claimed", async () => {
    rig.services.rateLimits = { ...rig.services.rateLimits, multiplier: 100 };
    const refundCode = () => {
      const m = rig.mailer.sent.filter((x) => x.to === BUYER).at(-1);
      return /\b(\d{6})\b/.exec(m?.text ?? '')?.[1];
    };
    // Unclaimed: the buyer (no account) finds the order, sees 'sent', and refunds it with the code.
    const guest = rig.browser();
    const api = await guest.caller();
    const intent = await buyAsGift(guest, { recipientEmail: RECIPIENT });
    const esim = await rig.db.selectFrom('esims').selectAll().executeTakeFirstOrThrow();
    await api.esimLinks.findOrder({ email: BUYER, orderNumber: intent.orderId });
    await rig.settle();
    const [link] = linkTokens(BUYER);
    const gift = await api.esimLinks.gift({ token: link! });
    expect(gift).toMatchObject({ orderId: intent.orderId, recipientEmail: RECIPIENT, status: 'sent', refundable: true });
    for (const secret of [esim.activation_code, esim.matching_id, esim.access_token]) expect(JSON.stringify(gift)).not.toContain(secret);
    // The eSIM's own page stays closed to the buyer's link.
    expect(await failure(api.esimLinks.get({ token: link! }))).toMatchObject({ code: 'FORBIDDEN', reason: 'gift_given' });
    await api.esimLinks.refundCode({ token: link! });
    await rig.settle();
    expect(await api.esimLinks.refund({ token: link!, code: refundCode()! })).toMatchObject({ orderStatus: 'refunded' });
    expect(await api.esimLinks.gift({ token: link! })).toMatchObject({ status: 'refunded', refundable: false });
    const [claimToken] = giftTokens(RECIPIENT);
    expect(await failure((await rig.browser().caller()).gifts.claim({ token: claimToken! }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'refunded',
    });

    // Claimed: the buyer's link shows 'claimed' and the refund is refused (the code is still asked for first).
    const other = 'other.friend@elsewhere.example';
    const second = await buyAsGift(guest, { recipientEmail: other });
    const [secondClaim] = giftTokens(other);
    await (await rig.browser().caller()).gifts.claim({ token: secondClaim! });
    await api.esimLinks.findOrder({ email: BUYER, orderNumber: second.orderId });
    await rig.settle();
    const secondLink = linkTokens(BUYER).at(-1)!;
    expect(await api.esimLinks.gift({ token: secondLink })).toMatchObject({
      orderId: second.orderId,
      status: 'claimed',
      refundable: false,
    });
    await api.esimLinks.refundCode({ token: secondLink });
    await rig.settle();
    expect(await failure(api.esimLinks.refund({ token: secondLink, code: refundCode()! }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'gift_claimed',
    });
    // A link of an order that is not a gift: its gift is not found (its page is the eSIM's own).
    const plain = await (await rig.browser().caller()).payments.createIntent({
      planId: rig.plans.japan1.id,
      email: 'plain@shop-guest.example',
    });
    await api.payments.demoConfirm({ paymentIntentId: plain.paymentIntentId!, clientSecret: plain.clientSecret, card: CARDS.ok });
    await rig.settle();
    await api.esimLinks.findOrder({ email: 'plain@shop-guest.example', orderNumber: plain.orderId });
    await rig.settle();
    const [plainLink] = linkTokens('plain@shop-guest.example');
    expect((await failure(api.esimLinks.gift({ token: plainLink! }))).code).toBe('NOT_FOUND');
  });

  it('refunds: to the buyer while neither claimed nor installed; refused once claimed; a claim and a refund at once never both win', async () => {
    // Seven buyers from one network: the sign-up limit is not what this test is about.
    rig.services.rateLimits = { ...rig.services.rateLimits, multiplier: 100 };
    // Refund before the claim: the money goes back, the link no longer claims.
    const a = await signedIn(rig);
    const aIntent = await buyAsGift(a.browser, { recipientEmail: 'a@elsewhere.example' }, {});
    const aApi = await a.browser.caller();
    expect(await aApi.orders.refund({ orderId: aIntent.orderId })).toMatchObject({ orderStatus: 'refunded' });
    const [aToken] = giftTokens('a@elsewhere.example');
    expect(await failure((await rig.browser().caller()).gifts.claim({ token: aToken! }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'refunded',
    });

    // Claimed: the buyer's refund is refused, the order stays fulfilled.
    const b = await signedIn(rig);
    const bIntent = await buyAsGift(b.browser, { recipientEmail: 'b@elsewhere.example' }, {});
    const [bToken] = giftTokens('b@elsewhere.example');
    await (await rig.browser().caller()).gifts.claim({ token: bToken! });
    expect(await failure((await b.browser.caller()).orders.refund({ orderId: bIntent.orderId }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'gift_claimed',
    });

    // A refund dropped before any money moved (the provider cannot cancel the eSIM now) leaves the
    // gift as it was: still 'sent', and its recipient can still claim it.
    const e = await signedIn(rig);
    const eIntent = await buyAsGift(e.browser, { recipientEmail: 'e@elsewhere.example' }, {});
    const cancel = rig.esim.cancel.bind(rig.esim);
    rig.esim.cancel = async () => {
      throw new Error('provider unreachable');
    };
    try {
      expect((await failure((await e.browser.caller()).orders.refund({ orderId: eIntent.orderId }))).code).toBe('BAD_GATEWAY');
    } finally {
      rig.esim.cancel = cancel;
    }
    const eGift = await rig.db
      .selectFrom('esim_gifts')
      .select(['status', 'refunded_at'])
      .where('recipient_email', '=', 'e@elsewhere.example')
      .executeTakeFirstOrThrow();
    expect(eGift).toEqual({ status: 'sent', refunded_at: null });
    const [eToken] = giftTokens('e@elsewhere.example');
    expect(await (await rig.browser().caller()).gifts.claim({ token: eToken! })).toMatchObject({ linkToken: expect.any(String) });

    // Installed (by the recipient, after a claim, or before: the provider reports it): the refund rules refuse it.
    const d = await signedIn(rig);
    const dIntent = await buyAsGift(d.browser, { recipientEmail: 'd@elsewhere.example' }, {});
    const dOrder = await rig.db.selectFrom('orders').select('id').where('public_id', '=', dIntent.orderId).executeTakeFirstOrThrow();
    await rig.db.updateTable('esims').set({ profile_state: 'installed' }).where('order_id', '=', dOrder.id).execute();
    const refused = await failure((await d.browser.caller()).orders.refund({ orderId: dIntent.orderId }));
    expect(refused).toMatchObject({ code: 'CONFLICT', reason: 'installed' });
    expect(await rig.db.selectFrom('refunds').select('id').where('order_id', '=', dOrder.id).execute()).toEqual([]);

    // Races.
    for (let i = 0; i < 3; i++) {
      const c = await signedIn(rig);
      const to = `race${i}@elsewhere.example`;
      const cIntent = await buyAsGift(c.browser, { recipientEmail: to }, {});
      const [token] = giftTokens(to);
      const [claim, refund] = await Promise.allSettled([
        (await rig.browser().caller()).gifts.claim({ token: token! }),
        (await c.browser.caller()).orders.refund({ orderId: cIntent.orderId }),
      ]);
      await rig.settle();
      expect([claim.status, refund.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      const order = await rig.db.selectFrom('orders').select('status').where('public_id', '=', cIntent.orderId).executeTakeFirstOrThrow();
      const gift = await rig.db.selectFrom('esim_gifts').select('status').where('recipient_email', '=', to).executeTakeFirstOrThrow();
      expect(gift.status === 'claimed' && order.status === 'refunded').toBe(false);
    }
  });
});
