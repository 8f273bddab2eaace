// The admin area (issue 14): the audit log of every admin change, disabled accounts, hidden
// regions, where an exchange rate came from, and the support inbox's 'answered' state.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres, rebuildSqliteTable } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', idColumn(db))
    // The admin who made the change; the row outlives a deleted account (its name is kept below).
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_username', 'varchar(64)', (c) => c.notNull())
    // 'plan.update', 'order.refund', 'user.disable', 'rate.update', 'points.adjust', …
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    // 'plan', 'region', 'order', 'user', 'exchange_rate', 'level', 'achievement', 'contact_message', 'email', …
    .addColumn('entity', 'varchar(32)', (c) => c.notNull())
    // The entity's id as the admin area shows it (a plan id, an order number, a currency code, …).
    .addColumn('entity_id', 'varchar(64)', (c) => c.notNull())
    // One line for people: 'Price 19.99 USD → 17.99 USD'.
    .addColumn('summary', 'text', (c) => c.notNull())
    // JSON of the changed fields before and after (null: created / deleted / an action).
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'created_at']).execute();

  // A disabled account cannot sign in and its sessions end at once.
  await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(32)').execute();

  // A hidden region (and its plans) leaves the shop; orders keep their copies of the plan.
  await db.schema
    .alterTable('regions')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // Where the rate in force came from: 'seed', 'admin', later a feed; and who set it.
  await db.schema
    .alterTable('exchange_rates')
    .addColumn('source', 'varchar(64)', (c) => c.notNull().defaultTo('seed'))
    .execute();
  await db.schema
    .alterTable('exchange_rates')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  // The support inbox: new → answered → closed ('read' stays valid for rows stored before).
  await db.schema.alterTable('contact_messages').addColumn('status_changed_at', 'varchar(32)').execute();
  if (isPostgres(db)) {
    await sql`alter table contact_messages drop constraint contact_messages_status_valid`.execute(db);
    await sql`alter table contact_messages add constraint contact_messages_status_valid check (status in ('new', 'read', 'answered', 'closed'))`.execute(
      db,
    );
  } else {
    await rebuildSqliteTable(db, 'contact_messages', (create) =>
      create.replace(/status in \('new', 'read', 'closed'\)/, "status in ('new', 'read', 'answered', 'closed')"),
    );
  }
  // No new index on orders or users: checkout inserts orders at 1,000/s and every index costs it.
  // The admin pages page by id (the order of creation) and scan for filters, fine at a small shop's size.
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
