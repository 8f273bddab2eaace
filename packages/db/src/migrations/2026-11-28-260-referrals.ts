// Issue 29: referrals. Each account's referral code (referral_codes, made on first use), and one
// row per order a referral link priced, or per link refused at checkout (referrals): who referred, the friend (account or normalised
// address, never shown to the referrer), the discount given, and the reward's life — pending until
// the order is past the refund window, then credited (a points_ledger row, key referral:<id>) or
// refused/canceled with a reason the admin area shows; a refund after crediting claws it back
// (key referral:<id>:clawback) and records what the balance could not give (clawback_unsettled).
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql, type Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('referral_codes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // 8 characters of Crockford base32 (domain/referrals.ts).
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referral_codes_code_unique').on('referral_codes').column('code').unique().execute();

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('referrer_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // One referral per order at most; null for a link refused at checkout (no order was made).
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('friend_user_id', 'integer')
    .addColumn('friend_email_norm', 'varchar(320)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('pending', 'credited', 'refused', 'canceled', 'clawed_back')`),
    )
    // Why it was refused or canceled (REFERRAL_REASONS in domain/referrals.ts); null otherwise.
    .addColumn('reason', 'varchar(32)')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('discount_minor', 'integer', (c) => c.notNull().check(sql`discount_minor >= 0`))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0).check(sql`points >= 0`))
    .addColumn('clawback_points', 'integer', (c) => c.notNull().defaultTo(0).check(sql`clawback_points >= 0`))
    .addColumn('clawback_unsettled', 'integer', (c) => c.notNull().defaultTo(0).check(sql`clawback_unsettled >= 0`))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('referrals_order_unique').on('referrals').column('order_id').unique().execute();
  await db.schema.createIndex('referrals_referrer_idx').on('referrals').columns(['referrer_user_id', 'status']).execute();
  await db.schema.createIndex('referrals_status_idx').on('referrals').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('referrals').execute();
  await db.schema.dropTable('referral_codes').execute();
}
