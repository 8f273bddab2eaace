// Issue 30: the live chat. A conversation belongs to a signed-in traveller (user_id) or to a guest
// (the browser keeps a signed token naming its id). Messages are rows with increasing ids: every
// server instance streams a conversation by polling `id > last seen`, so two instances on one
// database both deliver (no in-memory fan-out). Typing and read state are columns on the
// conversation (a timestamp and a last-read message id per side). An agent is online while their
// chat view sends heartbeats (chat_agents.last_seen_at). The office hours and the answer timeout
// live in app_settings ('chat_settings', JSON), set by the owner.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { type Kysely, sql } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'integer', idColumn(db))
    // 'open' (chatting), 'needs_email' (nobody answered, a guest's e-mail is asked for),
    // 'ticket' (became a ticket answered by e-mail), 'closed'.
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text')
    // Trimmed and lowercased; a guest gives it when asked (or up front).
    .addColumn('email', 'varchar(254)')
    .addColumn('locale', 'varchar(35)', (c) => c.notNull().defaultTo('en'))
    // The first traveller message no agent has answered yet (null: nothing waits).
    .addColumn('waiting_since', 'varchar(32)')
    .addColumn('customer_typing_at', 'varchar(32)')
    .addColumn('agent_typing_at', 'varchar(32)')
    // The last message id each side has read.
    .addColumn('customer_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('agent_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('chat_conversations_status_valid', sql`status in ('open', 'needs_email', 'ticket', 'closed')`)
    .execute();
  await db.schema.createIndex('chat_conversations_status_idx').on('chat_conversations').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('chat_conversations_user_idx').on('chat_conversations').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    // 'customer', 'agent', 'system' (the shop's own notices: nobody answered, the ticket's number).
    .addColumn('author', 'varchar(16)', (c) => c.notNull())
    .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('chat_messages_author_valid', sql`author in ('customer', 'agent', 'system')`)
    .execute();
  await db.schema.createIndex('chat_messages_conversation_idx').on('chat_messages').columns(['conversation_id', 'id']).execute();

  await db.schema
    .createTable('chat_agents')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_agents').ifExists().execute();
  await db.schema.dropTable('chat_messages').ifExists().execute();
  await db.schema.dropTable('chat_conversations').ifExists().execute();
}
