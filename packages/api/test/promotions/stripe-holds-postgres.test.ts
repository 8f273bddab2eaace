// Issue 29 on a throwaway PostgreSQL cluster (skipped, with the reason, where no binaries exist):
// holds decided under real concurrency (a pool of connections; the promo code's row lock). Six
// guests with six addresses and ONE card check out with a code of 1 use per customer; all six
// holds are authorised and their events delivered at once: exactly one is captured, five holds
// are canceled (no money taken) with 'already used', and the code counts one use. And the device
// sightings' upsert.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { StripePaymentProvider } from '../../src/providers/payments/index.ts';
import { receiveWebhook } from '../../src/services/payments/payment-events.ts';
import { recordDeviceSighting } from '../../src/services/accounts/sessions.ts';
import { account } from '../orders/rig.ts';
import { WHSEC, createStripeFake } from '../orders/stripe-fake.ts';
import { makeAdmin } from '../rig.ts';
import { createRewardsRig, type RewardsRig } from '../rewards/rig.ts';

const available = findPgBinaries() !== null;
if (!available) console.warn(`[@esim/api] skipping PostgreSQL hold tests: ${pgUnavailableReason()}`);

describe.skipIf(!available)('Stripe holds on PostgreSQL', () => {
  const fake = createStripeFake();
  const server = setupServer(...fake.handlers);
  let cluster: PgCluster | undefined;
  let rig: RewardsRig;
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    cluster = await startPgCluster();
    const handle = createDb(cluster.url);
    await migrateToLatest(handle.db);
    rig = await createRewardsRig({
      handle,
      payments: () =>
        new StripePaymentProvider({
          secretKey: 'sk_test_pg_holds',
          publishableKey: 'pk_test_pg_holds',
          webhookSecret: WHSEC,
          clientConfig: { maxNetworkRetries: 0, telemetry: false },
        }),
    });
    rig.services.rateLimits = { ...rig.services.rateLimits, multiplier: 100 };
    const admin = rig.browser();
    await (await admin.caller()).auth.register(account({ username: 'pg_hold_owner', email: 'pg-hold-owner@shop.example' }));
    await makeAdmin(rig.db, 'pg_hold_owner', rig.clock.now);
    await (await admin.caller()).admin.promotions.create({
      code: 'ONEPERCARD',
      kind: 'percent',
      percent: 10,
      amounts: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 1,
      minSpendUsdMinor: 0,
      regionIds: null,
      planIds: null,
      firstOrderOnly: false,
      combinesWithPoints: true,
    });
  }, 90_000);
  afterAll(async () => {
    await rig?.settle();
    await rig?.close();
    await cluster?.stop();
    server.close();
  });

  it('six holds of one card decided at once: one captured, five released with PROMO_ALREADY_USED', async () => {
    const orders = [];
    for (let i = 0; i < 6; i++) {
      const b = rig.browser({ ip: `198.51.100.${i + 10}` });
      orders.push(
        await (await b.caller()).payments.createIntent({
          planId: rig.plans.japan5.id,
          email: `pg${i}@guest.example`,
          promoCode: 'ONEPERCARD',
        }),
      );
    }
    const now = Math.floor(rig.clock.now.getTime() / 1000);
    await Promise.all(
      orders.map(async (o) => {
        fake.pay(o.paymentIntentId!, 'succeeded', { fingerprint: 'fp_pg_card' });
        const payload = JSON.stringify(
          fake.event('payment_intent.amount_capturable_updated', structuredClone(fake.intents.get(o.paymentIntentId!)), now),
        );
        await receiveWebhook(rig.db, rig.services, payload, fake.sign(payload, now));
      }),
    );
    await rig.settle();
    expect(fake.captures).toHaveLength(1);
    const rows = await rig.db
      .selectFrom('orders')
      .select(['status', 'last_error'])
      .where(
        'public_id',
        'in',
        orders.map((o) => o.orderId),
      )
      .execute();
    expect(rows.filter((r) => r.status === 'fulfilled' || r.status === 'paid' || r.status === 'provisioning')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'canceled' && r.last_error === 'PROMO_ALREADY_USED')).toHaveLength(5);
    expect(orders.filter((o) => fake.intents.get(o.paymentIntentId!)!.status === 'canceled')).toHaveLength(5);
    const code = await rig.db.selectFrom('promo_codes').select('uses_count').where('code', '=', 'ONEPERCARD').executeTakeFirstOrThrow();
    expect(code.uses_count).toBe(1);
  });

  it('a device seen twice by one account is one row (the upsert on PostgreSQL), its last sighting updated', async () => {
    const user = await rig.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const hash = 'd'.repeat(64);
    await recordDeviceSighting(rig.db, user.id, hash, '2026-11-28T10:00:00.000Z');
    await recordDeviceSighting(rig.db, user.id, hash, '2026-11-28T11:00:00.000Z');
    expect(
      await rig.db.selectFrom('device_sightings').select(['first_seen_at', 'last_seen_at']).where('device_hash', '=', hash).execute(),
    ).toEqual([{ first_seen_at: '2026-11-28T10:00:00.000Z', last_seen_at: '2026-11-28T11:00:00.000Z' }]);
  });
});
