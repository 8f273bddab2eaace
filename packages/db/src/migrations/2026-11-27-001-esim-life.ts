// After the purchase (issue 13): the eSIM's life as the provider reports it, its data packages
// (the first plan, top-ups, subscription renewals), usage per day, provider events, refunds.
//   - esims: profile state and plan state kept apart, data used / total, activation and expiry,
//     `state_at` (time of the newest provider state applied: older events are ignored),
//     `synced_at` (last poll, for the reconciliation's oldest-first batches);
//   - esim_packages: one row per paid order that put data on an eSIM (unique order_id: a top-up
//     paid twice is one package); queued → active → finished | expired (| refunded);
//   - esim_usage_days: MB used per eSIM and UTC day (the account's chart);
//   - esim_events: provider event ids seen (dedupe), like payment_events;
//   - orders.topup_esim_id: the eSIM a top-up or a renewal applies to (null: a new eSIM). No index
//     on orders changes, so the checkout's insert costs what it did;
//   - orders.refund_requested_at: the traveller asked for a refund (claimed once; retried by the worker);
//   - subscriptions.esim_id (the eSIM renewals top up), renewal_failed_at (last failed renewal);
//   - simulator_esims: the built-in simulator's state, so the CLI and the server share it;
//   - app_settings: generated secrets shared by the server and the CLI (the simulator's webhook key).
// Existing eSIMs get their first package from their order.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('esims')
    .addColumn('profile_state', 'varchar(16)', (c) => c.notNull().defaultTo('released'))
    .execute();
  await db.schema
    .alterTable('esims')
    .addColumn('plan_state', 'varchar(16)', (c) => c.notNull().defaultTo('not_active'))
    .execute();
  await db.schema
    .alterTable('esims')
    .addColumn('data_used_mb', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('esims').addColumn('data_total_mb', 'integer').execute();
  await db.schema.alterTable('esims').addColumn('activated_at', 'varchar(32)').execute();
  await db.schema.alterTable('esims').addColumn('expires_at', 'varchar(32)').execute();
  await db.schema.alterTable('esims').addColumn('state_at', 'varchar(32)').execute();
  await db.schema.alterTable('esims').addColumn('synced_at', 'varchar(32)').execute();
  await db.schema.createIndex('esims_sync_idx').on('esims').columns(['plan_state', 'synced_at']).execute();

  await db.schema
    .createTable('esim_packages')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('esim_id', 'integer', (c) => c.notNull().references('esims.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('data_mb', 'integer')
    .addColumn('validity_days', 'integer', (c) => c.notNull())
    .addColumn('used_mb', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('esim_packages_kind_valid', sql`kind in ('initial', 'topup', 'renewal')`)
    .addCheckConstraint('esim_packages_state_valid', sql`state in ('queued', 'active', 'finished', 'expired', 'refunded')`)
    .addCheckConstraint('esim_packages_used_non_negative', sql`used_mb >= 0`)
    .execute();
  await db.schema.createIndex('esim_packages_order_unique').on('esim_packages').column('order_id').unique().execute();
  await db.schema.createIndex('esim_packages_esim_position_unique').on('esim_packages').columns(['esim_id', 'position']).unique().execute();

  await db.schema
    .createTable('esim_usage_days')
    .addColumn('esim_id', 'integer', (c) => c.notNull().references('esims.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('used_mb', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('esim_usage_days_pk', ['esim_id', 'day'])
    .execute();

  await db.schema
    .createTable('esim_events')
    .addColumn('event_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('iccid', 'varchar(32)')
    .addColumn('occurred_at', 'varchar(32)')
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('orders').addColumn('topup_esim_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('refund_requested_at', 'varchar(32)').execute();
  await db.schema.alterTable('subscriptions').addColumn('esim_id', 'integer').execute();
  await db.schema.alterTable('subscriptions').addColumn('renewal_failed_at', 'varchar(32)').execute();

  await db.schema
    .createTable('simulator_esims')
    .addColumn('provider_ref', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('iccid', 'varchar(32)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('simulator_esims_key_unique').on('simulator_esims').column('idempotency_key').unique().execute();
  await db.schema.createIndex('simulator_esims_iccid_unique').on('simulator_esims').column('iccid').unique().execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // Existing eSIMs: their order is their first package; totals from the order.
  await sql`
    insert into esim_packages (esim_id, order_id, kind, data_mb, validity_days, used_mb, state, position, created_at, updated_at)
    select e.id, e.order_id, 'initial', o.plan_data_mb, o.plan_validity_days, 0,
           case when e.status = 'canceled' then 'refunded' when e.status = 'expired' then 'expired'
                when e.status = 'active' then 'active' else 'queued' end,
           1, e.created_at, e.created_at
    from esims e join orders o on o.id = e.order_id`.execute(db);
  await sql`update esims set data_total_mb = (select o.plan_data_mb from orders o where o.id = esims.order_id)`.execute(db);
  await sql`update esims set plan_state = 'active', profile_state = 'enabled' where status = 'active'`.execute(db);
  await sql`update esims set plan_state = 'expired', profile_state = 'enabled' where status = 'expired'`.execute(db);
  await sql`update esims set profile_state = 'deleted' where status = 'canceled'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_settings').execute();
  await db.schema.dropTable('simulator_esims').execute();
  await db.schema.alterTable('subscriptions').dropColumn('renewal_failed_at').execute();
  await db.schema.alterTable('subscriptions').dropColumn('esim_id').execute();
  await db.schema.alterTable('orders').dropColumn('refund_requested_at').execute();
  await db.schema.alterTable('orders').dropColumn('topup_esim_id').execute();
  await db.schema.dropTable('esim_events').execute();
  await db.schema.dropTable('esim_usage_days').execute();
  await db.schema.dropTable('esim_packages').execute();
  await db.schema.dropIndex('esims_sync_idx').execute();
  for (const c of ['synced_at', 'state_at', 'expires_at', 'activated_at', 'data_total_mb', 'data_used_mb', 'plan_state', 'profile_state']) {
    await db.schema.alterTable('esims').dropColumn(c).execute();
  }
}
