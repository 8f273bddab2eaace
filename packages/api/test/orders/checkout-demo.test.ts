// Checkout with demo payments, through the procedures (createCaller): order first, server-side
// total, the demo card rules, the same fulfilment as Stripe, and the order-success view.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseActivationCode } from '../../src/domain/activation-code.ts';
import { isValidIccidPattern, luhnValid } from '../../src/domain/iccid.ts';
import { CARDS, account, counts, createOrdersRig, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.close();
});

async function guestCheckout(over: Record<string, unknown> = {}) {
  const b = rig.browser();
  const api = await b.caller();
  const intent = await api.payments.createIntent({
    planId: rig.plans.japan5.id,
    amount: 19.99,
    email: 'Guest@Traveller.example',
    ...over,
  } as never);
  return { b, api, intent };
}

describe('create-payment-intent (demo)', () => {
  it('creates the order pending_payment first, then the intent; returns what the page needs', async () => {
    const { intent } = await guestCheckout();
    expect(intent).toMatchObject({
      provider: 'demo',
      publishableKey: null,
      amount: 19.99,
      amountMinor: 1999,
      currency: 'USD',
      kind: 'one_time',
      paymentStatus: 'requires_payment_method',
      subscriptionId: null,
      reused: false,
    });
    expect(intent.orderId).toMatch(/^ORD-[0-9A-Z]{10}$/);
    expect(intent.paymentIntentId).toMatch(/^pi_demo_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.paymentIntentId}_secret_`));
    const row = await rig.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      public_id: intent.orderId,
      status: 'pending_payment',
      email: 'guest@traveller.example',
      user_id: null,
      plan_name: 'Japan 5GB 30 Days',
      plan_data_amount: '5GB',
      plan_validity_days: 30,
      total_amount_minor: 1999,
      payment_intent_id: intent.paymentIntentId,
      payment_provider: 'demo',
    });
    // Only a hash of the client secret is stored.
    expect(row.client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(intent.clientSecret);
  });

  it('converts with the stored rate, from the body or the X-Currency header', async () => {
    const gbp = await (await rig.browser().caller()).payments.createIntent({
      planId: rig.plans.japan5.id,
      email: 'a@b.example',
      currency: 'gbp',
    });
    expect(gbp).toMatchObject({ currency: 'GBP', amountMinor: 1579, amount: 15.79 }); // 1999 × 0.79 = 1579.21
    const eur = await (await rig.browser({ currency: 'EUR' }).caller()).payments.createIntent({
      planId: rig.plans.japan5.id,
      email: 'a@b.example',
    });
    expect(eur).toMatchObject({ currency: 'EUR', amountMinor: 1859 }); // 1859.07
    const junk = await (await rig.browser({ currency: 'XYZ' }).caller()).payments.createIntent({
      planId: rig.plans.japan5.id,
      email: 'a@b.example',
    });
    expect(junk.currency).toBe('USD');
  });

  it('refuses bad input with clear 4xx codes', async () => {
    const api = await rig.browser().caller();
    await expect(api.payments.createIntent({ planId: rig.plans.japan5.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/e-mail/),
    });
    await expect(api.payments.createIntent({ planId: 999_999, email: 'a@b.example' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.payments.createIntent({ planId: -1, email: 'a@b.example' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'not-an-email' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'a@b.example', currency: 'KRW' } as never),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const tiny = await api.payments.createIntent({ planId: rig.plans.tiny.id, email: 'a@b.example' }).catch((e: unknown) => e);
    expect(tiny).toMatchObject({ code: 'BAD_REQUEST', cause: { code: 'AMOUNT_BELOW_MINIMUM' } });
    expect((await counts(rig.db)).orders).toBe(0);
  });

  it('a signed-in buyer defaults to the account e-mail and owns the order', async () => {
    const b = rig.browser();
    const me = account();
    await (await b.caller()).auth.register(me);
    const intent = await (await b.caller()).payments.createIntent({ planId: rig.plans.japan1.id });
    const row = await rig.db
      .selectFrom('orders')
      .select(['email', 'user_id'])
      .where('public_id', '=', intent.orderId)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(me.email);
    expect(row.user_id).not.toBeNull();
  });

  it('a retried checkout (same token) gets the same order and intent; a new token or plan gets a new one', async () => {
    const token = 'tok_0123456789abcdef';
    const api = await rig.browser().caller();
    const input = { planId: rig.plans.japan5.id, email: 'retry@traveller.example', checkoutToken: token };
    const [a, b, c] = await Promise.all([
      api.payments.createIntent(input),
      api.payments.createIntent(input),
      api.payments.createIntent(input),
    ]);
    expect(new Set([a.paymentIntentId, b.paymentIntentId, c.paymentIntentId]).size).toBe(1);
    expect(new Set([a.clientSecret, b.clientSecret, c.clientSecret]).size).toBe(1);
    expect([a, b, c].filter((x) => x.reused)).toHaveLength(2);
    expect((await counts(rig.db)).orders).toBe(1);
    const other = await api.payments.createIntent({ ...input, checkoutToken: 'tok_fedcba9876543210' });
    expect(other.paymentIntentId).not.toBe(a.paymentIntentId);
    const otherPlan = await api.payments.createIntent({ ...input, planId: rig.plans.japan1.id });
    expect(otherPlan.paymentIntentId).not.toBe(a.paymentIntentId);
    expect((await counts(rig.db)).orders).toBe(3);
  });

  it('a retry after a declined card reuses the same intent; paying it then fulfils the one order', async () => {
    const token = 'tok_retry_after_decline';
    const api = await rig.browser().caller();
    const input = { planId: rig.plans.japan5.id, email: 'retry@traveller.example', checkoutToken: token };
    const first = await api.payments.createIntent(input);
    const declined = await api.payments.demoConfirm({
      paymentIntentId: first.paymentIntentId!,
      clientSecret: first.clientSecret,
      card: CARDS.declined,
    });
    expect(declined).toMatchObject({
      status: 'failed',
      error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
    });
    expect((await rig.db.selectFrom('orders').select('status').executeTakeFirstOrThrow()).status).toBe('payment_failed');
    const again = await api.payments.createIntent(input);
    expect(again).toMatchObject({ paymentIntentId: first.paymentIntentId, reused: true, paymentStatus: 'requires_payment_method' });
    const ok = await api.payments.demoConfirm({
      paymentIntentId: first.paymentIntentId!,
      clientSecret: first.clientSecret,
      card: CARDS.ok,
    });
    expect(ok.status).toBe('succeeded');
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
    // After payment the same token answers with the paid intent (the page moves on to success).
    expect(await api.payments.createIntent(input)).toMatchObject({ paymentIntentId: first.paymentIntentId, paymentStatus: 'succeeded' });
  });
});

describe('demo confirm → fulfilment', () => {
  it('4242: succeeded; the order is fulfilled with a real activation code; one e-mail with the QR inline', async () => {
    const { api, intent } = await guestCheckout();
    const res = await api.payments.demoConfirm({
      paymentIntentId: intent.paymentIntentId!,
      clientSecret: intent.clientSecret,
      card: CARDS.ok,
    });
    expect(res).toEqual({ paymentIntentId: intent.paymentIntentId, status: 'succeeded' });
    await rig.settle();
    const view = await api.orders.byPaymentIntent({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret });
    expect(view).toMatchObject({
      id: intent.orderId,
      planName: 'Japan 5GB 30 Days',
      planData: '5GB',
      planValidity: '30 days',
      totalAmount: 19.99,
      totalMinor: 1999,
      currency: 'USD',
      paymentMethod: 'Card',
      status: 'completed',
      orderStatus: 'fulfilled',
      ready: true,
      smdpAddress: 'smdp.sim.example',
      confirmationCodeRequired: false,
      apn: 'globaldata',
      // A guest's order: the address it was placed with (for 'Create an account with this e-mail').
      guestEmail: 'guest@traveller.example',
    });
    expect(view.activationCode).toBe(view.esimActivationCode);
    const parts = parseActivationCode(view.activationCode!);
    expect(view.activationCode).toBe(`LPA:1$${parts.smdpAddress}$${parts.matchingId}`);
    expect(view.matchingId).toBe(parts.matchingId);
    expect(isValidIccidPattern(view.iccid!) && luhnValid(view.iccid!)).toBe(true);
    expect(view.qrCode).toMatch(/^\/api\/esims\/ESIM-[0-9A-Z]{10}\/qr\.png\?token=[A-Za-z0-9_-]{32}$/);
    expect(view.esimQrCode).toBe(view.qrCode);
    expect(view.appleInstallUrl).toBe(
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(view.activationCode!)}`,
    );
    expect(rig.mailer.sent).toHaveLength(1);
    const mail = rig.mailer.sent[0]!;
    expect(mail.to).toBe('guest@traveller.example');
    expect(mail.text).toContain(view.activationCode!);
    expect(mail.text).toContain('$19.99');
    expect(mail.html).toContain(`cid:${mail.attachments![0]!.cid}`);
    expect(mail.attachments![0]).toMatchObject({ contentType: 'image/png', filename: 'esim-qr.png' });
  });

  it('declined and insufficient-funds cards: failed with Stripe wording, no paid order', async () => {
    const { api, intent } = await guestCheckout();
    const id = intent.paymentIntentId!;
    expect(
      await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.insufficient }),
    ).toMatchObject({
      status: 'failed',
      error: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, paid: 0, esims: 0, emails: 0 });
    const view = await api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret });
    expect(view).toMatchObject({ orderStatus: 'payment_failed', status: 'failed', ready: false, activationCode: null, qrCode: null });
  });

  it('3-D Secure card: requires_action, then approve → succeeded (or deny → failed)', async () => {
    const { api, intent } = await guestCheckout();
    const id = intent.paymentIntentId!;
    expect(await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.threeDs })).toEqual({
      paymentIntentId: id,
      status: 'requires_action',
    });
    expect((await counts(rig.db)).paid).toBe(0);
    expect(await api.payments.demoConfirmAction({ paymentIntentId: id, clientSecret: intent.clientSecret, approve: true })).toEqual({
      paymentIntentId: id,
      status: 'succeeded',
    });
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ fulfilled: 1, esims: 1, sent: 1 });

    const second = await guestCheckout();
    const id2 = second.intent.paymentIntentId!;
    await second.api.payments.demoConfirm({ paymentIntentId: id2, clientSecret: second.intent.clientSecret, card: CARDS.threeDs });
    expect(
      await second.api.payments.demoConfirmAction({ paymentIntentId: id2, clientSecret: second.intent.clientSecret, approve: false }),
    ).toMatchObject({
      status: 'failed',
      error: { code: 'payment_intent_authentication_failure' },
    });
  });

  it('a wrong client secret or unknown intent is 404; a double submit after success answers succeeded once more', async () => {
    const { api, intent } = await guestCheckout();
    const id = intent.paymentIntentId!;
    await expect(
      api.payments.demoConfirm({ paymentIntentId: id, clientSecret: `${id}_secret_wrong`, card: CARDS.ok }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.payments.demoConfirm({ paymentIntentId: 'pi_demo_nope', clientSecret: 'x', card: CARDS.ok })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const [a, b] = await Promise.all([
      api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok }),
      api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok }),
    ]);
    expect([a.status, b.status]).toEqual(['succeeded', 'succeeded']);
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
  });

  it('payments.config tells the page which form to show', async () => {
    expect(await (await rig.browser().caller()).payments.config()).toEqual({ provider: 'demo', publishableKey: null });
  });
});
