// Traveler Rewards: levels and achievements (seeded), one points ledger (the only source of truth
// for points: every change is one row under a unique key, so no event counts twice), check-ins,
// the user's achievement progress, and the points an order used.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('traveler_levels')
    .addColumn('id', 'integer', idColumn(db))
    // Stable snake_case name the web translates ('traveler', 'explorer').
    .addColumn('key', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // '#rrggbb'.
    .addColumn('color', 'varchar(7)', (c) => c.notNull())
    // Lifetime points earned at which the level starts.
    .addColumn('points_required', 'integer', (c) => c.notNull())
    // The purchase points multiplier × 100 (120 = ×1.2), integer so the arithmetic is exact.
    .addColumn('multiplier_percent', 'integer', (c) => c.notNull().defaultTo(100))
    // JSON array of short perk texts.
    .addColumn('perks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addCheckConstraint('traveler_levels_points_non_negative', sql`points_required >= 0`)
    .addCheckConstraint('traveler_levels_multiplier_valid', sql`multiplier_percent >= 100`)
    .execute();
  await db.schema.createIndex('traveler_levels_key_unique').on('traveler_levels').column('key').unique().execute();
  await db.schema.createIndex('traveler_levels_points_unique').on('traveler_levels').column('points_required').unique().execute();

  await db.schema
    .createTable('achievements')
    .addColumn('id', 'integer', idColumn(db))
    // Stable snake_case name; also names the rule that computes its progress.
    .addColumn('key', 'varchar(60)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // snake_case words ('check_ins').
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('points_awarded', 'integer', (c) => c.notNull())
    .addColumn('target_progress', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('achievements_points_non_negative', sql`points_awarded >= 0`)
    .addCheckConstraint('achievements_target_positive', sql`target_progress >= 1`)
    .execute();
  await db.schema.createIndex('achievements_key_unique').on('achievements').column('key').unique().execute();

  await db.schema
    .createTable('points_ledger')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    // Signed: credits positive, redemptions and clawbacks negative.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    // What the change is for, e.g. 'purchase:order:12', 'check_in:7', 'achievement:3:5'. The
    // unique index makes every event count once, however often (or concurrently) it is reported.
    .addColumn('unique_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint(
      'points_ledger_source_valid',
      sql`source in ('purchase', 'check_in', 'achievement', 'redemption', 'refund', 'adjustment', 'release')`,
    )
    .addCheckConstraint('points_ledger_amount_non_zero', sql`amount <> 0`)
    .execute();
  await db.schema.createIndex('points_ledger_unique_key').on('points_ledger').column('unique_key').unique().execute();
  // Balances are sums over one user's rows; history lists them newest first.
  await db.schema.createIndex('points_ledger_user_idx').on('points_ledger').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('check_ins')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.id'))
    // The UTC day, 'YYYY-MM-DD': the daily rules count per UTC day.
    .addColumn('check_in_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('location_name', 'varchar(100)')
    .addColumn('points_awarded', 'integer', (c) => c.notNull().defaultTo(0))
    // The traveller held an active eSIM covering the region.
    .addColumn('verified_trip', 'integer', (c) => c.notNull().defaultTo(0))
    // Why a check-in earned nothing: 'already_checked_in_here_today' | 'daily_cap_reached'.
    .addColumn('zero_reason', 'varchar(40)')
    // 1..3 for a rewarded check-in (the day's first, second, third), null otherwise: the unique
    // indexes below hold the daily rules even if two requests raced past the service's lock.
    .addColumn('reward_slot', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('check_ins_verified_bool', sql`verified_trip in (0, 1)`)
    .addCheckConstraint('check_ins_slot_valid', sql`reward_slot is null or reward_slot between 1 and 3`)
    .addCheckConstraint(
      'check_ins_reward_consistent',
      sql`(reward_slot is null and points_awarded = 0) or (reward_slot is not null and points_awarded > 0)`,
    )
    .execute();
  await db.schema.createIndex('check_ins_user_idx').on('check_ins').columns(['user_id', 'created_at']).execute();
  // One rewarded check-in per region per UTC day, and at most three rewarded per UTC day.
  await db.schema
    .createIndex('check_ins_rewarded_region_unique')
    .on('check_ins')
    .columns(['user_id', 'check_in_day', 'region_id'])
    .unique()
    .where(sql.ref('reward_slot'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('check_ins_reward_slot_unique')
    .on('check_ins')
    .columns(['user_id', 'check_in_day', 'reward_slot'])
    .unique()
    .where(sql.ref('reward_slot'), 'is not', null)
    .execute();

  await db.schema
    .createTable('user_achievements')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('achievement_id', 'integer', (c) => c.notNull().references('achievements.id').onDelete('cascade'))
    // Computed by the server from facts (orders, eSIMs, check-ins, profile), never sent by a client.
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('user_achievements_progress_non_negative', sql`progress >= 0`)
    .execute();
  // Granted once per user and achievement.
  await db.schema
    .createIndex('user_achievements_user_achievement_unique')
    .on('user_achievements')
    .columns(['user_id', 'achievement_id'])
    .unique()
    .execute();

  // Points spent on an order: how many, and the discount they bought in the order's currency.
  // total_amount_minor stays the order's full price; the card pays total − discount.
  await db.schema
    .alterTable('orders')
    .addColumn('points_used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`points_used >= 0`))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('points_discount_minor', 'integer', (c) => c.notNull().defaultTo(0).check(sql`points_discount_minor >= 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('points_discount_minor').execute();
  await db.schema.alterTable('orders').dropColumn('points_used').execute();
  await db.schema.dropTable('user_achievements').ifExists().execute();
  await db.schema.dropTable('check_ins').ifExists().execute();
  await db.schema.dropTable('points_ledger').ifExists().execute();
  await db.schema.dropTable('achievements').ifExists().execute();
  await db.schema.dropTable('traveler_levels').ifExists().execute();
}
