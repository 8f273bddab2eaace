// Write transactions that take SQLite's write lock up front (BEGIN IMMEDIATE, conventions §4),
// and the changed-row count of an UPDATE/INSERT.
import { SqliteAdapter, sql } from 'kysely';
import type { Db } from '@esim/db';

export function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The connection-bound instances SQLite's BEGIN IMMEDIATE runs on (not Kysely Transactions). */
const inWriteTransaction = new WeakSet<Db>();

/**
 * Runs `fn` in a write transaction. SQLite: BEGIN IMMEDIATE on the one connection, so the write
 * lock is taken before the first read and two writers never deadlock on a lock upgrade.
 * PostgreSQL: an ordinary transaction. Inside a transaction already: just runs `fn`.
 */
export async function writeTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction || inWriteTransaction.has(db)) return fn(db);
  if (!isSqlite(db)) return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
    inWriteTransaction.add(conn);
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (e) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw e;
    }
  });
}

/** Rows changed by an UPDATE/INSERT result (bigint on some drivers). */
export function changed(r: { numUpdatedRows?: bigint; numInsertedOrUpdatedRows?: bigint | undefined } | undefined): number {
  if (!r) return 0;
  if ('numUpdatedRows' in r && r.numUpdatedRows !== undefined) return Number(r.numUpdatedRows);
  return Number(r.numInsertedOrUpdatedRows ?? 0n);
}
