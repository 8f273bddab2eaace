// npm run admin:create -- --username <name> --email <address> [--password-env VAR] [--full-name <name>] [--reset-password]
//                          [--enable] [--reset-factors]
//
// Creates an admin, or promotes an existing user (found by username) to admin. The password of a
// new admin comes from the environment variable named by --password-env (default ADMIN_PASSWORD)
// or, when that is unset and a terminal is attached, from a hidden prompt (asked twice). It is
// never taken from the command line, where it would land in shell history and `ps`.
// An existing user keeps their password unless --reset-password is given (which ends every session
// of the account). --enable re-enables a disabled account; --reset-factors removes its second
// factors (it enrols again at its next sign-in). Every change is written to the audit log (actor
// 'cli') and printed; a promotion makes an owner.
// DATABASE_URL comes from env.ts as for the server; pending migrations are applied first.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  COMMON_PASSWORD_MESSAGE,
  findUserByEmail,
  findUserByUsername,
  hashPassword,
  insertUser,
  isCommonPassword,
  resetSecondFactors,
  setPasswordHash,
  setRole,
} from '@esim/api';
import { ZEmail, ZNewPassword, ZUsername } from '@esim/api/domain';
import { createDb, migrateToLatest, type Db } from '@esim/db';
import { loadDotEnv, readEnv, readNamedSecret } from './env.ts';

export const USAGE = `usage: npm run admin:create -- --username <name> --email <address> [options]

Creates an admin account, or promotes the existing user with that username to admin.

  --username <name>       required (at least 3 characters)
  --email <address>       required for a new admin; must match an existing user's e-mail
  --full-name <name>      optional, for a new admin
  --password-env <VAR>    read the password from this environment variable (default ADMIN_PASSWORD);
                          when it is unset, the password is asked for on the terminal (hidden)
  --reset-password        also set a new password for an existing user (ends all its sessions)
  --enable                re-enable the account if it was disabled
  --reset-factors         remove the account's second factors (TOTP, passkeys, recovery codes)
                          and end its sessions; it enrols again at its next sign-in
  -h, --help              show this help
`;

export interface AdminArgs {
  username: string;
  email: string | undefined;
  fullName: string | undefined;
  passwordEnv: string;
  resetPassword: boolean;
  enable: boolean;
  resetFactors: boolean;
}

export class UsageError extends Error {}

export function parseAdminArgs(argv: string[]): AdminArgs | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      'full-name': { type: 'string' },
      'password-env': { type: 'string', default: 'ADMIN_PASSWORD' },
      'reset-password': { type: 'boolean', default: false },
      enable: { type: 'boolean', default: false },
      'reset-factors': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  const username = ZUsername.safeParse(values.username);
  if (!username.success) throw new UsageError(`--username: ${username.error.issues[0]?.message ?? 'invalid'}`);
  let email: string | undefined;
  if (values.email !== undefined) {
    const parsed = ZEmail.safeParse(values.email);
    if (!parsed.success) throw new UsageError(`--email: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    email = parsed.data;
  }
  const passwordEnv = values['password-env'] ?? 'ADMIN_PASSWORD';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(passwordEnv)) throw new UsageError('--password-env: not a variable name');
  return {
    username: username.data,
    email,
    fullName: values['full-name'],
    passwordEnv,
    resetPassword: values['reset-password'] ?? false,
    enable: values.enable ?? false,
    resetFactors: values['reset-factors'] ?? false,
  };
}

export interface AdminResult {
  action: 'created' | 'promoted' | 'already-admin';
  id: number;
  username: string;
  passwordChanged: boolean;
  /** What else was done, one line each (printed, and each written to the audit log). */
  changes: string[];
}

/** An audit row written by the CLI (no signed-in admin: actor_id null, actor 'cli'). */
async function auditCli(db: Db, now: Date, user: { id: number; username: string }, action: string, summary: string): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: null,
      actor_username: 'cli',
      action,
      entity: 'user',
      entity_id: String(user.id),
      summary,
      before_json: null,
      after_json: null,
      ip: 'cli',
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * The work itself, on a migrated db. `getPassword` is called only when a password is needed
 * (a new admin, or --reset-password) and must return an unvalidated candidate.
 */
export async function createOrPromoteAdmin(
  db: Db,
  args: AdminArgs,
  getPassword: () => Promise<string>,
  now: Date = new Date(),
): Promise<AdminResult> {
  const readValidPassword = async () => {
    const parsed = ZNewPassword.safeParse(await getPassword());
    if (!parsed.success) throw new UsageError(`password: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    if (await isCommonPassword(parsed.data)) throw new UsageError(`password: ${COMMON_PASSWORD_MESSAGE}`);
    return parsed.data;
  };

  const existing = await findUserByUsername(db, args.username);
  if (existing) {
    if (args.email !== undefined && existing.email !== args.email) {
      throw new UsageError(`user '${existing.username}' exists with a different e-mail address; refusing to promote it`);
    }
    let passwordChanged = false;
    const changes: string[] = [];
    const user = { id: existing.id, username: existing.username };
    if (args.resetPassword) {
      await setPasswordHash(db, existing.id, await hashPassword(await readValidPassword()), now);
      // A reset password is a lost one: every session of the account ends with it.
      await db.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
      passwordChanged = true;
      changes.push('password reset, all sessions ended');
      await auditCli(
        db,
        now,
        user,
        'user.password_reset',
        `Password of ${existing.username} reset from the command line; all sessions ended`,
      );
    }
    if (args.resetFactors) {
      await resetSecondFactors(db, existing.id);
      changes.push('second factors removed, all sessions ended');
      await auditCli(db, now, user, 'user.factors_reset', `Second factors of ${existing.username} removed from the command line`);
    }
    if (args.enable && existing.disabled_at !== null) {
      await db.updateTable('users').set({ disabled_at: null, updated_at: now.toISOString() }).where('id', '=', existing.id).execute();
      changes.push('re-enabled');
      await auditCli(db, now, user, 'user.enable', `Enabled ${existing.username} from the command line`);
    }
    if (existing.role === 'admin') {
      return { action: 'already-admin', id: existing.id, username: existing.username, passwordChanged, changes };
    }
    await setRole(db, existing.id, 'owner', now);
    await auditCli(db, now, user, 'user.role', `${existing.username}: customer → owner (from the command line)`);
    return { action: 'promoted', id: existing.id, username: existing.username, passwordChanged, changes };
  }

  if (args.email === undefined) throw new UsageError('--email is required to create a new admin');
  if (await findUserByEmail(db, args.email)) throw new UsageError('that e-mail address belongs to another user');
  const passwordHash = await hashPassword(await readValidPassword());
  const row = await insertUser(
    db,
    { username: args.username, email: args.email, passwordHash, fullName: args.fullName ?? null, role: 'admin' },
    now,
  );
  await auditCli(db, now, row, 'user.create', `Created the owner account ${row.username} from the command line`);
  return { action: 'created', id: row.id, username: row.username, passwordChanged: true, changes: [] };
}

/** Reads a line from the terminal without echoing it. */
export function promptHidden(
  question: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stdout,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    output.write(question);
    const done = (err: Error | null) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(null);
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) return done(new UsageError('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = Array.from(value).slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

async function passwordFromEnvOrTerminal(varName: string): Promise<string> {
  const fromEnv = readNamedSecret(varName);
  if (fromEnv !== undefined) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new UsageError(`no password: set ${varName} (or choose another variable with --password-env), or run in a terminal to be asked`);
  }
  const first = await promptHidden('Password for the admin (at least 8 characters): ');
  const again = await promptHidden('Repeat the password: ');
  if (first !== again) throw new UsageError("Passwords don't match");
  return first;
}

export async function runAdminCli(argv: string[]): Promise<number> {
  let args: AdminArgs | 'help';
  try {
    args = parseAdminArgs(argv);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  loadDotEnv();
  const env = readEnv();
  const handle = createDb(env.DATABASE_URL);
  try {
    await migrateToLatest(handle.db);
    const r = await createOrPromoteAdmin(handle.db, args, () => passwordFromEnvOrTerminal(args.passwordEnv));
    const what = { created: 'created admin', promoted: 'promoted to admin (owner):', 'already-admin': 'already an admin:' }[r.action];
    process.stdout.write(`${what} ${r.username} (id ${r.id})\n`);
    for (const change of r.changes) process.stdout.write(`  ${change} (audited)\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`admin:create failed: ${(err as Error).message ?? String(err)}\n`);
    return err instanceof UsageError ? 2 : 1;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // No top-level await: the release binary bundles this file as CommonJS.
  void runAdminCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
