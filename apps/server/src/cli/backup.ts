// `backup <file> [--force]` and `restore <file>`: the SQLite database's online backup, and putting
// one back while the shop is stopped. PostgreSQL has its own tools; both commands say which.
//
// backup: SQLite's online backup API (better-sqlite3's db.backup()) on a connection of its own.
// After a first small step it copies every remaining page in one step, inside one read transaction,
// so writers (WAL mode) go on and the copy is the database as of one moment. The copy is written
// beside the target under a temporary name, switched to a single file (journal_mode=DELETE),
// integrity-checked, synced and only then renamed into place.
//
// restore: the shop must be stopped. Detected at the SQLite level: every open connection (a server,
// a worker, a CLI) holds a shared lock on the database's WAL index, so an exclusive lock taken with
// no waiting (busy_timeout 0, locking_mode=EXCLUSIVE, BEGIN EXCLUSIVE) fails while any process has
// the database open, and succeeds when none has. The current file is checkpointed under that
// lock and kept as <file>.before-restore-<time>; stale -wal/-shm files are removed.
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, readSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dbKindOf, migrations, openSqliteFile, sqlitePathOf, type SqliteConnection } from '@esim/db';
import { readEnv } from '../env.ts';
import { CliExit, type CliCommandSpec } from './types.ts';

const MIGRATION_TABLE = 'kysely_migration';
const SQLITE_HEADER = 'SQLite format 3\u0000';

export const backupCommand: CliCommandSpec = {
  help: 'backup <file> [--force]: a consistent copy of the SQLite database, taken while the shop serves',
  needsDb: false,
  run: async (_ctx, args) => {
    const { file, force } = parseFileArgs('backup', args, true);
    const url = readEnv().DATABASE_URL;
    if (dbKindOf(url) === 'postgres') {
      throw new CliExit(
        2,
        `backup: DATABASE_URL is a PostgreSQL database; use pg_dump: pg_dump --format=custom --file=${shellQuote(file)} "$DATABASE_URL"`,
      );
    }
    const result = await backupSqlite(sqlitePathOf(url), file, { force });
    process.stdout.write(`backup: ${result.target} (${formatBytes(result.bytes)}, ${result.pages} pages) from ${result.source}\n`);
  },
};

export const restoreCommand: CliCommandSpec = {
  help: 'restore <file>: put a backup back (stop the shop first; the current database is kept beside it)',
  needsDb: false,
  run: async (_ctx, args) => {
    const { file } = parseFileArgs('restore', args, false);
    const url = readEnv().DATABASE_URL;
    if (dbKindOf(url) === 'postgres') {
      throw new CliExit(
        2,
        `restore: DATABASE_URL is a PostgreSQL database; use pg_restore: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${shellQuote(file)}`,
      );
    }
    const r = restoreSqlite(file, sqlitePathOf(url));
    process.stdout.write(
      `restore: ${r.source} is now ${r.target}${r.previous ? `; the previous database is kept as ${r.previous}` : ''}\n`,
    );
  },
};

function parseFileArgs(name: string, args: string[], allowForce: boolean): { file: string; force: boolean } {
  const parse = () => parseArgs({ args, options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (e) {
    throw new CliExit(2, `${name}: ${(e as Error).message}\nusage: ${name} <file>${allowForce ? ' [--force]' : ''}`);
  }
  const force = parsed.values.force === true;
  if (force && !allowForce) throw new CliExit(2, `${name}: --force is not an option of ${name}\nusage: ${name} <file>`);
  if (parsed.positionals.length !== 1 || !parsed.positionals[0]) {
    throw new CliExit(2, `${name}: name one file\nusage: ${name} <file>${allowForce ? ' [--force]' : ''}`);
  }
  return { file: parsed.positionals[0], force };
}

export interface BackupResult {
  source: string;
  target: string;
  bytes: number;
  pages: number;
}

/** The online backup of the SQLite file `sourcePath` into `targetFile`. Bad input: CliExit(2). */
export async function backupSqlite(sourcePath: string, targetFile: string, opts: { force?: boolean } = {}): Promise<BackupResult> {
  if (sourcePath === ':memory:') throw new CliExit(2, 'backup: DATABASE_URL is an in-memory database; there is nothing on disk to back up');
  const source = resolve(sourcePath);
  if (!existsSync(source)) throw new CliExit(2, `backup: there is no database at ${source} (DATABASE_URL); nothing to back up`);
  const target = resolve(targetFile);
  if (!existsSync(dirname(target))) throw new CliExit(2, `backup: the folder ${dirname(target)} does not exist; create it first`);
  if (existsSync(target)) {
    if (sameFile(source, target)) throw new CliExit(2, `backup: ${target} is the database itself; name another file`);
    if (!opts.force) throw new CliExit(2, `backup: ${target} already exists; name another file, or add --force to replace it`);
    if (statSync(target).isDirectory()) throw new CliExit(2, `backup: ${target} is a folder; name a file`);
  }
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  const db = openSqliteFile(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    if (!hasMigrationTable(db)) throw new CliExit(2, `backup: ${source} is not this shop's database (it has no ${MIGRATION_TABLE} table)`);
    // After the first step, all remaining pages in one step: one read transaction, one moment.
    await db.backup(partial, { progress: () => 0x7fffffff });
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    db.close();
  }
  let pages = 0;
  try {
    const copy = openSqliteFile(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE'); // one self-contained file
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy failed its integrity check (${String(check)})`);
      pages = Number(copy.pragma('page_count', { simple: true }));
    } finally {
      copy.close();
    }
    fsyncFile(partial);
    renameSync(partial, target);
    fsyncFile(dirname(target));
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  return { source, target, bytes: statSync(target).size, pages };
}

export interface RestoreResult {
  source: string;
  target: string;
  /** Where the database that was there is kept; null when there was none. */
  previous: string | null;
}

/** Puts the backup `backupFile` in place of the SQLite database at `targetPath`. Bad input or a running shop: CliExit(2). */
export function restoreSqlite(backupFile: string, targetPath: string, now: Date = new Date()): RestoreResult {
  if (targetPath === ':memory:') throw new CliExit(2, 'restore: DATABASE_URL is an in-memory database; set it to the file to restore into');
  const source = resolve(backupFile);
  const target = resolve(targetPath);
  if (existsSync(target) && sameFile(source, target)) throw new CliExit(2, `restore: ${source} is the database itself; name a backup file`);
  checkBackupFile(source);
  if (!existsSync(dirname(target))) throw new CliExit(2, `restore: the folder ${dirname(target)} does not exist; create it first`);

  let previous: string | null = null;
  if (existsSync(target)) {
    takeOverStopped(target);
    previous = `${target}.before-restore-${now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}`;
    if (existsSync(previous)) throw new CliExit(2, `restore: ${previous} already exists; wait a second and run restore again`);
    renameSync(target, previous);
  }
  // Whatever -wal/-shm remain belong to no live connection (the lock above proved it) and not to the
  // restored file: SQLite would replay them into it.
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  const incoming = `${target}.restoring-${process.pid}`;
  try {
    copyFileSync(source, incoming);
    fsyncFile(incoming);
    renameSync(incoming, target);
    fsyncFile(dirname(target));
  } catch (e) {
    rmSync(incoming, { force: true });
    if (previous && !existsSync(target)) renameSync(previous, target);
    throw e;
  }
  return { source, target, previous };
}

/** A readable SQLite file of this shop, intact, made by this version or an older one. */
function checkBackupFile(path: string): void {
  if (!existsSync(path)) throw new CliExit(2, `restore: there is no file ${path}`);
  if (!statSync(path).isFile()) throw new CliExit(2, `restore: ${path} is not a file`);
  const head = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') !== SQLITE_HEADER) throw new CliExit(2, `restore: ${path} is not a SQLite database (made by \`backup\`?)`);
  let db: SqliteConnection;
  try {
    db = openSqliteFile(path, { fileMustExist: true, readonly: true });
  } catch (e) {
    throw new CliExit(2, `restore: ${path} cannot be opened: ${(e as Error).message}`);
  }
  try {
    if (!hasMigrationTable(db))
      throw new CliExit(2, `restore: ${path} is not a database of this shop (it has no ${MIGRATION_TABLE} table)`);
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new CliExit(2, `restore: ${path} failed SQLite's integrity check (${String(check)}); it cannot be restored`);
    const names = (db.prepare(`SELECT name FROM ${MIGRATION_TABLE}`).all() as Array<{ name: string }>).map((r) => r.name);
    const unknown = names.filter((n) => !(n in migrations));
    if (unknown.length) {
      throw new CliExit(
        2,
        `restore: ${path} was made by a newer version of the shop (migrations this one does not know: ${unknown.join(', ')})`,
      );
    }
  } catch (e) {
    if (e instanceof CliExit) throw e;
    throw new CliExit(2, `restore: ${path} cannot be read: ${(e as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * Proves no process has the database open (see the top of this file), then checkpoints it so the
 * file alone holds every committed write. A running shop: CliExit(2).
 */
function takeOverStopped(path: string): void {
  let db: SqliteConnection;
  try {
    db = openSqliteFile(path, { fileMustExist: true });
  } catch (e) {
    throw new CliExit(2, `restore: the current database ${path} cannot be opened: ${(e as Error).message}`);
  }
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('BEGIN EXCLUSIVE');
      db.exec('COMMIT');
    } catch (e) {
      if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY') || (e as { code?: string }).code === 'SQLITE_LOCKED') {
        throw new CliExit(
          2,
          `restore: ${path} is in use (a server, worker or other command has it open); stop the shop first, then run restore again`,
        );
      }
      throw e;
    }
    if (db.pragma('journal_mode', { simple: true }) === 'wal') db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

function hasMigrationTable(db: SqliteConnection): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATION_TABLE) !== undefined;
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} kB`;
}

/** A file name as a POSIX shell word. */
function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`;
}
