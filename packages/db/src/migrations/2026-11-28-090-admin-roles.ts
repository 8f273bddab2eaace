// Back-office roles (issue 27): an admin account is an owner (everything), support (orders,
// customers, refunds up to a limit, the inbox; personal data masked until revealed) or catalogue
// (regions, plans, rates, catalogue sync). users.role stays 'customer' | 'admin' (the door);
// users.admin_role says which admin. Every admin there was before roles becomes an owner.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('admin_role', 'varchar(16)', (c) => c.check(sql`admin_role in ('owner', 'support', 'catalogue')`))
    .execute();
  await db.updateTable('users').set({ admin_role: 'owner' }).where('role', '=', 'admin').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('admin_role').execute();
}
