// Support: messages sent through the support page's contact form (kept for support staff),
// and the blog's newsletter subscribers (one row per e-mail address).
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', idColumn(db))
    // Lengths are enforced by the API's input schema; the columns are text so a later, larger
    // limit needs no migration.
    .addColumn('name', 'text', (c) => c.notNull())
    // Trimmed and lowercased.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // The signed-in sender, if any. The message outlives a deleted account.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('contact_messages_status_valid', sql`status in ('new', 'read', 'closed')`)
    .execute();
  // The staff inbox: newest first, optionally by status.
  await db.schema.createIndex('contact_messages_created_at_idx').on('contact_messages').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('contact_messages_status_idx').on('contact_messages').columns(['status', 'created_at', 'id']).execute();
  // The per-address rate limit counts recent messages from one ip.
  await db.schema.createIndex('contact_messages_ip_idx').on('contact_messages').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'integer', idColumn(db))
    // Trimmed and lowercased: the unique key, so subscribing twice (in any case) stores one row.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // Language of the site at subscription, e.g. 'en', 'ar'.
    .addColumn('locale', 'varchar(35)', (c) => c.notNull().defaultTo('en'))
    // Where the form was, e.g. 'blog'.
    .addColumn('source', 'varchar(32)', (c) => c.notNull().defaultTo('blog'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('newsletter_subscribers_email_unique').on('newsletter_subscribers').column('email').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_subscribers').ifExists().execute();
  await db.schema.dropTable('contact_messages').ifExists().execute();
}
