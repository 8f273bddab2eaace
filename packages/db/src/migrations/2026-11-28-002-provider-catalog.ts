// Plans imported from a wholesale eSIM provider (`cli.js catalog sync`): which provider package a
// plan buys, what it costs the shop, and when the sync last saw it. Seed plans have none (the
// simulator needs no package code). Frozen once landed.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // 'airalo', 'esimaccess', 'simulator'; null for the seed's own plans.
  await db.schema.alterTable('plans').addColumn('provider', 'varchar(32)').execute();
  // The provider's package id (Airalo package_id, eSIM Access packageCode).
  await db.schema.alterTable('plans').addColumn('provider_package', 'varchar(128)').execute();
  // Wholesale cost, integer minor units (what the pricing rule starts from).
  await db.schema.alterTable('plans').addColumn('wholesale_minor', 'integer').execute();
  await db.schema.alterTable('plans').addColumn('wholesale_currency', 'varchar(3)').execute();
  // 1: the package can be bought as a top-up for an eSIM of the region.
  await db.schema
    .alterTable('plans')
    .addColumn('topup_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The last sync that found the package at the provider.
  await db.schema.alterTable('plans').addColumn('synced_at', 'varchar(32)').execute();
  await db.schema
    .createIndex('plans_provider_package_unique')
    .on('plans')
    .columns(['provider', 'provider_package'])
    .unique()
    .where(sql.ref('provider_package'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('plans_provider_package_unique').execute();
}
