// The admin:create command's logic, on a migrated in-memory SQLite.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, createCaller, createServices } from '@esim/api';
import { createDb, migrateToLatest, type Db } from '@esim/db';
import { UsageError, createOrPromoteAdmin, parseAdminArgs, type AdminArgs } from '../src/admin-cli.ts';

let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  const h = createDb(':memory:');
  await migrateToLatest(h.db);
  db = h.db;
  close = h.close;
});
afterEach(async () => close());

const services = () =>
  createServices(db, {
    publicUrl: 'http://localhost:3000',
    productName: 'T',
    supportEmail: 's@example.com',
    phone: '0',
    postalAddress: 'x',
  });
const caller = () =>
  createCaller({
    db,
    services: services(),
    user: null,
    pendingUser: null,
    sessionId: null,
    locale: 'en',
    req: { ip: '127.0.0.1', userAgent: 'vitest', secure: false },
    res: { setSessionCookie() {}, clearSessionCookie() {} },
  });
const args = (over: Partial<AdminArgs> = {}): AdminArgs => ({
  username: 'boss',
  email: 'boss@example.com',
  fullName: undefined,
  passwordEnv: 'ADMIN_PASSWORD',
  resetPassword: false,
  enable: false,
  resetFactors: false,
  ...over,
});

/** The audit rows the CLI wrote: [action, summary]. */
const cliAudit = async () =>
  (await db.selectFrom('audit_log').select(['action', 'summary', 'actor_id', 'actor_username']).orderBy('id').execute()).map((r) => {
    expect([r.actor_id, r.actor_username]).toEqual([null, 'cli']);
    return [r.action, r.summary];
  });

describe('parseAdminArgs', () => {
  it('reads the options, normalising the e-mail', () => {
    expect(
      parseAdminArgs(['--username', 'boss', '--email', ' Boss@Example.COM', '--password-env', 'PW', '--full-name', 'The Boss']),
    ).toEqual({
      username: 'boss',
      email: 'boss@example.com',
      fullName: 'The Boss',
      passwordEnv: 'PW',
      resetPassword: false,
      enable: false,
      resetFactors: false,
    });
    expect(parseAdminArgs(['--username', 'boss', '--enable', '--reset-factors'])).toMatchObject({ enable: true, resetFactors: true });
    expect(parseAdminArgs(['--username', 'boss'])).toMatchObject({ passwordEnv: 'ADMIN_PASSWORD', email: undefined });
    expect(parseAdminArgs(['-h'])).toBe('help');
  });
  it.each([[['--username', 'ab']], [['--username', 'boss', '--email', 'nope']], [['--username', 'boss', '--password-env', 'A-B']], [[]]])(
    '%j is a usage error',
    (argv) => expect(() => parseAdminArgs(argv)).toThrow(UsageError),
  );
  it('refuses unknown options and a password on the command line', () => {
    expect(() => parseAdminArgs(['--username', 'boss', '--password', 'x'])).toThrow();
  });
});

describe('createOrPromoteAdmin', () => {
  it('creates an admin who can sign in', async () => {
    const r = await createOrPromoteAdmin(db, args(), async () => 'a strong admin password');
    expect(r).toMatchObject({ action: 'created', username: 'boss', passwordChanged: true });
    const user = await caller().auth.login({ username: 'boss', password: 'a strong admin password' });
    expect(user.role).toBe('admin');
  });

  it('promotes an existing customer without touching the password, and asks for none', async () => {
    await caller().auth.register({ username: 'Carol', email: 'carol@example.com', password: 'carols password' });
    const r = await createOrPromoteAdmin(db, args({ username: 'carol', email: 'carol@example.com' }), async () => {
      throw new Error('must not ask');
    });
    expect(r).toMatchObject({ action: 'promoted', username: 'Carol', passwordChanged: false });
    expect((await caller().auth.login({ username: 'carol', password: 'carols password' })).role).toBe('admin');
    expect((await createOrPromoteAdmin(db, args({ username: 'carol', email: undefined }), async () => '')).action).toBe('already-admin');
  });

  it('--reset-password sets a new one', async () => {
    await createOrPromoteAdmin(db, args(), async () => 'first password!');
    await createOrPromoteAdmin(db, args({ resetPassword: true }), async () => 'second password!');
    await caller().auth.login({ username: 'boss', password: 'second password!' });
  });

  it('refuses a short or common password, a missing e-mail, an e-mail of another user, a mismatched e-mail', async () => {
    await expect(createOrPromoteAdmin(db, args(), async () => 'short')).rejects.toThrow('Password must be at least 8 characters');
    // Line 87,212 of the shipped list of common passwords (issue 27), in capitals.
    await expect(createOrPromoteAdmin(db, args(), async () => 'ADMINPASS')).rejects.toThrow(`password: ${COMMON_PASSWORD_MESSAGE}`);
    await expect(createOrPromoteAdmin(db, args({ email: undefined }), async () => 'long enough pw')).rejects.toThrow('--email is required');
    await caller().auth.register({ username: 'dave', email: 'dave@example.com', password: 'daves password' });
    await expect(createOrPromoteAdmin(db, args({ email: 'dave@example.com' }), async () => 'long enough pw')).rejects.toThrow(
      'belongs to another user',
    );
    await expect(createOrPromoteAdmin(db, args({ username: 'dave', email: 'x@example.com' }), async () => '')).rejects.toThrow(
      'different e-mail',
    );
    const roles = await db.selectFrom('users').select(['username', 'role']).execute();
    expect(roles).toEqual([{ username: 'dave', role: 'customer' }]);
  });
});

describe('admin:create on an existing admin (issue 27)', () => {
  it('--reset-password ends every session of the account and is audited', async () => {
    await createOrPromoteAdmin(db, args(), async () => 'first password!');
    const login = () => caller().auth.login({ username: 'boss', password: 'first password!' });
    await login();
    await login();
    const id = (await db.selectFrom('users').select('id').where('username', '=', 'boss').executeTakeFirstOrThrow()).id;
    const sessions = () => db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
    expect(await sessions()).toHaveLength(2);
    const r = await createOrPromoteAdmin(db, args({ resetPassword: true }), async () => 'second password!');
    expect(r).toMatchObject({ action: 'already-admin', passwordChanged: true, changes: ['password reset, all sessions ended'] });
    expect(await sessions()).toHaveLength(0);
    expect(await cliAudit()).toEqual([
      ['user.create', 'Created the owner account boss from the command line'],
      ['user.password_reset', 'Password of boss reset from the command line; all sessions ended'],
    ]);
  });

  it('--enable re-enables a disabled admin; --reset-factors removes its factors; a promotion is audited and makes an owner', async () => {
    await caller().auth.register({ username: 'erin', email: 'erin@example.com', password: 'erins password' });
    const p = await createOrPromoteAdmin(db, args({ username: 'erin', email: undefined }), async () => '');
    expect(p.action).toBe('promoted');
    const erin = await db.selectFrom('users').select(['id', 'role', 'admin_role']).where('username', '=', 'erin').executeTakeFirstOrThrow();
    expect([erin.role, erin.admin_role]).toEqual(['admin', 'owner']);
    await db.updateTable('users').set({ disabled_at: '2026-11-28T00:00:00.000Z' }).where('id', '=', erin.id).execute();
    await db
      .insertInto('user_recovery_codes')
      .values({ user_id: erin.id, code_hash: 'ab'.repeat(32), used_at: null, created_at: '2026-11-28T00:00:00.000Z' })
      .execute();
    expect(await db.selectFrom('user_recovery_codes').select('id').where('user_id', '=', erin.id).execute()).toHaveLength(1);
    const r = await createOrPromoteAdmin(
      db,
      args({ username: 'erin', email: undefined, enable: true, resetFactors: true }),
      async () => '',
    );
    expect(r.changes).toEqual(['second factors removed, all sessions ended', 're-enabled']);
    expect((await db.selectFrom('users').select('disabled_at').where('id', '=', erin.id).executeTakeFirstOrThrow()).disabled_at).toBeNull();
    expect(await db.selectFrom('user_recovery_codes').select('id').where('user_id', '=', erin.id).execute()).toEqual([]);
    await caller().auth.login({ username: 'erin', password: 'erins password' });
    expect(await cliAudit()).toEqual([
      ['user.role', 'erin: customer → owner (from the command line)'],
      ['user.factors_reset', 'Second factors of erin removed from the command line'],
      ['user.enable', 'Enabled erin from the command line'],
    ]);
    // --enable on an enabled account changes nothing and writes nothing.
    expect((await createOrPromoteAdmin(db, args({ username: 'erin', email: undefined, enable: true }), async () => '')).changes).toEqual(
      [],
    );
    expect(await cliAudit()).toHaveLength(3);
  });
});
