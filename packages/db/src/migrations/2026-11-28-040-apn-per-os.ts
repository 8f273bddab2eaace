// An eSIM's APN per device system when the provider gives one each (Airalo: apn.ios / apn.android);
// null: esims.apn for every device, '' : set automatically on that system.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('esims').addColumn('apn_ios', 'text').execute();
  await db.schema.alterTable('esims').addColumn('apn_android', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('esims').dropColumn('apn_android').execute();
  await db.schema.alterTable('esims').dropColumn('apn_ios').execute();
}
