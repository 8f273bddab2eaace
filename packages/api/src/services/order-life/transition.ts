// The one writer of orders.status (issue 23, house rule 13).
//
// transition(db, order, to, { actor, reason }) moves one order to `to` if, and only if, its status
// is one the transition table (domain/orders.ts ORDER_TRANSITIONS) lets move to `to` (narrowed by
// `from`), and writes one order_events row (from, to, actor, reason, time) atomically with it:
//   - SQLite: one statement, `UPDATE orders SET status, status_actor, status_reason, … WHERE <order>
//     AND status IN (…) RETURNING …`; the BEFORE UPDATE OF status trigger of migration
//     2026-11-28-100 inserts the event (OLD.status, NEW.status, the actor, the reason) inside that
//     statement, so the move and its event are atomic without a transaction of their own (in the
//     caller's transaction they commit or roll back with it), and RETURNING reads the event back;
//   - PostgreSQL: one statement, `WITH o AS (SELECT … FOR UPDATE), u AS (UPDATE … FROM o RETURNING
//     …), e AS (INSERT INTO order_events … FROM u) SELECT …`: the row lock makes racing callers
//     wait, and the one that comes second re-reads the row and finds it moved.
// Racing callers: exactly one gets the order back, the others get null (a race lost is not an
// error; the caller's claim simply did not happen). A move the table forbids (`from` naming a state
// that may not go to `to`) is a programming error and throws AppError('INTERNAL') before any SQL.
//
// Usable inside a caller's write transaction (`db` may be one, house rule 2): side effects that
// must happen exactly once per move (points, packages, e-mails queued in the outbox) run in that
// transaction after transition() returned the order, so they commit with the event or not at all.
import type { Expression, ExpressionBuilder, SqlBool, UpdateObject } from 'kysely';
import { sql } from 'kysely';
import { Statement, type Database, type Db, type Order, type OrderActor } from '@esim/db';
import { CLAIMABLE_STATES, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderState } from '../../domain/orders.ts';
import { AppError } from '../../errors.ts';
import { isSqlite } from '../shared/db-tx.ts';
import type { ShopConfig } from '../types.ts';
import { issueInvoice } from './invoices.ts';

export type { OrderActor };
export const ORDER_ACTORS: readonly OrderActor[] = ['traveller', 'owner', 'system', 'provider'];

/** Which order: a row or its id, or the payment intent that pays it (unique). */
export type OrderRef = { id: number } | { paymentIntentId: string };

/** Columns written in the same UPDATE as the status (never `status` itself). */
export type OrderSet = Omit<UpdateObject<Database, 'orders', 'orders'>, 'status' | 'id'>;

export interface TransitionOptions<K extends keyof Order> {
  actor: OrderActor;
  /** Why, in a few words for the timeline ('payment succeeded', 'refunded at the traveller's request'). */
  reason: string;
  /** The states this caller moves from (default: every state the table lets move to `to`). */
  from?: readonly OrderState[] | undefined;
  /** Other columns of the same UPDATE (paid_at, lease_until, refund_id, …). */
  set?: OrderSet | undefined;
  /** A further condition on the order row (e.g. refund_requested_at is null). */
  where?: ((eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>) | undefined;
  /** The order's columns to return (id is always returned). */
  returning?: readonly K[] | undefined;
  /** The time of the move (ISO); default now. updated_at and the event's created_at get it. */
  at?: string | undefined;
}

export interface Transitioned<K extends keyof Order> {
  order: Pick<Order, K | 'id'>;
  from: OrderState;
  to: OrderState;
  eventId: number;
}

/**
 * SQLite, in an UPDATE's RETURNING: a column of the event the status trigger has just written for
 * this row (the order's newest; the BEFORE trigger ran before RETURNING is computed). A seek on
 * order_events_order_idx (order_id, id).
 */
const THIS_EVENT_SQLITE = (column: 'id' | 'from_status'): string =>
  `select "${column}" from "order_events" where "order_id" = "orders"."id" order by "id" desc limit 1`;

/** The states that may move to `to` per the table. */
export function statesInto(to: OrderState): OrderState[] {
  return ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].includes(to));
}

function checkedFrom(to: OrderState, from: readonly OrderState[] | undefined): readonly OrderState[] {
  if (!ORDER_STATUSES.includes(to)) throw new AppError('INTERNAL', `transition: unknown order state '${String(to)}'`);
  const allowed = statesInto(to);
  if (from === undefined) return allowed;
  const refused = from.filter((s) => !allowed.includes(s));
  if (refused.length > 0 || from.length === 0) {
    throw new AppError('INTERNAL', `transition: an order may not move from ${refused.join(', ') || '(nothing)'} to ${to}`);
  }
  return from;
}

/**
 * Moves the order to `to` and records the event, atomically. Null when the order is not (any more)
 * in one of the `from` states or does not match `where` (a race lost, or nothing to do).
 */
export async function transition<K extends keyof Order = 'id'>(
  db: Db,
  order: OrderRef,
  to: OrderState,
  opts: TransitionOptions<K>,
): Promise<Transitioned<K> | null> {
  const from = checkedFrom(to, opts.from);
  if (!ORDER_ACTORS.includes(opts.actor)) throw new AppError('INTERNAL', `transition: unknown actor '${String(opts.actor)}'`);
  const at = opts.at ?? new Date().toISOString();
  const reason = opts.reason.slice(0, 500);
  const columns = [...new Set<keyof Order>(['id', ...(opts.returning ?? [])])] as (K | 'id')[];
  const match = (eb: ExpressionBuilder<Database, 'orders'>): Expression<SqlBool> => {
    const conds: Expression<SqlBool>[] = [
      'id' in order ? eb('orders.id', '=', order.id) : eb('orders.payment_intent_id', '=', order.paymentIntentId),
      eb('orders.status', 'in', from),
    ];
    if (opts.where) conds.push(opts.where(eb));
    return eb.and(conds);
  };
  const set = { ...opts.set, status: to, status_actor: opts.actor, status_reason: reason, updated_at: at } as UpdateObject<
    Database,
    'orders',
    'orders'
  >;

  if (isSqlite(db)) {
    // One statement: the BEFORE UPDATE OF status trigger (migration 2026-11-28-100) inserts the
    // event from OLD.status, NEW.status, status_actor, status_reason and updated_at; RETURNING
    // reads it back (the order's newest event: the one this statement just wrote).
    const row = (await db
      .updateTable('orders')
      .set(set)
      .where(match)
      .returning([
        ...(columns as readonly (keyof Order)[]),
        sql<number>`(${sql.raw(THIS_EVENT_SQLITE('id'))})`.as('__event_id'),
        sql<OrderState>`(${sql.raw(THIS_EVENT_SQLITE('from_status'))})`.as('__from_status'),
      ])
      .executeTakeFirst()) as (Record<string, unknown> & { __event_id: number; __from_status: OrderState }) | undefined;
    if (!row) return null;
    const { __event_id, __from_status, ...order } = row;
    return { order: order as Pick<Order, K | 'id'>, from: __from_status, to, eventId: __event_id };
  }

  // PostgreSQL: one statement (see the top of the file).
  const result = await db
    .with('o', (qb) => qb.selectFrom('orders').select(['orders.id', 'orders.status']).where(match).limit(1).forUpdate())
    .with('u', (qb) =>
      qb
        .updateTable('orders')
        .from('o')
        .set(set)
        .whereRef('orders.id', '=', 'o.id')
        .returning([...columns.map((c) => `orders.${String(c)}` as 'orders.id'), 'o.status as from_status']),
    )
    .with('e', (qb) =>
      qb
        .insertInto('order_events')
        .columns(['order_id', 'from_status', 'to_status', 'actor', 'reason', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('u')
            .select([
              'u.id',
              'u.from_status',
              sql<string>`cast(${to} as varchar(24))`.as('to_status'),
              sql<string>`cast(${opts.actor} as varchar(16))`.as('actor'),
              sql<string>`cast(${reason} as text)`.as('reason'),
              sql<string>`cast(${at} as varchar(32))`.as('created_at'),
            ]),
        )
        .returning(['order_events.id as event_id', 'order_events.order_id']),
    )
    .selectFrom('u')
    .innerJoin('e', 'e.order_id', 'u.id')
    .selectAll('u')
    .select('e.event_id')
    .executeTakeFirst();
  if (!result) return null;
  const { from_status, event_id, ...row } = result as Record<string, unknown> & { from_status: OrderState; event_id: number };
  return { order: row as Pick<Order, K | 'id'>, from: from_status, to, eventId: event_id };
}

/**
 * An order inserted in a state other than pending_payment (a subscription's renewal, paid by its
 * invoice before the order exists): its first event, from nothing, written by the caller in the
 * transaction that inserts the order. Not a move, so no status is written here. Inserted paid, it
 * gets its invoice here too (invoices.ts), in the same transaction.
 */
export async function recordInsertedOrder(
  trx: Db,
  orderId: number,
  status: OrderState,
  who: { actor: OrderActor; reason: string; at: string },
  config: ShopConfig,
): Promise<void> {
  if (status === 'paid') await issueInvoice(trx, config, orderId, who.at);
  await trx
    .insertInto('order_events')
    .values({
      order_id: orderId,
      from_status: null,
      to_status: status,
      actor: who.actor,
      reason: who.reason.slice(0, 500),
      created_at: who.at,
    })
    .execute();
}

// ── the checkout's hot path ───────────────────────────────────────────────────────────────────
// The paid claim by payment intent, every card order's one move, as SQL text kept once (@esim/db
// Statement: no query building per order), doing exactly what transition(db, { paymentIntentId },
// 'paid', { from: CLAIMABLE_STATES, set: { paid_at, next_attempt_at } }) does.

const CLAIMABLE = CLAIMABLE_STATES.map(() => '?').join(', ');
const PAID_FACTS_SQL = '"id", "user_id", "public_id", "plan_name", "usd_amount_minor", "points_used"';
/** SQLite: one statement, the trigger writes the event (`guest`: only an order without an account). */
const claimSqlite = (guest: boolean) =>
  new Statement<PaidFacts & { from_status: OrderState; event_id: number }>(
    `update "orders" set "status" = 'paid', "status_actor" = ?, "status_reason" = ?, "paid_at" = ?, "next_attempt_at" = ?, "updated_at" = ? ` +
      `where "payment_intent_id" = ? and "status" in (${CLAIMABLE})${guest ? ' and "user_id" is null' : ''} ` +
      `returning ${PAID_FACTS_SQL}, (${THIS_EVENT_SQLITE('from_status')}) as "from_status", (${THIS_EVENT_SQLITE('id')}) as "event_id"`,
  );
const CLAIM_SQLITE = claimSqlite(false);
const CLAIM_GUEST_SQLITE = claimSqlite(true);
/** PostgreSQL: one statement, the row locked, the move and its event (`guest`: only an order without an account). */
const claimPg = (guest: boolean) =>
  new Statement<PaidFacts & { from_status: OrderState; event_id: number }>(
    `with o as (select "id", "status" from "orders" where "payment_intent_id" = ? and "status" in (${CLAIMABLE})${guest ? ' and "user_id" is null' : ''} limit 1 for update), ` +
      `u as (update "orders" set "status" = 'paid', "status_actor" = cast(? as varchar(16)), "status_reason" = cast(? as text), "paid_at" = ?, "next_attempt_at" = ?, "updated_at" = ? from o where "orders"."id" = o."id" ` +
      `returning ${PAID_FACTS_SQL.split(', ')
        .map((c) => `"orders".${c}`)
        .join(', ')}, o."status" as "from_status"), ` +
      'e as (insert into "order_events" ("order_id", "from_status", "to_status", "actor", "reason", "created_at") ' +
      `select u."id", u."from_status", 'paid', cast(? as varchar(16)), cast(? as text), cast(? as varchar(32)) from u returning "id", "order_id") ` +
      'select u.*, e."id" as "event_id" from u join e on e."order_id" = u."id"',
  );
const CLAIM_PG = claimPg(false);
const CLAIM_GUEST_PG = claimPg(true);

/** What the paid claim returns (rewards-ledger.ts PaidOrderFacts). */
export interface PaidFacts {
  id: number;
  user_id: number | null;
  public_id: string;
  plan_name: string;
  usd_amount_minor: number;
  points_used: number;
}

/**
 * The order paid by `paymentIntentId` moves to 'paid' from ('pending_payment', 'payment_failed',
 * 'expired') with its event, or null (claimed already, no such order, or `guestOnly` and the order
 * has an account). One statement on both databases, atomic on its own (SQLite: the status
 * trigger writes the event); inside a caller's transaction it commits or rolls back with it.
 */
export async function transitionPaidByIntent(
  db: Db,
  paymentIntentId: string,
  who: { actor: OrderActor; reason: string; at: string },
  opts: { guestOnly?: boolean } = {},
): Promise<Transitioned<keyof PaidFacts> | null> {
  const reason = who.reason.slice(0, 500);
  if (isSqlite(db)) {
    const row = await (opts.guestOnly ? CLAIM_GUEST_SQLITE : CLAIM_SQLITE).first(db, [
      who.actor,
      reason,
      who.at,
      who.at,
      who.at,
      paymentIntentId,
      ...CLAIMABLE_STATES,
    ]);
    if (!row) return null;
    const { from_status, event_id, ...order } = row;
    return { order, from: from_status, to: 'paid', eventId: event_id };
  }
  const row = await (opts.guestOnly ? CLAIM_GUEST_PG : CLAIM_PG).first(db, [
    paymentIntentId,
    ...CLAIMABLE_STATES,
    who.actor,
    reason,
    who.at,
    who.at,
    who.at,
    who.actor,
    reason,
    who.at,
  ]);
  if (!row) return null;
  const { from_status, event_id, ...order } = row;
  return { order, from: from_status, to: 'paid', eventId: event_id };
}
