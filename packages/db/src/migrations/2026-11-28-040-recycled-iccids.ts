// ICCIDs are recycled: eSIM Access says to track a profile by its esimTranNo, and Airalo takes an
// ICCID back (RECYCLED) and issues it again. An eSIM is identified by its provider and the
// provider's own reference (esims.provider_ref: eSIM Access esimTranNo, Airalo '<order>:<iccid>'),
// so the unique index on the ICCID alone becomes a plain one, and (provider, provider_ref) is unique.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('esims_iccid_unique').execute();
  await db.schema.createIndex('esims_iccid_idx').on('esims').column('iccid').execute();
  await db.schema.createIndex('esims_provider_ref_unique').on('esims').columns(['provider', 'provider_ref']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('esims_provider_ref_unique').execute();
  await db.schema.dropIndex('esims_iccid_idx').execute();
  await db.schema.createIndex('esims_iccid_unique').on('esims').column('iccid').unique().execute();
}
