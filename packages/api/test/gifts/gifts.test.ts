// Issue 29 'Gift an eSIM', through the procedures on a migrated in-memory SQLite with the demo
// payments and the eSIM simulator: giving (once, refused with a reason when installed, expired,
// refunded or given), the gift e-mail in the buyer's chosen language with a claim link, claiming
// (once; two at once → one wins) as a guest or into an account, what the buyer can no longer see
// (every path to the install details), and the refund rules (to the buyer, only while unclaimed).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDueWork } from '../../src/services/order-life/due-work.ts';
import { resendAdminOrderEmail } from '../../src/services/admin/orders.ts';
import { DAY } from '../rig.ts';
import { buy, createRewardsRig, signedIn, type RewardsRig } from '../rewards/rig.ts';
import type { Browser } from '../orders/rig.ts';

let rig: RewardsRig;
beforeEach(async () => {
  rig = await createRewardsRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string; reason: unknown }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code: string; message: string; cause?: { details?: { reason?: unknown } } };
    return { code: err.code, message: err.message, reason: err.cause?.details?.reason };
  }
  throw new Error('expected the call to fail');
}

const RECIPIENT = 'friend@elsewhere.example';

const giftTokens = (to: string) =>
  rig.mailer.sent.filter((m) => m.to === to).flatMap((m) => [...m.text.matchAll(/\/esim-link\?gift=([A-Za-z0-9_-]+)/g)].map((x) => x[1]!));
const linkTokens = (to: string) =>
  rig.mailer.sent.filter((m) => m.to === to).flatMap((m) => [...m.text.matchAll(/\/esim-link\?token=([A-Za-z0-9_-]+)/g)].map((x) => x[1]!));

async function buyerWithEsim(): Promise<{
  browser: Browser;
  userId: number;
  email: string;
  orderId: string;
  iccid: string;
  intent: Awaited<ReturnType<typeof buy>>;
}> {
  const { browser, userId } = await signedIn(rig);
  const intent = await buy(rig, browser, rig.plans.japan1.id);
  const [esim] = await (await browser.caller()).esims.list();
  const user = await rig.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return { browser, userId, email: user.email, orderId: intent.orderId, iccid: esim!.iccid, intent };
}

async function give(b: Browser, iccid: string, over: Partial<{ deliverOn: string; locale: string; recipientEmail: string }> = {}) {
  const api = await b.caller();
  const gift = await api.gifts.give({ iccid, recipientEmail: RECIPIENT, message: 'Have a great trip!', locale: 'ar', ...over });
  await rig.settle();
  return gift;
}

describe('giving an eSIM', () => {
  it("e-mails the recipient in the buyer's chosen language with a claim link; the buyer sees 'Gift sent' and no install details anywhere", async () => {
    const buyer = await buyerWithEsim();
    const buyerLinks = linkTokens(buyer.email);
    expect(buyerLinks.length).toBeGreaterThan(0);
    const api = await buyer.browser.caller();
    const before = await api.esims.get({ iccid: buyer.iccid });
    expect(before.giftable).toBe(true);
    const oldQr = new URL(before.qrCode, 'http://x').searchParams.get('token')!;

    const gift = await give(buyer.browser, buyer.iccid);
    expect(gift).toMatchObject({ status: 'sent', recipientEmail: RECIPIENT, iccid: buyer.iccid });

    const mail = rig.mailer.sent.filter((m) => m.to === RECIPIENT);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.html).toContain('dir="rtl"');
    expect(mail[0]!.text).toContain('Have a great trip!');
    // The gift e-mail carries the claim link only, never the install details nor the buyer's link.
    expect(mail[0]!.text).not.toContain(before.activationCode);
    expect(linkTokens(RECIPIENT)).toEqual([]);
    expect(giftTokens(RECIPIENT)).toHaveLength(1);

    // The buyer: no eSIM page, not in the list, 'Gift sent' in gifts.given.
    expect((await failure(api.esims.get({ iccid: buyer.iccid }))).code).toBe('NOT_FOUND');
    expect(await api.esims.list()).toEqual([]);
    expect(await api.esims.counts()).toEqual({ active: 0, total: 0 });
    expect(await api.gifts.given()).toEqual([expect.objectContaining({ status: 'sent', iccid: buyer.iccid, refundable: true })]);
    // Nor through the order's success view, the order list, the QR endpoints or the buyer's own links.
    const view = await api.orders.byPaymentIntent({
      paymentIntentId: buyer.intent.paymentIntentId!,
      clientSecret: buyer.intent.clientSecret,
    } as never);
    expect(view).toMatchObject({ activationCode: null, qrCode: null, smdpAddress: null, matchingId: null });
    expect((await api.orders.list())[0]!.esimQrCode).toBeNull();
    expect((await failure(api.esims.activationCode({ esimId: before.id }))).code).toBe('NOT_FOUND');
    expect((await failure(api.esims.activationCode({ esimId: before.id, token: oldQr }))).code).toBe('NOT_FOUND');
    expect((await failure(api.esims.activationCode({ esimId: before.id, clientSecret: buyer.intent.clientSecret! }))).code).toBe(
      'NOT_FOUND',
    );
    for (const token of buyerLinks) expect((await failure(api.esimLinks.get({ token }))).code).toBe('FORBIDDEN');
    // Nor does the owner's 'Resend the eSIM e-mail' send them to the order's address.
    const order = await rig.db.selectFrom('orders').select('id').where('public_id', '=', buyer.orderId).executeTakeFirstOrThrow();
    await expect(
      resendAdminOrderEmail(rig.db, rig.services, { userId: buyer.userId, role: 'owner' } as never, buyer.orderId),
    ).rejects.toMatchObject({ code: 'CONFLICT', details: { reason: 'gift_given' } });
    expect(
      await rig.db
        .selectFrom('email_outbox')
        .select('kind')
        .where('order_id', '=', order.id)
        .where('kind', 'like', 'esim_resend%')
        .execute(),
    ).toEqual([]);
    // Nor top it up.
    expect((await failure(api.esims.topUpOptions({ iccid: buyer.iccid }))).code).toBe('NOT_FOUND');
  });

  it('refuses with a clear 4xx: already given, installed, expired, refunded, a past or far date, your own address', async () => {
    const a = await buyerWithEsim();
    const api = await a.browser.caller();
    expect(await failure(api.gifts.give({ iccid: a.iccid, recipientEmail: a.email, message: '', locale: 'en' }))).toMatchObject({
      code: 'BAD_REQUEST',
      reason: 'self',
    });
    expect(
      await failure(api.gifts.give({ iccid: a.iccid, recipientEmail: RECIPIENT, message: '', locale: 'en', deliverOn: '2020-01-01' })),
    ).toMatchObject({ code: 'BAD_REQUEST', reason: 'past' });
    const far = new Date(rig.clock.now.getTime() + 120 * DAY).toISOString().slice(0, 10);
    expect(
      await failure(api.gifts.give({ iccid: a.iccid, recipientEmail: RECIPIENT, message: '', locale: 'en', deliverOn: far })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      reason: 'too_far',
    });
    expect(await rig.db.selectFrom('esim_gifts').selectAll().execute()).toEqual([]);

    await give(a.browser, a.iccid);
    expect(await failure(api.gifts.give({ iccid: a.iccid, recipientEmail: 'x@y.example', message: '', locale: 'en' }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'already_given',
    });

    const b = await buyerWithEsim();
    await rig.db.updateTable('esims').set({ profile_state: 'installed' }).where('iccid', '=', b.iccid).execute();
    const bApi = await b.browser.caller();
    expect(await failure(bApi.gifts.give({ iccid: b.iccid, recipientEmail: RECIPIENT, message: '', locale: 'en' }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'installed',
    });
    await rig.db.updateTable('esims').set({ profile_state: 'released', plan_state: 'expired' }).where('iccid', '=', b.iccid).execute();
    expect(await failure(bApi.gifts.give({ iccid: b.iccid, recipientEmail: RECIPIENT, message: '', locale: 'en' }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'expired',
    });

    const c = await buyerWithEsim();
    const cApi = await c.browser.caller();
    await cApi.orders.refund({ orderId: c.orderId });
    expect(await failure(cApi.gifts.give({ iccid: c.iccid, recipientEmail: RECIPIENT, message: '', locale: 'en' }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'refunded',
    });
    // Given once even by two tabs at once.
    const d = await buyerWithEsim();
    const dApi = await d.browser.caller();
    const both = await Promise.allSettled([
      dApi.gifts.give({ iccid: d.iccid, recipientEmail: RECIPIENT, message: '', locale: 'en' }),
      dApi.gifts.give({ iccid: d.iccid, recipientEmail: 'other@elsewhere.example', message: '', locale: 'en' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      await rig.db
        .selectFrom('esim_gifts')
        .selectAll()
        .where('order_id', 'in', rig.db.selectFrom('orders').select('id').where('public_id', '=', d.orderId))
        .execute(),
    ).toHaveLength(1);
  });

  it('a delivery date: nothing is sent before it, the worker sends it on the day; the link is no good before', async () => {
    const buyer = await buyerWithEsim();
    const day = new Date(rig.clock.now.getTime() + 3 * DAY).toISOString().slice(0, 10);
    const gift = await give(buyer.browser, buyer.iccid, { deliverOn: day });
    expect(gift.status).toBe('scheduled');
    await runDueWork(rig.db, rig.services);
    expect(giftTokens(RECIPIENT)).toEqual([]);
    rig.clock.advance(3 * DAY);
    await runDueWork(rig.db, rig.services);
    await rig.settle();
    expect(giftTokens(RECIPIENT)).toHaveLength(1);
    expect((await (await buyer.browser.caller()).gifts.given())[0]!.status).toBe('sent');
  });
});

describe('claiming a gift', () => {
  it('as a guest: install details through a link of their own, once; the buyer can no longer refund it', async () => {
    const buyer = await buyerWithEsim();
    await give(buyer.browser, buyer.iccid);
    const [token] = giftTokens(RECIPIENT);
    const guest = await rig.browser().caller();
    expect(await guest.gifts.preview({ token: token! })).toMatchObject({ status: 'sent', message: 'Have a great trip!' });
    const claimed = await guest.gifts.claim({ token: token! });
    expect(claimed).toMatchObject({ intoAccount: false, iccid: buyer.iccid });
    const view = await guest.esimLinks.get({ token: claimed.linkToken! });
    expect(view.iccid).toBe(buyer.iccid);
    expect(view.activationCode).toMatch(/^LPA:1\$/);
    // The QR behind the recipient's view works with its token.
    const qrToken = new URL(view.qrCode, 'http://x').searchParams.get('token')!;
    expect((await guest.esims.activationCode({ esimId: view.id, token: qrToken })).activationCode).toBe(view.activationCode);
    await rig.settle();
    expect(linkTokens(RECIPIENT)).toEqual([claimed.linkToken]);

    expect(await failure(guest.gifts.claim({ token: token! }))).toMatchObject({ code: 'CONFLICT', reason: 'already_claimed' });
    const api = await buyer.browser.caller();
    expect((await api.gifts.given())[0]).toMatchObject({ status: 'claimed', refundable: false });
    expect(await failure(api.orders.refund({ orderId: buyer.orderId }))).toMatchObject({ code: 'CONFLICT', reason: 'gift_claimed' });
    const order = await rig.db
      .selectFrom('orders')
      .select(['status', 'refund_requested_at'])
      .where('public_id', '=', buyer.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'fulfilled', refund_requested_at: null });
  });

  it('into an account: the recipient sees it, tops it up; the buyer does not', async () => {
    const buyer = await buyerWithEsim();
    await give(buyer.browser, buyer.iccid);
    const [token] = giftTokens(RECIPIENT);
    const friend = await signedIn(rig, { email: RECIPIENT });
    const fApi = await friend.browser.caller();
    expect(await fApi.gifts.claim({ token: token! })).toMatchObject({ intoAccount: true, linkToken: null });
    const mine = await fApi.esims.get({ iccid: buyer.iccid });
    expect(mine.activationCode).toMatch(/^LPA:1\$/);
    // Given once: the recipient cannot give it on.
    expect(mine.giftable).toBe(false);
    expect(
      await failure(fApi.gifts.give({ iccid: buyer.iccid, recipientEmail: 'third@elsewhere.example', message: '', locale: 'en' })),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await fApi.esims.list()).map((e) => e.iccid)).toEqual([buyer.iccid]);
    expect((await fApi.esims.counts()).total).toBe(1);
    expect((await fApi.esims.activationCode({ esimId: mine.id })).activationCode).toBe(mine.activationCode);
    await expect(fApi.esims.topUpOptions({ iccid: buyer.iccid })).resolves.toBeInstanceOf(Array);
    const bApi = await buyer.browser.caller();
    expect((await failure(bApi.esims.get({ iccid: buyer.iccid }))).code).toBe('NOT_FOUND');
    expect((await failure(bApi.esims.topUpOptions({ iccid: buyer.iccid }))).code).toBe('NOT_FOUND');
  });

  it('two claims at once: exactly one wins, the other is told it is claimed', async () => {
    const buyer = await buyerWithEsim();
    await give(buyer.browser, buyer.iccid);
    const [token] = giftTokens(RECIPIENT);
    const friend = await signedIn(rig, { email: RECIPIENT });
    const results = await Promise.allSettled([
      (await rig.browser().caller()).gifts.claim({ token: token! }),
      (await friend.browser.caller()).gifts.claim({ token: token! }),
      (await rig.browser().caller()).gifts.claim({ token: token! }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('CONFLICT');
    const gift = await rig.db.selectFrom('esim_gifts').selectAll().executeTakeFirstOrThrow();
    expect(gift.status).toBe('claimed');
    // At most one way in: an account or one guest link, never both.
    expect(Number(gift.recipient_user_id !== null) + Number(gift.recipient_link_id !== null)).toBe(1);
  });

  it('a gift refunded before the claim: the money goes to the buyer, the eSIM is cancelled, the link no longer claims', async () => {
    const buyer = await buyerWithEsim();
    await give(buyer.browser, buyer.iccid);
    const [token] = giftTokens(RECIPIENT);
    const api = await buyer.browser.caller();
    const refund = await api.orders.refund({ orderId: buyer.orderId });
    expect(refund).toMatchObject({ orderStatus: 'refunded', amountRefundedMinor: 450 });
    expect((await api.gifts.given())[0]).toMatchObject({ status: 'refunded', refundable: false });
    expect(await failure((await rig.browser().caller()).gifts.claim({ token: token! }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'refunded',
    });
    const esim = await rig.db.selectFrom('esims').select('status').where('iccid', '=', buyer.iccid).executeTakeFirstOrThrow();
    expect(esim.status).toBe('canceled');
  });

  it('a claim and a refund at once: never both', async () => {
    for (let i = 0; i < 4; i++) {
      const buyer = await buyerWithEsim();
      await give(buyer.browser, buyer.iccid, { recipientEmail: `r${i}@elsewhere.example` });
      const [token] = giftTokens(`r${i}@elsewhere.example`);
      const guest = await rig.browser().caller();
      const api = await buyer.browser.caller();
      const [claim, refund] = await Promise.allSettled([
        guest.gifts.claim({ token: token! }),
        api.orders.refund({ orderId: buyer.orderId }),
      ]);
      await rig.settle();
      const gift = await rig.db
        .selectFrom('esim_gifts')
        .select('status')
        .where('recipient_email', '=', `r${i}@elsewhere.example`)
        .executeTakeFirstOrThrow();
      const order = await rig.db.selectFrom('orders').select('status').where('public_id', '=', buyer.orderId).executeTakeFirstOrThrow();
      expect([claim.status, refund.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      expect(gift.status === 'claimed' && order.status === 'refunded').toBe(false);
    }
  });
});
