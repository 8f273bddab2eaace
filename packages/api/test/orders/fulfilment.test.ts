// Exactly once with demo payments (signed demo events through the same webhook handler as
// Stripe's), provisioning retries and refunds, e-mail retries, asynchronous provisioning, and the
// startup reconciliation after a crash.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../../src/context.ts';
import { createOutboxMailer } from '../../src/providers/mail/index.ts';
import { EsimProviderError } from '../../src/providers/esim/index.ts';
import { WebhookVerificationError } from '../../src/providers/payments/index.ts';
import { fulfilOrder } from '../../src/services/order-life/claim.ts';
import { reconcileOrders, runDueWork } from '../../src/services/order-life/due-work.ts';
import { createShopPaymentProvider } from '../../src/services/payments/payments-provider.ts';
import { receiveWebhook } from '../../src/services/payments/payment-events.ts';
import type { Services } from '../../src/context.ts';
import { CARDS, T0, counts, createOrdersRig, demo, FAST_POLICY, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function checkout(r: OrdersRig = rig) {
  const api = await r.browser().caller();
  const intent = await api.payments.createIntent({ planId: r.plans.japan1.id, email: 'demo@traveller.example' });
  return { api, intent, id: intent.paymentIntentId! };
}

describe('demo events through the webhook route', () => {
  beforeEach(async () => {
    rig = await createOrdersRig();
  });
  const nowS = Math.floor(T0.getTime() / 1000);

  it('the demo provider signs its events so /api/webhooks/stripe serves both: valid, tampered, stale, future', async () => {
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const event = demo(rig).events.find((e) => e.type === 'payment_intent.succeeded')!;
    const ok = demo(rig).signEvent(event, nowS);
    // Handled in-process already: the delivery is processed idempotently (nothing changes), then deduped.
    expect((await receiveWebhook(rig.db, rig.services, ok.payload, ok.header)).outcome).toBe('processed');
    expect((await receiveWebhook(rig.db, rig.services, ok.payload, ok.header)).outcome).toBe('duplicate');
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
    const bad = [
      { ...ok, payload: ok.payload.replace('succeeded', 'canceled') },
      demo(rig).signEvent(event, nowS - 301),
      demo(rig).signEvent(event, nowS + 301),
    ];
    for (const d of bad)
      await expect(receiveWebhook(rig.db, rig.services, d.payload, d.header)).rejects.toBeInstanceOf(WebhookVerificationError);
  });

  it('five duplicate deliveries at once, plus the in-process event, plus the return page: one order, one eSIM, one e-mail', async () => {
    // The in-process event fails once (as if the process stumbled), so the deliveries matter.
    const services = rig.services as Services;
    let dropped = 0;
    services.testHooks = {
      beforePaymentEvent: (e) => {
        if (e.type === 'payment_intent.succeeded' && dropped++ === 0) throw new Error('dropped');
      },
    };
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    expect((await counts(rig.db)).paid).toBe(0);
    const event = demo(rig).events.find((e) => e.type === 'payment_intent.succeeded')!;
    const d = demo(rig).signEvent(event, nowS);
    const results = await Promise.all([
      ...[1, 2, 3, 4, 5].map(() => receiveWebhook(rig.db, rig.services, d.payload, d.header)),
      api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret }),
      fulfilOrder(rig.db, rig.services, id),
    ]);
    expect(
      results
        .slice(0, 5)
        .map((r) => (r as { outcome: string }).outcome)
        .sort(),
    ).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'processed']);
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, paid: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
    expect(rig.mailer.sent).toHaveLength(1);
    expect(rig.esim.orderCalls).toBe(1);
  });

  it('many shoppers at once: each order fulfilled exactly once', async () => {
    const carts = await Promise.all(Array.from({ length: 20 }, () => checkout()));
    await Promise.all(
      carts.flatMap(({ api, intent, id }) => [
        api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok }),
        api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret }),
      ]),
    );
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 20, fulfilled: 20, esims: 20, emails: 20, sent: 20 });
  });
});

describe('provisioning failures', () => {
  it('fail → retry with back-off → success; the order shows provisioning meanwhile', async () => {
    rig = await createOrdersRig();
    rig.esim.failNext(2);
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    let view = await api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret });
    expect(view).toMatchObject({ orderStatus: 'provisioning', status: 'pending', ready: false });
    const row = await rig.db.selectFrom('orders').select(['provision_attempts', 'next_attempt_at', 'last_error']).executeTakeFirstOrThrow();
    expect(row.provision_attempts).toBe(1);
    expect(row.next_attempt_at).toBe(new Date(T0.getTime() + 1000).toISOString()); // base 1 s
    expect(row.last_error).toMatch(/unavailable/);
    // Not due yet: the worker leaves it alone.
    expect((await runDueWork(rig.db, rig.services)).provisioned.retry).toBe(0);
    rig.clock.advance(1000);
    expect((await runDueWork(rig.db, rig.services)).provisioned.retry).toBe(1); // 2nd failure, next in 2 s
    rig.clock.advance(2000);
    expect((await runDueWork(rig.db, rig.services)).provisioned.fulfilled).toBe(1);
    await rig.settle();
    view = await api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret });
    expect(view).toMatchObject({ orderStatus: 'fulfilled', ready: true });
    expect(await counts(rig.db)).toMatchObject({ esims: 1, sent: 1 });
  });

  it("a provider's Retry-After (a rate limit) holds the next attempt back longer than the back-off", async () => {
    rig = await createOrdersRig();
    const order = rig.esim.order.bind(rig.esim);
    let calls = 0;
    rig.esim.order = async (input) => {
      calls += 1;
      if (calls === 1) throw new EsimProviderError('unavailable', 'rate limited (429)', true, { retryAfterMs: 60_000 });
      return order(input);
    };
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const row = await rig.db.selectFrom('orders').select(['provision_attempts', 'next_attempt_at']).executeTakeFirstOrThrow();
    expect(row.provision_attempts).toBe(1);
    expect(row.next_attempt_at).toBe(new Date(T0.getTime() + 60_000).toISOString());
    rig.clock.advance(1000);
    expect((await runDueWork(rig.db, rig.services)).provisioned.fulfilled).toBe(0);
    rig.clock.advance(59_000);
    expect((await runDueWork(rig.db, rig.services)).provisioned.fulfilled).toBe(1);
  });

  it('a lost response (the provider made the eSIM, then the connection dropped): the retry gets the same eSIM', async () => {
    rig = await createOrdersRig({ simulator: { failAfterCreateTimes: 1 } });
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    rig.clock.advance(1000);
    await runDueWork(rig.db, rig.services);
    await rig.settle();
    expect(rig.esim.issuedCount).toBe(1);
    expect(await counts(rig.db)).toMatchObject({ fulfilled: 1, esims: 1, sent: 1 });
  });

  it('retries exhausted → refunded through the provider (idempotency key) → the shopper is e-mailed', async () => {
    rig = await createOrdersRig();
    rig.esim.failNext(100);
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    for (let i = 0; i < 6; i++) {
      rig.clock.advance(10_000);
      await runDueWork(rig.db, rig.services);
      await rig.settle();
    }
    const view = await api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret });
    expect(view).toMatchObject({ orderStatus: 'refunded', status: 'refunded', ready: false });
    const pi = await demo(rig).store.getIntent(id);
    expect(pi!.refunds).toEqual([expect.objectContaining({ amountMinor: 450, idempotencyKey: `order:${intent.orderId}:refund:1` })]);
    expect(rig.mailer.sent.map((m) => m.subject)).toEqual([expect.stringMatching(/refunded/)]);
    expect(rig.mailer.sent[0]!.text).toContain('$4.50');
    expect(await counts(rig.db)).toMatchObject({ esims: 0, emails: 1, sent: 1 });
  });

  it('a rejected order (not worth retrying) is refunded at once', async () => {
    rig = await createOrdersRig();
    const { api, intent, id } = await checkout();
    // The simulator refuses a validity of 0 days (a 'rejected' error, not retryable).
    await rig.db.updateTable('orders').set({ plan_validity_days: 0 }).execute();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const order = await rig.db.selectFrom('orders').select(['status', 'last_error']).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'refunded', last_error: expect.stringMatching(/validityDays/) });
    expect(rig.esim.orderCalls).toBe(1);
    expect(rig.mailer.sent.map((m) => m.subject)).toEqual([expect.stringMatching(/refunded/)]);
  });

  it('asynchronous provider: pending, polled, then fulfilled', async () => {
    rig = await createOrdersRig({ simulator: { mode: 'async', readyAfterMs: 3000 } });
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    expect(await rig.db.selectFrom('orders').select(['status', 'provider_ref', 'provision_attempts']).executeTakeFirstOrThrow()).toEqual({
      status: 'provisioning',
      provider_ref: expect.stringMatching(/^sim_/),
      provision_attempts: 0,
    });
    rig.clock.advance(1000);
    expect((await runDueWork(rig.db, rig.services)).provisioned.pending).toBe(1);
    rig.clock.advance(2500);
    expect((await runDueWork(rig.db, rig.services)).provisioned.fulfilled).toBe(1);
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ fulfilled: 1, esims: 1, sent: 1 });
  });
});

describe('confirmation codes', () => {
  it('an eSIM that needs a confirmation code: flag in the activation code, the code in a second e-mail only', async () => {
    rig = await createOrdersRig({ simulator: { confirmationCodeShare: 1 } });
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const view = await api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret });
    expect(view).toMatchObject({ confirmationCodeRequired: true, activationCode: expect.stringMatching(/\$\$1$/) });
    const code = (await rig.db.selectFrom('esims').select('confirmation_code').executeTakeFirstOrThrow()).confirmation_code!;
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(view)).not.toContain(code);
    expect(rig.mailer.sent).toHaveLength(2);
    const [delivery, second] = [...rig.mailer.sent].sort(
      (a, b) => (a.subject.includes('Confirmation') ? 1 : 0) - (b.subject.includes('Confirmation') ? 1 : 0),
    );
    expect(delivery!.text).not.toContain(code);
    expect(second!.text).toContain(code);
  });
});

describe('e-mail retries', () => {
  it('a failed send is retried with back-off and never touches the order; after the last attempt it is marked failed', async () => {
    rig = await createOrdersRig();
    rig.mailer.failNext(1);
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    expect(await rig.db.selectFrom('email_outbox').select(['status', 'attempts']).executeTakeFirstOrThrow()).toEqual({
      status: 'pending',
      attempts: 1,
    });
    expect((await rig.db.selectFrom('orders').select('status').executeTakeFirstOrThrow()).status).toBe('fulfilled');
    rig.clock.advance(1000);
    expect((await runDueWork(rig.db, rig.services)).emails.sent).toBe(1);
    expect(rig.mailer.sent).toHaveLength(1);

    const second = await checkout();
    rig.mailer.failNext(10);
    await second.api.payments.demoConfirm({ paymentIntentId: second.id, clientSecret: second.intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    for (let i = 0; i < 4; i++) {
      rig.clock.advance(5000);
      await runDueWork(rig.db, rig.services);
    }
    const rows = await rig.db.selectFrom('email_outbox').select(['status', 'attempts']).orderBy('id').execute();
    expect(rows[1]).toEqual({ status: 'failed', attempts: 3 });
    expect((await counts(rig.db)).fulfilled).toBe(2);
  });
});

describe('restart reconciliation', () => {
  /** A second process over the same database: new services, new demo provider (state from the db). */
  function restart(r: OrdersRig): Services {
    let services!: Services;
    const payments = createShopPaymentProvider(r.db, () => services, {});
    services = createServices(r.db, r.services.config, {
      now: () => r.clock.now,
      esim: r.esim,
      mailer: r.services.mailer,
      payments,
      fulfilment: FAST_POLICY,
    });
    return services;
  }

  it('payment succeeded but the process died before fulfilment: the restart fulfils exactly once', async () => {
    rig = await createOrdersRig();
    (rig.services as Services).testHooks = {
      beforePaymentEvent: (e) => {
        if (e.type === 'payment_intent.succeeded') throw new Error('crash');
      },
    };
    const { api, intent, id } = await checkout();
    const paid = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await paid.api.payments.demoConfirm({ paymentIntentId: paid.id, clientSecret: paid.intent.clientSecret, card: CARDS.declined });
    expect(await counts(rig.db)).toMatchObject({ orders: 2, paid: 0 });

    // Also: an order paid and claimed, whose provisioning died with its lease held (as long as
    // the dead process's lease policy said).
    const third = await checkout();
    await rig.db
      .updateTable('orders')
      .set({ status: 'paid', lease_until: new Date(T0.getTime() + FAST_POLICY.leaseMs).toISOString() })
      .where('payment_intent_id', '=', third.id)
      .execute();

    const after = restart(rig);
    const [a, b] = await Promise.all([reconcileOrders(rig.db, after), reconcileOrders(rig.db, after)]);
    await after.jobs.idle();
    expect(a.fulfilled + b.fulfilled).toBe(1);
    // The restart cannot tell a dead process's lease from a live sibling's: it leaves it alone.
    await runDueWork(rig.db, after);
    await after.jobs.idle();
    expect(await counts(rig.db)).toMatchObject({ orders: 3, fulfilled: 1, esims: 1 });
    // Once the lease has expired, the next pass takes the order over.
    rig.clock.advance(FAST_POLICY.leaseMs + 1);
    await runDueWork(rig.db, after);
    await after.jobs.idle();
    expect(await counts(rig.db)).toMatchObject({ orders: 3, fulfilled: 2, esims: 2, emails: 2, sent: 2 });
    expect(
      (await rig.db.selectFrom('orders').select('status').where('payment_intent_id', '=', paid.id).executeTakeFirstOrThrow()).status,
    ).toBe('payment_failed');
    // A second restart finds nothing to do.
    const again = await reconcileOrders(rig.db, restart(rig));
    expect(again).toMatchObject({ fulfilled: 0 });
    expect(await counts(rig.db)).toMatchObject({ fulfilled: 2, esims: 2, sent: 2 });
  });

  it('the .eml was written, then the process died before recording the send: the restart writes no second file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'esim-outbox-crash-'));
    try {
      rig = await createOrdersRig({ mailer: createOutboxMailer({ dir, from: 'orders@shop.example' }) });
      const { api, intent, id } = await checkout();
      await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
      await rig.settle();
      const sent = await rig.db
        .selectFrom('email_outbox')
        .select(['id', 'location', 'message_id'])
        .where('status', '=', 'sent')
        .executeTakeFirstOrThrow();
      expect((await readdir(dir)).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      // What the database holds when the process dies between writing the file and the update.
      await rig.db
        .updateTable('email_outbox')
        .set({ status: 'pending', sent_at: null, location: null, message_id: null, lease_until: rig.clock.now.toISOString() })
        .execute();
      rig.clock.advance(60_000);
      const result = await reconcileOrders(rig.db, restart(rig));
      expect(result.work.emails.sent).toBe(1);
      expect(
        await rig.db
          .selectFrom('email_outbox')
          .select(['id', 'location', 'message_id'])
          .where('status', '=', 'sent')
          .executeTakeFirstOrThrow(),
      ).toEqual(sent);
      expect(await readdir(dir)).toEqual([basename(sent.location!)]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a start-up next to a live sibling takes none of the sibling's leased work; it does once the leases expire", async () => {
    rig = await createOrdersRig();
    rig.mailer.failNext(1);
    // Order 1: delivered, its e-mail failed once and is due again — now leased by a sibling sending it.
    const first = await checkout();
    await first.api.payments.demoConfirm({ paymentIntentId: first.id, clientSecret: first.intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    // Order 2: paid, a sibling is provisioning it right now.
    const second = await checkout();
    const siblingLease = new Date(rig.clock.now.getTime() + 30_000).toISOString();
    await rig.db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: rig.clock.now.toISOString(), lease_until: siblingLease })
      .where('payment_intent_id', '=', second.id)
      .execute();
    rig.clock.advance(5_000);
    await rig.db.updateTable('email_outbox').set({ lease_until: siblingLease }).where('status', '=', 'pending').execute();
    expect(await counts(rig.db)).toMatchObject({ orders: 2, fulfilled: 1, sent: 0 });

    const result = await reconcileOrders(rig.db, restart(rig));
    expect(result.work.provisioned.fulfilled).toBe(0);
    expect(result.work.emails.sent).toBe(0);
    expect(
      await rig.db.selectFrom('orders').select('lease_until').where('payment_intent_id', '=', second.id).executeTakeFirstOrThrow(),
    ).toEqual({
      lease_until: siblingLease,
    });
    expect(await counts(rig.db)).toMatchObject({ fulfilled: 1, esims: 1, sent: 0 });

    // The sibling died: once its leases expire, a pass does the work, once.
    rig.clock.advance(30_000);
    const later = restart(rig);
    const work = await runDueWork(rig.db, later);
    await later.jobs.idle();
    expect(work.provisioned.fulfilled).toBe(1);
    expect(await counts(rig.db)).toMatchObject({ orders: 2, fulfilled: 2, esims: 2, emails: 2, sent: 2 });
  });

  it('an e-mail queued but never sent is sent after the restart', async () => {
    rig = await createOrdersRig();
    rig.mailer.failNext(1);
    const { api, intent, id } = await checkout();
    await api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    rig.clock.advance(60_000);
    const result = await reconcileOrders(rig.db, restart(rig));
    expect(result.work.emails.sent).toBe(1);
    expect(await counts(rig.db)).toMatchObject({ sent: 1 });
  });
});
