// Order privacy, the account's orders and eSIMs, guest orders joining a later account, demo
// subscriptions (create, renew, cancel at period end), and the tampered-amount property.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advanceDemoRenewal } from '../../src/services/orders/subscriptions.ts';
import { createRateLimitSettings } from '../../src/services/shared/rate-limit.ts';
import { CARDS, account, counts, createOrdersRig, verificationTokens, type Browser, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function signedIn(over: Partial<{ email: string }> = {}): Promise<Browser> {
  const b = rig.browser();
  await (await b.caller()).auth.register(account(over));
  return b;
}

async function buy(b: Browser, planId = rig.plans.japan1.id, email?: string) {
  const api = await b.caller();
  const intent = await api.payments.createIntent({ planId, ...(email ? { email } : {}) });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return intent;
}

describe('order privacy: GET /api/orders/:paymentIntentId', () => {
  it('owner ok; another user 404; guest with the client secret ok; without (or wrong) 404', async () => {
    const owner = await signedIn();
    const intent = await buy(owner);
    const pi = intent.paymentIntentId!;
    expect(await (await owner.caller()).orders.byPaymentIntent({ paymentIntentId: pi })).toMatchObject({
      id: intent.orderId,
      planFacts: { regionCode: 'JP', regionKind: 'country', coverage: 1, dataMb: 1024, validityDays: 7 },
      // An account's order: no guest address to offer an account for.
      guestEmail: null,
    });

    const other = await signedIn();
    await expect((await other.caller()).orders.byPaymentIntent({ paymentIntentId: pi })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const guest = rig.browser();
    expect((await (await guest.caller()).orders.byPaymentIntent({ paymentIntentId: pi, clientSecret: intent.clientSecret })).ready).toBe(
      true,
    );
    await expect((await guest.caller()).orders.byPaymentIntent({ paymentIntentId: pi })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      (await guest.caller()).orders.byPaymentIntent({ paymentIntentId: pi, clientSecret: `${pi}_secret_nope` }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // An unknown intent answers the same.
    await expect(
      (await guest.caller()).orders.byPaymentIntent({ paymentIntentId: 'pi_demo_unknown', clientSecret: 'x' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: "We couldn't find your order details.",
    });
  });

  it('a guest order is visible to nobody signed in, only to the secret', async () => {
    const intent = await buy(rig.browser(), rig.plans.japan1.id, 'guest@traveller.example');
    const someone = await signedIn();
    await expect((await someone.caller()).orders.byPaymentIntent({ paymentIntentId: intent.paymentIntentId! })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('the QR image: owner, the URL token, or the client secret; nobody else', async () => {
    const owner = await signedIn();
    const intent = await buy(owner);
    const view = await (await owner.caller()).orders.byPaymentIntent({ paymentIntentId: intent.paymentIntentId! });
    const url = new URL(view.qrCode!, 'http://x');
    const esimId = decodeURIComponent(url.pathname.split('/')[3]!);
    const token = url.searchParams.get('token')!;
    const anon = await rig.browser().caller();
    expect(await anon.esims.activationCode({ esimId, token })).toEqual({ activationCode: view.activationCode });
    expect(await anon.esims.activationCode({ esimId, clientSecret: intent.clientSecret })).toEqual({ activationCode: view.activationCode });
    expect(await (await owner.caller()).esims.activationCode({ esimId })).toEqual({ activationCode: view.activationCode });
    await expect(anon.esims.activationCode({ esimId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(anon.esims.activationCode({ esimId, token: `${token}x` })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect((await (await signedIn()).caller()).esims.activationCode({ esimId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('account: orders.list and esims.list', () => {
  it('lists only my orders, newest first, with display status and QR for delivered ones', async () => {
    const me = await signedIn();
    const first = await buy(me, rig.plans.japan1.id);
    rig.clock.advance(60_000);
    const api = await me.caller();
    const pending = await api.payments.createIntent({ planId: rig.plans.japan5.id, currency: 'GBP' });
    await buy(await signedIn()); // someone else's
    const list = await api.orders.list();
    expect(list.map((o) => o.id)).toEqual([pending.orderId, first.orderId]);
    expect(list[0]).toMatchObject({
      planName: 'Japan 5GB 30 Days',
      planFacts: { regionCode: 'JP', regionKind: 'country', regionName: 'Japan', coverage: 1, dataMb: 5120, validityDays: 30 },
      totalAmount: 15.79,
      totalMinor: 1579,
      currency: 'GBP',
      status: 'pending',
      orderStatus: 'pending_payment',
      esimQrCode: null,
    });
    expect(list[1]).toMatchObject({
      planId: rig.plans.japan1.id,
      totalAmount: 4.5,
      status: 'completed',
      orderStatus: 'fulfilled',
      kind: 'one_time',
      paymentIntentId: first.paymentIntentId,
      esimQrCode: expect.stringMatching(/^\/api\/esims\/ESIM-/),
    });
    expect(list[1]!.createdAt).toBe('2026-03-01T12:00:00.000Z');
    await expect((await rig.browser().caller()).orders.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('esims.list shows ICCID, plan, status in words, usage and days left (esims.refresh asks the provider); esims.get the install details', async () => {
    const me = await signedIn();
    await buy(me);
    const api = await me.caller();
    let [esim] = await api.esims.list();
    expect(esim).toMatchObject({
      id: expect.stringMatching(/^ESIM-/),
      iccid: expect.stringMatching(/^89\d{17}$/),
      planName: 'Japan 1GB 7 Days',
      planFacts: { regionCode: 'JP', regionKind: 'country', regionName: 'Japan', coverage: 1, dataMb: 1024, validityDays: 7 },
      status: 'ready',
      profileState: 'released',
      planState: 'not_active',
      usage: { usedMb: 0, totalMb: 1024, remainingMb: 1024, percent: 0 },
      daysLeft: null,
      canTopUp: true,
    });
    const detail = await api.esims.get({ iccid: esim!.iccid });
    expect(detail).toMatchObject({
      activationCode: expect.stringMatching(/^LPA:1\$smdp\.sim\.example\$/),
      qrCode: expect.stringMatching(/^\/api\/esims\/ESIM-.+\/qr\.png\?token=/),
      appleInstallUrl: expect.stringMatching(/^https:\/\/esimsetup\.apple\.com\/esim_qrcode_provisioning\?carddata=LPA%3A1%24/),
      smdpAddress: 'smdp.sim.example',
      apn: 'globaldata',
      confirmationCodeRequired: false,
    });
    await rig.esim.simulateInstall(esim!.iccid);
    rig.clock.advance(61_000);
    // The read shows what the shop last heard; the page's refresh (a mutation) asks the provider.
    [esim] = await api.esims.list();
    expect(esim).toMatchObject({ status: 'ready' });
    expect(await api.esims.refresh()).toEqual({ refreshed: 1 });
    [esim] = await api.esims.list();
    expect(esim).toMatchObject({ status: 'active', daysLeft: 7 });
    // The order's badge reads the order; the eSIM's state is its own chip; the tile counts eSIMs.
    expect(await api.orders.list()).toMatchObject([{ status: 'completed', orderStatus: 'fulfilled', esimStatus: 'active' }]);
    expect(await api.esims.counts()).toEqual({ active: 1, total: 1 });
    rig.clock.advance(8 * 24 * 3600_000);
    await api.esims.refresh({ iccid: esim!.iccid });
    [esim] = await api.esims.list();
    expect(esim).toMatchObject({ status: 'expired', daysLeft: 0, canTopUp: false });
    expect(await api.orders.list()).toMatchObject([{ status: 'completed', esimStatus: 'expired' }]);
    expect(await api.esims.counts()).toEqual({ active: 0, total: 1 });
    // Expired: no data left, whatever the package held.
    expect(esim!.usage).toMatchObject({ totalMb: 1024, remainingMb: 0 });
    expect(await (await (await signedIn()).caller()).esims.list()).toEqual([]);
  });

  it("'Top up' shows only where the provider said top-ups exist for the plan (issue 25)", async () => {
    const me = await signedIn();
    await buy(me);
    const api = await me.caller();
    expect(await api.esims.list()).toMatchObject([{ canTopUp: true }]);
    await rig.db
      .updateTable('plans')
      .set({ facts: JSON.stringify({ topUps: false }) })
      .where('id', '=', rig.plans.japan1.id)
      .execute();
    rig.services.catalog.invalidate();
    const [esim] = await api.esims.list();
    expect(esim).toMatchObject({ canTopUp: false });
    expect(await api.esims.get({ iccid: esim!.iccid })).toMatchObject({ canTopUp: false });
  });

  it('a top-up order carries the chip of the eSIM it filled; the tile counts that eSIM once', async () => {
    const me = await signedIn();
    await buy(me);
    const api = await me.caller();
    const [esim] = await api.esims.list();
    await rig.esim.simulateUsage(esim!.iccid, 100);
    rig.clock.advance(61_000);
    await api.esims.refresh();
    expect((await api.esims.list())[0]!.status).toBe('active');
    const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: esim!.iccid });
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const orders = await api.orders.list();
    expect(orders.map((o) => [o.isTopUp, o.status, o.esimStatus, o.iccid])).toEqual([
      [true, 'completed', 'active', esim!.iccid],
      [false, 'completed', 'active', esim!.iccid],
    ]);
    expect(await api.esims.counts()).toEqual({ active: 1, total: 1 });
  });

  it('an eSIM the provider expires early: no data left, and its package ended on the same day as "Valid until"', async () => {
    const me = await signedIn();
    await buy(me);
    const api = await me.caller();
    const [esim] = await api.esims.list();
    await rig.esim.simulateUsage(esim!.iccid, 300);
    rig.clock.advance(61_000);
    await api.esims.refresh();
    expect((await api.esims.list())[0]).toMatchObject({ status: 'active', usage: { usedMb: 300, remainingMb: 724 } });
    rig.clock.advance(2 * 24 * 3600_000);
    await rig.esim.simulateExpire(esim!.iccid);
    rig.clock.advance(61_000);
    await api.esims.refresh({ iccid: esim!.iccid });
    const [expired] = await api.esims.list();
    expect(expired).toMatchObject({ status: 'expired', daysLeft: 0, usage: { usedMb: 300, remainingMb: 0 } });
    const detail = await api.esims.get({ iccid: esim!.iccid });
    expect(detail.expiresAt).not.toBeNull();
    expect(detail.packages).toMatchObject([{ state: 'expired', expiresAt: detail.expiresAt }]);
    expect(detail.packages[0]!.startedAt! <= detail.expiresAt!).toBe(true);
  });

  it('guest orders placed with an e-mail join the account registered later with it (any case), once the address is verified', async () => {
    const g1 = await buy(rig.browser(), rig.plans.japan1.id, 'Later@Traveller.example');
    const g2 = await buy(rig.browser(), rig.plans.japan5.id, 'later@traveller.example');
    await buy(rig.browser(), rig.plans.japan5.id, 'someone-else@traveller.example');
    const b = await signedIn({ email: 'later@traveller.example' });
    const api = await b.caller();
    // Registering with an address proves nothing: nothing of the guest's shows yet.
    expect(await api.orders.list()).toEqual([]);
    expect(await api.esims.list()).toEqual([]);
    await expect(api.orders.byPaymentIntent({ paymentIntentId: g1.paymentIntentId! })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await api.auth.me()).toMatchObject({ emailVerified: false });

    await rig.settle();
    const link = verificationTokens(rig.mailer.sent, 'later@traveller.example').at(-1)!;
    expect(await (await rig.browser().caller()).auth.verifyEmail({ token: link })).toEqual({
      email: 'later@traveller.example',
      attachedOrders: 2,
      alreadyConfirmed: false,
    });
    expect((await api.orders.list()).map((o) => o.id).sort()).toEqual([g1.orderId, g2.orderId].sort());
    expect(await api.esims.list()).toHaveLength(2);
    expect((await api.orders.byPaymentIntent({ paymentIntentId: g1.paymentIntentId! })).ready).toBe(true);
    expect(await api.auth.me()).toMatchObject({ emailVerified: true });
  });
});

describe('subscriptions (demo)', () => {
  it('create → pay → active with the first eSIM; renewal → second eSIM; cancel takes effect at period end', async () => {
    const me = await signedIn();
    const api = await me.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id, currency: 'EUR' });
    expect(sub).toMatchObject({
      kind: 'subscription',
      provider: 'demo',
      currency: 'EUR',
      amountMinor: 1580,
      subscriptionId: expect.stringMatching(/^SUB-/),
    }); // 1699 × 0.93 = 1580.07
    expect(await api.subscriptions.list()).toEqual([]); // incomplete: not listed
    expect(
      await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok }),
    ).toMatchObject({ status: 'succeeded' });
    await rig.settle();
    let [row] = await api.subscriptions.list();
    expect(row).toMatchObject({
      id: sub.subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: false,
      amountMinor: 1580,
      currency: 'EUR',
      currentPeriodEnd: '2026-04-01T12:00:00.000Z',
      planFacts: { regionCode: 'JP', regionKind: 'country', regionName: 'Japan', coverage: 1, dataMb: 5120, validityDays: 30 },
    });
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, sent: 1 });

    rig.clock.advance(31 * 24 * 3600_000);
    expect((await advanceDemoRenewal(rig.db, rig.services, sub.subscriptionId!)).outcome).toBe('renewed');
    await rig.settle();
    // The month's data went on the same eSIM (a renewal package), with a receipt e-mail.
    expect(await counts(rig.db)).toMatchObject({ orders: 2, fulfilled: 2, esims: 1, sent: 2 });
    [row] = await api.subscriptions.list();
    expect(row).toMatchObject({ status: 'active', currentPeriodEnd: '2026-05-01T12:00:00.000Z' });
    const renewal = (await api.orders.list())[0]!;
    expect(renewal).toMatchObject({
      kind: 'subscription',
      totalMinor: 1580,
      currency: 'EUR',
      status: 'completed',
      paymentIntentId: expect.stringMatching(/^pi_demo_/),
    });

    row = await api.subscriptions.cancel({ subscriptionId: sub.subscriptionId! });
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await expect((await (await signedIn()).caller()).subscriptions.cancel({ subscriptionId: sub.subscriptionId! })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await advanceDemoRenewal(rig.db, rig.services, sub.subscriptionId!)).outcome).toBe('ended');
    await rig.settle();
    [row] = await api.subscriptions.list();
    expect(row).toMatchObject({ status: 'canceled', endedAt: expect.any(String) });
    expect((await counts(rig.db)).orders).toBe(2);
  });

  it('a failed renewal makes the subscription past_due without an order', async () => {
    const me = await signedIn();
    const api = await me.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
    await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok });
    await rig.settle();
    expect((await advanceDemoRenewal(rig.db, rig.services, sub.subscriptionId!, { fail: true })).outcome).toBe('payment_failed');
    expect((await api.subscriptions.list())[0]!.status).toBe('past_due');
    expect((await counts(rig.db)).orders).toBe(1);
  });

  it('below the minimum as a subscription (85%), fine as a one-time purchase', async () => {
    const api = await (await signedIn()).caller();
    // A 30-day plan at 0.55 USD: 85% of it is under the minimum card payment.
    const plan = await rig.db.selectFrom('plans').selectAll().where('id', '=', rig.plans.edge.id).executeTakeFirstOrThrow();
    const { id: cheap30 } = await rig.db
      .insertInto('plans')
      .values({ ...plan, id: undefined, slug: 'jp-edge-30d', name: 'Japan Edge 30 Days', validity_days: 30 })
      .returning('id')
      .executeTakeFirstOrThrow();
    rig.services.catalog.invalidate();
    await expect(api.payments.createSubscription({ planId: cheap30 })).rejects.toMatchObject({
      cause: { code: 'AMOUNT_BELOW_MINIMUM' },
    });
    expect((await api.payments.createIntent({ planId: cheap30 })).amountMinor).toBe(55);
  });

  it('only 30-day plans are sold monthly: a 7-day or 1-day plan is refused with the reason, nothing made', async () => {
    const api = await (await signedIn()).caller();
    for (const plan of [rig.plans.japan1, rig.plans.edge]) {
      await expect(api.payments.createSubscription({ planId: plan.id })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('Only 30-day plans are sold as a monthly subscription'),
        cause: { code: 'BAD_INPUT', details: { reason: 'not_subscribable' } },
      });
      await expect(api.payments.createIntent({ planId: plan.id, kind: 'subscription' })).rejects.toMatchObject({
        cause: { details: { reason: 'not_subscribable' } },
      });
    }
    expect(await counts(rig.db)).toMatchObject({ orders: 0 });
    expect(await rig.db.selectFrom('subscriptions').select('id').execute()).toEqual([]);
  });
});

describe('a tampered amount is ignored (property)', () => {
  it('whatever amount the client sends, the order and the intent carry the server total', async () => {
    const rates: Record<string, number> = { USD: 1_000_000, GBP: 790_000, EUR: 930_000 };
    // many checkouts from one client: about amounts, not the per-client limit (payment-limits.test.ts)
    rig.services.rateLimits = createRateLimitSettings({ allowlist: '203.0.113.9' });
    const api = await rig.browser().caller();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.double({ noNaN: false }),
          fc.integer(),
          fc.string(),
          fc.constant(null),
          fc.constant(undefined),
          fc.constant(-0.01),
          fc.constant(1e12),
        ),
        fc.constantFrom('USD', 'GBP', 'EUR'),
        fc.constantFrom('japan1', 'japan5'),
        async (amount, currency, planKey) => {
          const plan = rig.plans[planKey as 'japan1' | 'japan5'];
          const r = await api.payments.createIntent({
            planId: plan.id,
            amount,
            currency: currency as 'USD',
            email: 'prop@traveller.example',
          });
          const expected = Math.floor((plan.price_minor * rates[currency]! + 500_000) / 1_000_000);
          expect(r.amountMinor).toBe(expected);
          const order = await rig.db
            .selectFrom('orders')
            .select('total_amount_minor')
            .where('public_id', '=', r.orderId)
            .executeTakeFirstOrThrow();
          expect(order.total_amount_minor).toBe(expected);
          const pi = await rig.services.payments.retrievePaymentIntent(r.paymentIntentId!);
          expect(pi.amountMinor).toBe(expected);
          expect(pi.currency).toBe(currency);
        },
      ),
      { numRuns: 60 },
    );
  });
});
