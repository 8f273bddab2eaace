// Issue 29, the limits that need the card or the device:
//   payment_holds     one row per payment intent the shop placed on hold (Stripe capture_method
//                     'manual': an order whose price depends on a promo code or a referral). The
//                     decision taken once the card is known (its fingerprint): 'capture' or
//                     'cancel' with its reason, so a second or late event redoes the same act.
//   device_sightings  the hash (SHA-256) of the shop's first-party device cookie, per account that
//                     signed in from it; never the cookie itself.
//   referrals.friend_device_hash  the device the friend's order came from (hash), for 'same_device'.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_holds')
    .addColumn('payment_intent_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('card_fingerprint', 'varchar(64)')
    .addColumn('decision', 'varchar(16)', (c) => c.notNull().check(sql`decision in ('capture', 'cancel')`))
    // 'promo' | 'referral' when canceled; the code (PROMO_ALREADY_USED) or the referral reason.
    .addColumn('refused_by', 'varchar(16)')
    .addColumn('reason', 'varchar(32)')
    .addColumn('decided_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_holds_order_idx').on('payment_holds').column('order_id').execute();

  await db.schema
    .createTable('device_sightings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_sightings_pk', ['user_id', 'device_hash'])
    .execute();
  await db.schema.createIndex('device_sightings_device_idx').on('device_sightings').columns(['device_hash', 'user_id']).execute();

  await db.schema.alterTable('referrals').addColumn('friend_device_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('referrals').dropColumn('friend_device_hash').execute();
  await db.schema.dropTable('device_sightings').execute();
  await db.schema.dropTable('payment_holds').execute();
}
