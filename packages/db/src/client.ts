// createDb(url): a SQLite file (better-sqlite3) by default, PostgreSQL for postgres:// URLs.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { flushWalInBackground, type WalFlusherOptions } from './wal-flusher.ts';

export type DbKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

export const DEFAULT_SQLITE_URL = 'file:./data/shop.sqlite';

export function dbKindOf(url: string): DbKind {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

/** `file:./data/x.sqlite`, `./data/x.sqlite` or `:memory:` → a path better-sqlite3 accepts. */
export function sqlitePathOf(url: string): string {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:';
  return url.replace(/^sqlite:/, '').replace(/^file:/, '');
}

/**
 * node-postgres returns int8 (bigint: `count(*)`, `sum(integer)`, bigint columns) as strings; SQLite
 * returns numbers. Parse int8 as a JS number for this pool only (values here stay far below 2^53),
 * so the same query gives the same types on both databases.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

export interface CreateDbOptions {
  /** SQLite files: how the WAL is flushed in the background (wal-flusher.ts); false: not at all. */
  walFlusher?: WalFlusherOptions | false;
  /**
   * `:memory:` only: start from this copy of a database (serializeSqlite) instead of an empty one.
   * The tests' migrated template: copying it costs far less than migrating each test's database.
   */
  image?: Buffer;
}

/** The better-sqlite3 connection behind each SQLite Db createDb made (serializeSqlite). */
const sqliteConnections = new WeakMap<Db, SQLite.Database>();

/** A SQLite Db made by createDb, as one buffer (better-sqlite3's serialize()): createDb's `image`. */
export function serializeSqlite(db: Db): Buffer {
  const connection = sqliteConnections.get(db);
  if (connection === undefined) throw new Error('serializeSqlite: not a SQLite database opened by createDb');
  return connection.serialize();
}

export function createDb(url: string = DEFAULT_SQLITE_URL, opts: CreateDbOptions = {}): DbHandle {
  if (dbKindOf(url) === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes });
    // An idle connection the server drops (restart, failover, admin kill) is emitted on the pool;
    // with no listener that is an uncaught exception that ends the process. The pool has already
    // discarded the client and opens a new one on the next query, so log and go on.
    pool.on('error', (err) => {
      console.error(`[db] idle PostgreSQL connection lost: ${err.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const path = sqlitePathOf(url);
  if (opts.image !== undefined && path !== ':memory:') throw new Error('createDb: an image starts only an in-memory database');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = opts.image === undefined ? new SQLite(path) : new SQLite(opts.image);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Checkpoint every ~40 MB of WAL instead of SQLite's 4 MB: each checkpoint copies pages back and
  // fsyncs the file, which at the default cost the checkout path much of its CPU (bench/README.md).
  sqlite.pragma('wal_autocheckpoint = 10000');
  cachePreparedStatements(sqlite);
  const stopFlushing = path === ':memory:' || opts.walFlusher === false ? () => {} : flushWalInBackground(`${path}-wal`, opts.walFlusher);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  sqliteConnections.set(db, sqlite);
  return {
    db,
    kind: 'sqlite',
    close: async () => {
      stopFlushing();
      await db.destroy();
    },
  };
}

/** A plain better-sqlite3 connection to a SQLite file, no pragmas set: the backup and restore commands. */
export type SqliteConnection = SQLite.Database;
export function openSqliteFile(path: string, options?: SQLite.Options): SqliteConnection {
  return new SQLite(path, options);
}

/**
 * Kysely's SQLite driver calls prepare() for every query; preparing costs about as much as running
 * a simple statement. Keep the most recent statements by SQL text (bounded; a statement busy
 * in a stream is never handed out twice). Prepared lazily, so only after migrations ran.
 */
function cachePreparedStatements(sqlite: SQLite.Database, max = 1000): void {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const hit = cache.get(source);
    if (hit !== undefined && !hit.busy) return hit;
    const stmt = prepare(source);
    if (hit === undefined) {
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(source, stmt);
    }
    return stmt;
  }) as typeof sqlite.prepare;
}
