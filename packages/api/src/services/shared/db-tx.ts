// Write transactions that take SQLite's write lock up front (BEGIN IMMEDIATE, conventions §4),
// and the changed-row count of an UPDATE/INSERT.
import { CompiledQuery, SqliteAdapter } from 'kysely';
import type { Db } from '@esim/db';

export function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** Compiled once: a write transaction's three statements (building them per call cost more than a claim). */
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

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
    await conn.executeQuery(BEGIN_IMMEDIATE);
    try {
      const result = await fn(conn);
      await conn.executeQuery(COMMIT);
      return result;
    } catch (e) {
      await conn.executeQuery(ROLLBACK).catch(() => undefined);
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
