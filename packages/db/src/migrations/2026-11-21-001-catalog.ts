// Catalogue: regions (countries and bundles), the countries each region covers, plans, exchange rates.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('regions')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('continent', 'varchar(40)')
    .addColumn('flag_icon', 'varchar(255)')
    .addColumn('is_popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('country'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('regions_is_popular_bool', sql`is_popular in (0, 1)`)
    .addCheckConstraint('regions_kind_valid', sql`kind in ('country', 'bundle')`)
    .execute();
  await db.schema.createIndex('regions_code_unique').on('regions').column('code').unique().execute();

  await db.schema
    .createTable('region_countries')
    .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.id').onDelete('cascade'))
    .addColumn('country_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('region_countries_pk', ['region_id', 'country_code'])
    .execute();
  // "Which destinations cover country X?"
  await db.schema.createIndex('region_countries_country_code_idx').on('region_countries').column('country_code').execute();

  await db.schema
    .createTable('plans')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(80)', (c) => c.notNull())
    .addColumn('name', 'varchar(160)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('validity_days', 'integer', (c) => c.notNull())
    .addColumn('data_amount', 'varchar(32)', (c) => c.notNull())
    .addColumn('data_mb', 'integer')
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('plans_price_non_negative', sql`price_minor >= 0`)
    .addCheckConstraint('plans_validity_positive', sql`validity_days > 0`)
    .addCheckConstraint('plans_is_popular_bool', sql`is_popular in (0, 1)`)
    .addCheckConstraint('plans_active_bool', sql`active in (0, 1)`)
    .execute();
  await db.schema.createIndex('plans_slug_unique').on('plans').column('slug').unique().execute();
  await db.schema.createIndex('plans_region_id_idx').on('plans').columns(['region_id', 'sort_order']).execute();

  await db.schema
    .createTable('exchange_rates')
    .addColumn('currency', 'varchar(3)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(8)', (c) => c.notNull())
    .addColumn('rate_micros', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('exchange_rates_rate_positive', sql`rate_micros > 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exchange_rates').ifExists().execute();
  await db.schema.dropTable('plans').ifExists().execute();
  await db.schema.dropTable('region_countries').ifExists().execute();
  await db.schema.dropTable('regions').ifExists().execute();
}
