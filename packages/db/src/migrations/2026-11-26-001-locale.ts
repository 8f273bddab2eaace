// The traveller's language on the account: `users.locale` ('en', 'ar', 'ja', …; default 'en'),
// set at registration and at each sign-in or profile update from the language the web app sends
// (Accept-Language). E-mails the traveller did not cause themselves (an "address already in use"
// notice to its owner) go out in it. `orders.locale` exists since 2026-11-21-004 (the language of
// the checkout, for the order's e-mails), so this adds only the users column.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('locale', 'varchar(35)', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
