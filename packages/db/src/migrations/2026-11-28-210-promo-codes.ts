// Issue 29: promo codes. The owner's codes (promo_codes) and one redemption per discounted order
// (promo_redemptions). The order row keeps its own price after the code (total_amount_minor,
// usd_amount_minor), so payments, points and refunds need no change; the redemption keeps the
// list price and the discount. uses_count is the atomic gate of total uses (a conditional UPDATE),
// kept in step with the redemptions of live orders by the reservation itself (services/promotions).
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql, type Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('id', 'integer', idColumn(db))
    // Upper case, A–Z 0–9 and '-' (domain/promotions.ts normalizePromoCode).
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    // 1–100 for a percent code, else null.
    .addColumn('percent', 'integer', (c) => c.check(sql`percent between 1 and 100`))
    // JSON {"USD":500,"EUR":450}: a fixed code's amount per currency, minor units; null for a percent code.
    .addColumn('amounts_json', 'text')
    .addColumn('starts_at', 'varchar(32)')
    .addColumn('ends_at', 'varchar(32)')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_customer', 'integer')
    // The order's list price in USD cents must be at least this.
    .addColumn('min_spend_usd_minor', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON arrays of ids; null: any.
    .addColumn('region_ids_json', 'text')
    .addColumn('plan_ids_json', 'text')
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('combines_with_points', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uses_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses_count >= 0`))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promo_codes_code_unique').on('promo_codes').column('code').unique().execute();

  await db.schema
    .createTable('promo_redemptions')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('code_id', 'integer', (c) => c.notNull().references('promo_codes.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    // domain/promotions.ts normalizeEmail of the order's address.
    .addColumn('email_norm', 'varchar(320)', (c) => c.notNull())
    // The paying card's fingerprint (guests), once a card was tried.
    .addColumn('card_fingerprint', 'varchar(64)')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // The order's price before the code, and what the code took off (the order's currency; USD cents).
    .addColumn('list_minor', 'integer', (c) => c.notNull())
    .addColumn('discount_minor', 'integer', (c) => c.notNull())
    .addColumn('usd_discount_minor', 'integer', (c) => c.notNull())
    // 'active': counts as a use; 'released': its order ended unpaid or was refunded in full.
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('active').check(sql`state in ('active', 'released')`))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('released_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('promo_redemptions_order_unique').on('promo_redemptions').column('order_id').unique().execute();
  await db.schema.createIndex('promo_redemptions_code_state_idx').on('promo_redemptions').columns(['code_id', 'state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('promo_redemptions').execute();
  await db.schema.dropTable('promo_codes').execute();
}
