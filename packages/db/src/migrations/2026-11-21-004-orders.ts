// Orders and what hangs off them: the eSIMs they deliver, the webhook dedupe log, the e-mail
// outbox, monthly subscriptions, and the demo payment provider's state (so a restart can
// reconcile demo payments too).
// Frozen once landed: change the schema with a new migration, never by editing this file.
//
// Order states (packages/api/src/services/orders.ts has the machine):
//   pending_payment → paid → provisioning → fulfilled
//   pending_payment ⇄ payment_failed   (a failed card returns the intent to requires_payment_method)
//   pending_payment | payment_failed → canceled
//   paid | provisioning | fulfilled → refunded
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'integer', idColumn(db))
    // What the shopper and the URLs see, e.g. 'SUB-7K3M9Q2XB4'.
    .addColumn('public_id', 'varchar(32)', (c) => c.notNull())
    // Signed-in only: a guest could not manage (cancel) a subscription.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('plan_id', 'integer', (c) => c.notNull())
    .addColumn('plan_name', 'varchar(160)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // Monthly price in minor units of `currency` (85% of the plan price, converted).
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('payment_provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'varchar(255)')
    .addColumn('status', 'varchar(24)', (c) => c.notNull().defaultTo('incomplete'))
    .addColumn('current_period_end', 'varchar(32)')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ended_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('subscriptions_status_valid', sql`status in ('incomplete', 'active', 'past_due', 'canceled')`)
    .addCheckConstraint('subscriptions_cancel_bool', sql`cancel_at_period_end in (0, 1)`)
    .addCheckConstraint('subscriptions_price_positive', sql`price_minor > 0`)
    .execute();
  await db.schema.createIndex('subscriptions_public_id_unique').on('subscriptions').column('public_id').unique().execute();
  await db.schema.createIndex('subscriptions_provider_id_unique').on('subscriptions').column('provider_subscription_id').unique().execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', idColumn(db))
    // The order number the shopper sees, e.g. 'ORD-7K3M9Q2XB4'; also in idempotency keys.
    .addColumn('public_id', 'varchar(32)', (c) => c.notNull())
    // Null for a guest; set when a guest later registers with the order's e-mail.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Trimmed and lowercased; where the eSIM is sent.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // No foreign key: the order outlives the catalogue row; the snapshot below is what was sold.
    .addColumn('plan_id', 'integer', (c) => c.notNull())
    .addColumn('plan_name', 'varchar(160)', (c) => c.notNull())
    .addColumn('plan_data_amount', 'varchar(32)', (c) => c.notNull())
    .addColumn('plan_data_mb', 'integer')
    .addColumn('plan_validity_days', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('one_time'))
    .addColumn('subscription_id', 'integer', (c) => c.references('subscriptions.id').onDelete('set null'))
    // A renewal's invoice (one order per paid invoice).
    .addColumn('invoice_id', 'varchar(255)')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('unit_amount_minor', 'integer', (c) => c.notNull())
    .addColumn('total_amount_minor', 'integer', (c) => c.notNull())
    // The USD list price charged against, and the rate used (units per USD × 1e6).
    .addColumn('usd_amount_minor', 'integer', (c) => c.notNull())
    .addColumn('rate_micros', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(24)', (c) => c.notNull().defaultTo('pending_payment'))
    .addColumn('payment_provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('payment_intent_id', 'varchar(255)')
    // SHA-256 (hex) of the intent's client secret: a guest proves the order is theirs with it.
    .addColumn('client_secret_hash', 'varchar(64)')
    // SHA-256 (hex) of the checkout token + what was bought: a retried checkout reuses its intent.
    .addColumn('checkout_key', 'varchar(64)')
    .addColumn('locale', 'varchar(35)', (c) => c.notNull().defaultTo('en'))
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('fulfilled_at', 'varchar(32)')
    .addColumn('refunded_at', 'varchar(32)')
    .addColumn('refund_id', 'varchar(255)')
    .addColumn('amount_refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    // Provisioning: attempts so far, when to try again, who holds the work (a lease), the last error.
    .addColumn('provision_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('provider_ref', 'varchar(255)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint(
      'orders_status_valid',
      sql`status in ('pending_payment', 'payment_failed', 'paid', 'provisioning', 'fulfilled', 'refunded', 'canceled')`,
    )
    .addCheckConstraint('orders_kind_valid', sql`kind in ('one_time', 'subscription')`)
    .addCheckConstraint('orders_amounts_valid', sql`unit_amount_minor > 0 and total_amount_minor > 0 and usd_amount_minor > 0`)
    .addCheckConstraint('orders_attempts_non_negative', sql`provision_attempts >= 0`)
    .execute();
  // Every index costs each checkout write (the orders bench): the ones that serve few rows are
  // partial, so a typical order's insert touches only public_id, checkout_key (and the guest e-mail).
  await db.schema.createIndex('orders_public_id_unique').on('orders').column('public_id').unique().execute();
  // One order per payment intent (the fulfilment claim's key); partial, so the insert (made
  // before the intent exists) does not touch it.
  await db.schema
    .createIndex('orders_payment_intent_unique')
    .on('orders')
    .column('payment_intent_id')
    .unique()
    .where(sql.ref('payment_intent_id'), 'is not', null)
    .execute();
  // Upserts name these partial indexes with the same predicate (ON CONFLICT (col) WHERE col IS NOT NULL).
  await db.schema
    .createIndex('orders_checkout_key_unique')
    .on('orders')
    .column('checkout_key')
    .unique()
    .where(sql.ref('checkout_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_invoice_unique')
    .on('orders')
    .column('invoice_id')
    .unique()
    .where(sql.ref('invoice_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_user_idx')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
  // Guest orders joining an account registered later with the same e-mail.
  await db.schema.createIndex('orders_guest_email_idx').on('orders').column('email').where(sql.ref('user_id'), 'is', null).execute();
  // The worker's scan: paid orders waiting for provisioning (few at any time).
  await db.schema
    .createIndex('orders_provisioning_idx')
    .on('orders')
    .column('next_attempt_at')
    .where(sql<boolean>`status in ('paid', 'provisioning')`)
    .execute();
  // The subscription's orders (first order, renewals).
  await db.schema
    .createIndex('orders_subscription_idx')
    .on('orders')
    .column('subscription_id')
    .where(sql.ref('subscription_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('esims')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('public_id', 'varchar(32)', (c) => c.notNull())
    // One eSIM per order line: the unique key that makes provisioning exactly-once in the shop.
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('iccid', 'varchar(22)', (c) => c.notNull())
    .addColumn('smdp_address', 'varchar(253)', (c) => c.notNull())
    .addColumn('matching_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('activation_code', 'text', (c) => c.notNull())
    .addColumn('confirmation_code_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmation_code', 'varchar(32)')
    .addColumn('apn', 'varchar(100)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(255)', (c) => c.notNull())
    // Random capability for the QR image URL (/api/esims/<public id>/qr.png?token=…).
    .addColumn('access_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('not_installed'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('esims_status_valid', sql`status in ('not_installed', 'active', 'expired', 'canceled')`)
    .addCheckConstraint('esims_confirmation_bool', sql`confirmation_code_required in (0, 1)`)
    .execute();
  await db.schema.createIndex('esims_public_id_unique').on('esims').column('public_id').unique().execute();
  await db.schema.createIndex('esims_order_id_unique').on('esims').column('order_id').unique().execute();
  await db.schema.createIndex('esims_iccid_unique').on('esims').column('iccid').unique().execute();
  await db.schema.createIndex('esims_user_idx').on('esims').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('payment_events')
    // The provider's event id: recorded under a unique key, so a redelivered event is a no-op.
    .addColumn('event_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // 'esim_delivery', 'confirmation_code', 'refund_notice'.
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('message_id', 'varchar(255)')
    // The .eml file's path (outbox mailer); null over SMTP.
    .addColumn('location', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('email_outbox_status_valid', sql`status in ('pending', 'sent', 'failed')`)
    .execute();
  // One e-mail of each kind per order, however many times fulfilment is reached.
  await db.schema.createIndex('email_outbox_order_kind_unique').on('email_outbox').columns(['order_id', 'kind']).unique().execute();
  await db.schema.createIndex('email_outbox_due_idx').on('email_outbox').columns(['status', 'next_attempt_at']).execute();

  // The demo payment provider's state (DemoPaymentStore), as JSON documents.
  await db.schema
    .createTable('demo_payment_intents')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('demo_subscriptions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('demo_idempotency_keys')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('demo_idempotency_keys').ifExists().execute();
  await db.schema.dropTable('demo_subscriptions').ifExists().execute();
  await db.schema.dropTable('demo_payment_intents').ifExists().execute();
  await db.schema.dropTable('email_outbox').ifExists().execute();
  await db.schema.dropTable('payment_events').ifExists().execute();
  await db.schema.dropTable('esims').ifExists().execute();
  await db.schema.dropTable('orders').ifExists().execute();
  await db.schema.dropTable('subscriptions').ifExists().execute();
}
