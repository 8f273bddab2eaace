// Users: lookups, the public JSON shape, profile updates. Kysely only; throws AppError.
import { sql } from 'kysely';
import type { AdminRole, Db, NewUser, User, UserRole, UserUpdate } from '@esim/db';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../types.ts';
import type { TUpdateProfileInput } from '../../domain/validation.ts';

/** What the API ever says about a user. Never the password hash. */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  role: UserRole;
  firstName: string | null;
  lastName: string | null;
  mobile: string | null;
  photoUrl: string | null;
  travelPreferences: string | null;
  /** The owner opened the link sent to `email` (guest orders with it joined then). */
  emailVerified: boolean;
  /** An admin's back-office role (owner, support, catalogue); absent for a customer. */
  adminRole?: AdminRole | null;
}

export function toPublicUser(row: User): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    mobile: row.mobile,
    photoUrl: row.photo_url,
    travelPreferences: row.travel_preferences,
    emailVerified: row.email_verified_at !== null,
    ...(row.role === 'admin' ? { adminRole: row.admin_role } : {}),
  };
}

export function toSessionUser(row: Pick<User, 'id' | 'username' | 'email' | 'full_name' | 'role' | 'admin_role'>): SessionUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    // An admin row without a role (written around the roles) is given the narrowest: none of the owner's powers.
    adminRole: row.role === 'admin' ? (row.admin_role ?? null) : null,
  };
}

/** The case-insensitive sign-in key of a username; NFKC folds look-alikes such as full-width letters. */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function getPublicUser(db: Db, id: number): Promise<PublicUser> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError('UNAUTHORIZED');
  return toPublicUser(row);
}

/** Which unique column a database error is about ('username' | 'email'), or null if it is no unique violation. */
export function uniqueViolationField(e: unknown): 'username' | 'email' | 'unknown' | null {
  if (!e || typeof e !== 'object') return null;
  const err = e as { code?: unknown; message?: unknown; constraint?: unknown };
  const isUnique = err.code === 'SQLITE_CONSTRAINT_UNIQUE' || err.code === '23505';
  if (!isUnique) return null;
  const where = `${String(err.constraint ?? '')} ${String(err.message ?? '')}`;
  if (/email/i.test(where)) return 'email';
  if (/username/i.test(where)) return 'username';
  return 'unknown';
}

export interface CreateUserArgs {
  username: string;
  email: string;
  passwordHash: string;
  fullName?: string | null | undefined;
  role?: UserRole;
  /** An admin's back-office role; an admin created without one is an owner (the CLI's first admin). */
  adminRole?: AdminRole | undefined;
  /** The traveller's language (ctx.locale); default 'en'. */
  locale?: string | undefined;
}

/** Inserts a user; a taken username or e-mail (also in a race) → CONFLICT. */
export async function insertUser(db: Db, args: CreateUserArgs, now: Date): Promise<User> {
  const stamp = now.toISOString();
  const row: NewUser = {
    username: args.username.trim(),
    username_key: usernameKey(args.username),
    email: normalizeEmail(args.email),
    password_hash: args.passwordHash,
    full_name: blankToNull(args.fullName),
    role: args.role ?? 'customer',
    admin_role: args.role === 'admin' ? (args.adminRole ?? 'owner') : null,
    locale: args.locale ?? 'en',
    created_at: stamp,
    updated_at: stamp,
  };
  try {
    return await db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
  } catch (e) {
    const field = uniqueViolationField(e);
    if (field) throw new AppError('CONFLICT', 'This username or email may already be in use.');
    throw e;
  }
}

/** Is the username or e-mail held by someone other than `exceptUserId`? */
export async function findTakenField(
  db: Db,
  fields: { username?: string | undefined; email?: string | undefined },
  exceptUserId?: number,
): Promise<'username' | 'email' | null> {
  if (fields.username !== undefined) {
    let q = db.selectFrom('users').select('id').where('username_key', '=', usernameKey(fields.username));
    if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
    if (await q.executeTakeFirst()) return 'username';
  }
  if (fields.email !== undefined) {
    let q = db.selectFrom('users').select('id').where('email', '=', normalizeEmail(fields.email));
    if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
    if (await q.executeTakeFirst()) return 'email';
  }
  return null;
}

const TAKEN_MESSAGE = {
  username: 'That username is already taken.',
  email: 'That email address is already in use.',
  unknown: 'This username or email may already be in use.',
} as const;

/**
 * Updates the profile of `userId` (always the signed-in user: the procedure has no id input).
 * Omitted fields stay; '' or null clears an optional one. A username or e-mail held by someone
 * else → CONFLICT with details { field }.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  input: TUpdateProfileInput,
  now: Date,
  locale?: string | undefined,
): Promise<PublicUser> {
  const taken = await findTakenField(db, { username: input.username, email: input.email }, userId);
  if (taken) throw new AppError('CONFLICT', TAKEN_MESSAGE[taken], { field: taken });

  const patch: UserUpdate = { updated_at: now.toISOString(), ...(locale ? { locale } : {}) };
  if (input.username !== undefined) {
    patch.username = input.username.trim();
    patch.username_key = usernameKey(input.username);
  }
  if (input.email !== undefined) patch.email = normalizeEmail(input.email);
  if (input.fullName !== undefined) patch.full_name = blankToNull(input.fullName);
  if (input.firstName !== undefined) patch.first_name = blankToNull(input.firstName);
  if (input.lastName !== undefined) patch.last_name = blankToNull(input.lastName);
  if (input.mobile !== undefined) patch.mobile = blankToNull(input.mobile);
  if (input.photoUrl !== undefined) patch.photo_url = blankToNull(input.photoUrl);
  if (input.travelPreferences !== undefined) patch.travel_preferences = blankToNull(input.travelPreferences);

  try {
    let update = db.updateTable('users').set(patch);
    if (patch.email !== undefined) {
      // A new address is unverified until its owner opens the link sent to it.
      update = update.set({
        email_verified_at: sql<
          string | null
        >`case when ${sql.ref('email')} = ${patch.email} then ${sql.ref('email_verified_at')} else null end`,
      });
    }
    const row = await update.where('id', '=', userId).returningAll().executeTakeFirst();
    if (!row) throw new AppError('UNAUTHORIZED');
    return toPublicUser(row);
  } catch (e) {
    const field = uniqueViolationField(e);
    if (field) throw new AppError('CONFLICT', TAKEN_MESSAGE[field], field === 'unknown' ? undefined : { field });
    throw e;
  }
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now.toISOString() }).where('id', '=', userId).execute();
}

/** The account's language (users.locale: its e-mails that the traveller did not cause go out in it). */
export async function setUserLocale(db: Db, userId: number, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

/** Makes the account a customer ('customer') or an admin with that back-office role. */
export async function setRole(db: Db, userId: number, role: 'customer' | AdminRole, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({
      role: role === 'customer' ? 'customer' : 'admin',
      admin_role: role === 'customer' ? null : role,
      updated_at: now.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

function blankToNull(v: string | null | undefined): string | null {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t === '' ? null : t;
}
