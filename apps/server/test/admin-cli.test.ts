// The admin:create command's logic, on a migrated in-memory SQLite.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCaller, createServices } from '@esim/api';
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
  ...over,
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
    });
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

  it('refuses a short password, a missing e-mail, an e-mail of another user, a mismatched e-mail', async () => {
    await expect(createOrPromoteAdmin(db, args(), async () => 'short')).rejects.toThrow('Password must be at least 8 characters');
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
