// transition(): the one writer of orders.status, on SQLite and on PostgreSQL. The table is
// enforced, every move writes one order_events row with it, racing callers: exactly one wins.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@esim/db';
import { transition } from '../../src/services/order-life/transition.ts';
import { listOrderEvents } from '../../src/services/order-life/events.ts';
import { isAppError } from '../../src/errors.ts';
import { memoryDb, seedCatalog } from '../rig.ts';
import { pgAvailableFor, useMigratedPg } from '../pg.ts';

let n = 0;
async function anOrder(db: Db, status: 'pending_payment' | 'fulfilled' = 'pending_payment'): Promise<number> {
  n++;
  const plan = await db.selectFrom('plans').select(['id', 'name']).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('orders')
    .values({
      public_id: `ORD-T${String(n).padStart(9, '0')}`,
      user_id: null,
      email: 'a@example.com',
      plan_id: plan.id,
      plan_name: plan.name,
      plan_data_amount: '1GB',
      plan_data_mb: 1024,
      plan_validity_days: 7,
      subscription_id: null,
      invoice_id: null,
      currency: 'USD',
      unit_amount_minor: 450,
      total_amount_minor: 450,
      usd_amount_minor: 450,
      rate_micros: 1_000_000,
      status,
      payment_provider: 'demo',
      payment_intent_id: `pi_t${n}_${Math.random().toString(36).slice(2)}`,
      client_secret_hash: null,
      checkout_key: null,
      paid_at: null,
      fulfilled_at: null,
      refunded_at: null,
      refund_id: null,
      next_attempt_at: null,
      lease_until: null,
      provider_ref: null,
      last_error: null,
      created_at: '2026-11-28T00:00:00.000Z',
      updated_at: '2026-11-28T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function suite(getDb: () => Db) {
  it('moves an order, writes the event with it, and returns the columns asked for', async () => {
    const db = getDb();
    const id = await anOrder(db);
    const at = '2026-11-28T01:00:00.000Z';
    const moved = await transition(db, { id }, 'paid', {
      actor: 'provider',
      reason: 'payment succeeded',
      set: { paid_at: at },
      returning: ['status', 'paid_at', 'public_id'],
      at,
    });
    expect(moved).toMatchObject({ from: 'pending_payment', to: 'paid', order: { id, status: 'paid', paid_at: at } });
    const events = await listOrderEvents(db, id);
    expect(events).toEqual([
      { id: moved!.eventId, from: 'pending_payment', to: 'paid', actor: 'provider', reason: 'payment succeeded', at },
    ]);
    const order = await db.selectFrom('orders').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'paid', updated_at: at });
  });

  it('refuses what the table forbids: a programming error throws before any write; a state that moved returns null', async () => {
    const db = getDb();
    const id = await anOrder(db, 'fulfilled');
    const thrown = await transition(db, { id }, 'paid', { actor: 'system', reason: 'x', from: ['fulfilled'] }).catch((e: unknown) => e);
    expect(isAppError(thrown) && thrown.code).toBe('INTERNAL');
    // Default from: the states that may move to 'paid' — a fulfilled order is not one of them.
    expect(await transition(db, { id }, 'paid', { actor: 'system', reason: 'x' })).toBeNull();
    expect(await transition(db, { id }, 'pending_payment', { actor: 'system', reason: 'x' })).toBeNull();
    expect(await listOrderEvents(db, id)).toEqual([]);
    expect((await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('fulfilled');
  });

  it('by payment intent, with a further condition', async () => {
    const db = getDb();
    const id = await anOrder(db);
    const { payment_intent_id } = await db.selectFrom('orders').select('payment_intent_id').where('id', '=', id).executeTakeFirstOrThrow();
    const guestOnly = await transition(db, { paymentIntentId: payment_intent_id! }, 'canceled', {
      actor: 'provider',
      reason: 'intent canceled',
      where: (eb) => eb('user_id', 'is not', null),
    });
    expect(guestOnly).toBeNull();
    const moved = await transition(db, { paymentIntentId: payment_intent_id! }, 'canceled', {
      actor: 'provider',
      reason: 'intent canceled',
    });
    expect(moved?.order.id).toBe(id);
  });

  it('20 racing callers: exactly one moves the order, one event', async () => {
    const db = getDb();
    const id = await anOrder(db);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => transition(db, { id }, i % 2 ? 'paid' : 'canceled', { actor: 'system', reason: `caller ${i}` })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const events = await listOrderEvents(db, id);
    expect(events).toHaveLength(1);
    const status = (await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(events[0]!.to).toBe(status);
  });

  it("a caller's transaction that rolls back takes the event with it", async () => {
    const db = getDb();
    const id = await anOrder(db);
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await transition(trx, { id }, 'paid', { actor: 'system', reason: 'x' })).not.toBeNull();
        throw new Error('caller failed after the move');
      }),
    ).rejects.toThrow('caller failed');
    expect(await listOrderEvents(db, id)).toEqual([]);
    expect((await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending_payment');
  });
}

describe('transition on SQLite', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await memoryDb()).db;
    await seedCatalog(db);
  });
  suite(() => db);
});

describe.skipIf(!pgAvailableFor('order transition'))('transition on PostgreSQL', () => {
  const getDb = useMigratedPg();
  it('seed', async () => {
    await seedCatalog(getDb());
  });
  suite(getDb);
});
