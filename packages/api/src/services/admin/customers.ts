// admin.customers.*: search accounts, one customer's orders, eSIMs and points, disable or enable an
// account (its sessions end in the same transaction), grant or remove the admin role (never the
// shop's last enabled owner), end an account's sessions, reveal a customer's e-mail and phone.
// Every change writes its audit row in the change's transaction.
import { type RawBuilder, sql } from 'kysely';
import type { AdminRole, Db, User } from '@esim/db';
import { AppError } from '../../errors.ts';
import { levelFor } from '../../domain/rewards.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { listLevels } from '../rewards/rewards-achievements.ts';
import { pointsTotals } from '../rewards/rewards-ledger.ts';
import { setRole as storeRole } from '../accounts/users.ts';
import { eraseAccount, eraseGuest, exportGuestData, exportUserData } from '../accounts/data-rights.ts';
import type { Services } from '../types.ts';
import { recordAudit } from './audit.ts';
import { adminOrderRows, toAdminOrderRow } from './orders.ts';
import type { AdminActor, AdminCustomerDetail, AdminCustomerRow, AdminPointsEntry, Paged } from './views.ts';

/** Orders and points rows a customer page shows (newest first). */
export const CUSTOMER_ORDERS_SHOWN = 50;
export const CUSTOMER_POINTS_SHOWN = 50;

// ── shared bits ───────────────────────────────────────────────────────────────────────────

/** '%part%' for LIKE, lower case, with the wildcards in `q` taken literally (escape '\'). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** lower(column) LIKE pattern: case-insensitive on SQLite and PostgreSQL alike. */
export function lowerLike(column: string, pattern: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

const n = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

const noCustomer = (id: number) => new AppError('NOT_FOUND', `No customer has the id ${id}.`);

// ── orders, as the admin order table shows them ───────────────────────────────────────────

// ── search ────────────────────────────────────────────────────────────────────────────────

type CustomerFacts = Pick<
  User,
  'id' | 'username' | 'email' | 'full_name' | 'role' | 'admin_role' | 'disabled_at' | 'email_verified_at' | 'created_at'
> & {
  order_count: number | string | bigint | null;
};

function toCustomerRow(u: CustomerFacts): AdminCustomerRow {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    fullName: u.full_name,
    role: u.role,
    adminRole: u.role === 'admin' ? u.admin_role : null,
    disabled: u.disabled_at !== null,
    emailVerified: u.email_verified_at !== null,
    createdAt: u.created_at,
    orderCount: n(u.order_count),
  };
}

function customersQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.full_name',
      'u.role',
      'u.admin_role',
      'u.disabled_at',
      'u.email_verified_at',
      'u.created_at',
    ])
    .select((eb) => eb.selectFrom('orders as o').whereRef('o.user_id', '=', 'u.id').select(eb.fn.countAll().as('n')).as('order_count'));
}

export interface CustomerSearch {
  q?: string | undefined;
  page: number;
  pageSize: number;
  disabledOnly: boolean;
}

/** The search's WHERE: name, e-mail or username containing `q` (any case); disabled accounts only. */
function customerFilter(input: CustomerSearch): RawBuilder<boolean> | null {
  const parts: RawBuilder<unknown>[] = [];
  const q = input.q?.trim();
  if (q) {
    const p = containsPattern(q);
    parts.push(sql`(${lowerLike('u.username', p)} or ${lowerLike('u.email', p)} or ${lowerLike('u.full_name', p)})`);
  }
  if (input.disabledOnly) parts.push(sql`${sql.ref('u.disabled_at')} is not null`);
  return parts.length === 0 ? null : sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/** Accounts whose name, e-mail or username contains `q` (any case), newest first. */
export async function searchCustomers(db: Db, input: CustomerSearch): Promise<Paged<AdminCustomerRow>> {
  const filter = customerFilter(input);
  let count = db.selectFrom('users as u').select((eb) => eb.fn.countAll().as('n'));
  let rows = customersQuery(db);
  if (filter) {
    count = count.where(filter);
    rows = rows.where(filter);
  }
  const [total, list] = await Promise.all([
    count.executeTakeFirst(),
    rows
      .orderBy('u.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
  ]);
  return { rows: list.map(toCustomerRow), total: n(total?.n), page: input.page, pageSize: input.pageSize };
}

// ── one customer ──────────────────────────────────────────────────────────────────────────

async function enabledOwners(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('admin_role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Is `target` the shop's only enabled owner (so it cannot be disabled, demoted or lose its factors)? */
function isLastOwner(target: Pick<User, 'id' | 'role' | 'admin_role' | 'disabled_at'>, owners: readonly number[]): boolean {
  return target.role === 'admin' && target.admin_role === 'owner' && target.disabled_at === null && owners.every((id) => id === target.id);
}

export const LAST_OWNER_MESSAGE = 'This is the last owner account: make someone else an owner first.';

/**
 * Throws CONFLICT (reason 'last_owner') when `userId` is the shop's only enabled owner: at least one
 * enabled owner always exists. Called before disabling, demoting, and removing a second factor
 * (the factors' service calls it too), inside the change's transaction.
 */
export async function assertNotLastOwner(db: Db, userId: number): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'role', 'admin_role', 'disabled_at']).where('id', '=', userId).executeTakeFirst();
  if (user && isLastOwner(user, await enabledOwners(db))) {
    throw new AppError('CONFLICT', LAST_OWNER_MESSAGE, { reason: 'last_owner' });
  }
}

export async function getCustomer(db: Db, services: Services, actor: AdminActor, userId: number): Promise<AdminCustomerDetail> {
  const user = await customersQuery(db).select(['u.mobile', 'u.locale']).where('u.id', '=', userId).executeTakeFirst();
  if (!user) throw noCustomer(userId);
  const now = services.now().toISOString();
  const [orders, esims, totals, levels, history, sessions, owners] = await Promise.all([
    adminOrderRows(db).where('o.user_id', '=', userId).orderBy('o.id', 'desc').limit(CUSTOMER_ORDERS_SHOWN).execute(),
    db
      .selectFrom('esims as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select([
        'e.iccid',
        'o.public_id',
        'o.plan_name',
        'e.profile_state',
        'e.plan_state',
        'e.data_used_mb',
        'e.data_total_mb',
        'e.expires_at',
      ])
      .where((eb) => eb.or([eb('e.user_id', '=', userId), eb('o.user_id', '=', userId)]))
      .orderBy('e.id', 'desc')
      .execute(),
    pointsTotals(db, userId),
    listLevels(db),
    db
      .selectFrom('points_ledger as l')
      .leftJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.id', 'l.source', 'l.amount', 'l.description', 'o.public_id', 'l.created_at'])
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(CUSTOMER_POINTS_SHOWN)
      .execute(),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
    enabledOwners(db),
  ]);
  const points: AdminPointsEntry[] = history.map((h) => ({
    id: h.id,
    source: h.source,
    amount: h.amount,
    description: h.description,
    orderId: h.public_id,
    createdAt: h.created_at,
  }));
  return {
    ...toCustomerRow(user),
    mobile: user.mobile,
    locale: user.locale,
    disabledAt: user.disabled_at,
    activeSessions: n(sessions?.n),
    orders: orders.map(toAdminOrderRow),
    esims: esims.map((e) => ({
      iccid: e.iccid,
      orderId: e.public_id,
      planName: e.plan_name,
      profileState: e.profile_state,
      planState: e.plan_state,
      dataUsedMb: n(e.data_used_mb),
      dataTotalMb: e.data_total_mb === null ? null : n(e.data_total_mb),
      expiresAt: e.expires_at,
    })),
    points: {
      balance: totals.balance,
      lifetime: totals.lifetime,
      level: levelFor(levels, totals.lifetime).level.name,
      history: points,
    },
    canChangeRole: actor.role === 'owner' && !isLastOwner(user, owners),
    canDisable: user.id !== actor.id && (user.role !== 'admin' || actor.role === 'owner') && !isLastOwner(user, owners),
    canEndSessions: actor.role === 'owner',
  };
}

async function lockedUser(trx: Db, userId: number): Promise<User> {
  const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw noCustomer(userId);
  return user;
}

export const CANNOT_DISABLE_SELF_MESSAGE = 'You cannot disable your own account: ask another admin.';
export const OWNER_ONLY_ADMIN_ACCOUNTS_MESSAGE = 'Only an owner can disable or enable a back-office account.';

/**
 * Disables (or enables) an account. Disabling sets users.disabled_at and deletes every session of
 * the account in the same transaction, so its cookies stop working at once and it cannot sign in.
 */
export async function setCustomerDisabled(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: { userId: number; disabled: boolean },
): Promise<AdminCustomerDetail> {
  if (input.disabled && input.userId === actor.id) throw new AppError('BAD_INPUT', CANNOT_DISABLE_SELF_MESSAGE, { field: 'userId' });
  await writeTransaction(db, async (trx) => {
    const user = await lockedUser(trx, input.userId);
    const was = user.disabled_at !== null;
    if (was === input.disabled) return;
    if (user.role === 'admin' && actor.role !== 'owner') {
      throw new AppError('FORBIDDEN', OWNER_ONLY_ADMIN_ACCOUNTS_MESSAGE, { reason: 'owner_only' });
    }
    if (input.disabled) await assertNotLastOwner(trx, user.id);
    const now = services.now();
    await trx
      .updateTable('users')
      .set({ disabled_at: input.disabled ? now.toISOString() : null, updated_at: now.toISOString() })
      .where('id', '=', user.id)
      .execute();
    let ended = 0;
    if (input.disabled) {
      const res = await trx.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
      ended = Number(res.numDeletedRows);
    }
    await recordAudit(
      trx,
      actor,
      {
        action: input.disabled ? 'user.disable' : 'user.enable',
        entity: 'user',
        entityId: user.id,
        summary: input.disabled
          ? `Disabled ${user.username} (${ended} ${ended === 1 ? 'session' : 'sessions'} ended)`
          : `Enabled ${user.username}`,
        before: { disabled: was },
        after: { disabled: input.disabled },
      },
      now,
    );
  });
  return getCustomer(db, services, actor, input.userId);
}

/** 'customer', or the back-office role an admin account has (owner, support, catalogue). */
export type AccountRole = 'customer' | AdminRole;

function accountRole(user: Pick<User, 'role' | 'admin_role'>): AccountRole | 'admin' {
  return user.role === 'admin' ? (user.admin_role ?? 'admin') : 'customer';
}

/**
 * Makes an account a customer or one of the back-office roles (owner only, by the procedure's
 * declaration); never leaves the shop without an enabled owner. The account's sessions stay: each
 * request reads the role with the session (services/accounts/sessions.ts validateSessionToken), so the
 * next request already has the new role's rights, and a session that becomes a back-office one
 * falls under the back-office lifetimes and second factor from then on.
 */
export async function setCustomerRole(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: { userId: number; role: AccountRole },
): Promise<AdminCustomerDetail> {
  await writeTransaction(db, async (trx) => {
    const user = await lockedUser(trx, input.userId);
    const before = accountRole(user);
    if (before === input.role) return;
    if (input.role !== 'owner') await assertNotLastOwner(trx, user.id);
    const now = services.now();
    await storeRole(trx, user.id, input.role, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'user.role',
        entity: 'user',
        entityId: user.id,
        summary: `${user.username}: ${before} → ${input.role}`,
        before: { role: before },
        after: { role: input.role },
      },
      now,
    );
  });
  return getCustomer(db, services, actor, input.userId);
}

/** Ends every session of an account without disabling it (an owner's action; audited). */
export async function endCustomerSessions(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: { userId: number },
): Promise<{ ended: number }> {
  return writeTransaction(db, async (trx) => {
    const user = await lockedUser(trx, input.userId);
    const now = services.now();
    const res = await trx.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
    const ended = Number(res.numDeletedRows);
    await recordAudit(
      trx,
      actor,
      {
        action: 'user.sessions.end',
        entity: 'user',
        entityId: user.id,
        summary: `Ended ${ended} ${ended === 1 ? 'session' : 'sessions'} of ${user.username}`,
        before: { sessions: ended },
        after: { sessions: 0 },
      },
      now,
    );
    return { ended };
  });
}

/**
 * A customer's e-mail address and phone number in full, for a role that sees them masked; every
 * reveal writes an audit row (who saw whose data, when).
 */
export async function revealCustomer(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: { userId: number },
): Promise<{ userId: number; email: string; mobile: string | null }> {
  return writeTransaction(db, async (trx) => {
    const user = await lockedUser(trx, input.userId);
    await recordAudit(
      trx,
      actor,
      {
        action: 'user.reveal',
        entity: 'user',
        entityId: user.id,
        summary: `Revealed the e-mail address and phone number of ${user.username}`,
        before: null,
        after: null,
      },
      services.now(),
    );
    return { userId: user.id, email: user.email, mobile: user.mobile };
  });
}

/**
 * Issue 31: a data request fulfilled by the owner (a guest or a traveller who asked through support):
 * the customer's data export, as the traveller's own 'Download my data' builds it. Audited (who
 * exported whose data; the audit row holds no copy of it).
 */
export async function exportCustomerData(db: Db, services: Services, actor: AdminActor, input: { userId: number }) {
  const data = await exportUserData(db, services, input.userId, 'owner');
  await recordAudit(
    db,
    actor,
    { action: 'user.data.export', entity: 'user', entityId: input.userId, summary: `Exported the data of account #${input.userId}` },
    services.now(),
  );
  return data;
}

/**
 * Issue 31: the owner erases an account on the person's request (the same erasure as the
 * traveller's own link: orders kept as invoices without the person). The audit row names the
 * account by id only; the account's earlier audit rows lose their copies of its fields.
 */
export async function eraseCustomer(db: Db, services: Services, actor: AdminActor, input: { userId: number }): Promise<{ erased: true }> {
  if (input.userId === actor.id) throw new AppError('BAD_INPUT', 'You cannot erase your own account from here.', { field: 'userId' });
  const target = await db.selectFrom('users').select(['id', 'admin_role']).where('id', '=', input.userId).executeTakeFirst();
  if (!target) throw new AppError('NOT_FOUND', 'There is no such account (it may have been erased already).');
  if (target.admin_role !== null)
    throw new AppError('CONFLICT', 'A back-office account cannot be erased here: make it a customer first.', { reason: 'back_office' });
  await eraseAccount(db, services, input.userId, 'owner');
  await recordAudit(
    db,
    actor,
    { action: 'user.erase', entity: 'user', entityId: input.userId, summary: `Erased account #${input.userId} on the person's request` },
    services.now(),
  );
  return { erased: true };
}

/**
 * Issue 31: a guest's data (no account to sign in to): their export, for the owner to send to the
 * address once the person has shown they hold it (they wrote from it). Audited without the address.
 */
export async function exportGuestCustomerData(db: Db, services: Services, actor: AdminActor, input: { email: string }) {
  const data = await exportGuestData(db, services, input.email);
  await recordAudit(
    db,
    actor,
    {
      action: 'guest.data.export',
      entity: 'guest',
      entityId: `${data.orders.length} orders`,
      summary: `Exported a guest's data (${data.orders.length} orders)`,
    },
    services.now(),
  );
  return data;
}

/** Issue 31: erases what the shop holds under a guest's address (orders kept as invoices without it). Audited without the address. */
export async function eraseGuestCustomer(db: Db, services: Services, actor: AdminActor, input: { email: string }) {
  const out = await eraseGuest(db, services, input.email);
  await recordAudit(
    db,
    actor,
    {
      action: 'guest.erase',
      entity: 'guest',
      entityId: `${out.orders} orders`,
      summary: `Erased a guest's data on their request: ${out.orders} orders, ${out.messages} messages, ${out.tickets} tickets`,
    },
    services.now(),
  );
  return out;
}
