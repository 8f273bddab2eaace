// Issue 25: several eSIM providers at once (ESIM_PROVIDERS).
//   plans.offer_key     the equivalence key `catalog sync` writes for a provider's plan: the same
//                       key at two providers is the same offer (services/catalog-offers.ts says the
//                       rule); null for the seed's own plans (never grouped).
//   plans.alternate_of  set on an equivalent plan that is not the best offer: the plan the shop
//                       lists instead (its id). The shop lists only plans without it; provisioning
//                       may fail over to an alternate.
//   orders.provision_plan_id  the equivalent plan of another provider an order is provisioned from
//                       after its own provider refused it as out of stock or unavailable (set once,
//                       before that provider is asked, so a crash or restart never goes back to the
//                       first provider nor orders a third time); null: the order's own plan.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plans').addColumn('offer_key', 'varchar(512)').execute();
  await db.schema.alterTable('plans').addColumn('alternate_of', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('provision_plan_id', 'integer').execute();
  await db.schema.createIndex('plans_offer_key_idx').on('plans').column('offer_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('plans_offer_key_idx').execute();
  await db.schema.alterTable('orders').dropColumn('provision_plan_id').execute();
  await db.schema.alterTable('plans').dropColumn('alternate_of').execute();
  await db.schema.alterTable('plans').dropColumn('offer_key').execute();
}
