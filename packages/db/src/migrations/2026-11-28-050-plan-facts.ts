// The plan's truth: what the provider says about a plan beyond data and validity (operators per
// country and their generation, hotspot, daily fair-use cap and the speed after it, top-ups, when
// validity starts, the IP's exit country), stored by `catalog sync` as JSON on the plan; null: the
// provider said nothing (the shop then claims nothing). And the owner's own wording of a plan per
// language (plan_texts), which overrides the composed name and description; English is the
// fallback for a language without one. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plans').addColumn('facts', 'text').execute();
  await db.schema
    .createTable('plan_texts')
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id').onDelete('cascade'))
    // 'en', 'de', … (the shop's languages).
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    // null: this language composes its own (or falls back to the English override).
    .addColumn('name', 'varchar(200)')
    .addColumn('description', 'text')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_texts_pk', ['plan_id', 'lang'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plan_texts').execute();
  await db.schema.alterTable('plans').dropColumn('facts').execute();
}
