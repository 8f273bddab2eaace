// Small helpers the order services share: write transactions that take SQLite's write lock up
// front (BEGIN IMMEDIATE, conventions §4), ISO timestamps, SHA-256, random ids and tokens.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SqliteAdapter, sql } from 'kysely';
import type { Db } from '@esim/db';
import { publicIdFrom } from '../domain/orders.ts';

export function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * Runs `fn` in a write transaction. SQLite: BEGIN IMMEDIATE on the one connection, so the write
 * lock is taken before the first read and two writers never deadlock on a lock upgrade.
 * PostgreSQL: an ordinary transaction. Inside a transaction already: just runs `fn`.
 */
export async function writeTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  if (!isSqlite(db)) return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
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

export const iso = (d: Date): string => d.toISOString();
export const addMs = (d: Date, ms: number): string => new Date(d.getTime() + ms).toISOString();

export function sha256Hex(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHex(a: string | null | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

// Random bytes from a pool refilled 4 KB at a time: one call into OpenSSL per ~150 ids instead of
// one per id (crypto.randomBytes costs a few µs a call; the checkout makes several per order).
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = POOL_SIZE;

/** `n` cryptographically random bytes (a copy), n ≤ 4096. */
export function pooledRandomBytes(n: number): Buffer {
  if (n > POOL_SIZE) return randomBytes(n);
  if (poolOffset + n > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const out = Buffer.from(pool.subarray(poolOffset, poolOffset + n));
  pool.fill(0, poolOffset, poolOffset + n);
  poolOffset += n;
  return out;
}

export function newPublicId(prefix: 'ORD' | 'SUB' | 'ESIM'): string {
  return publicIdFrom(prefix, pooledRandomBytes(7));
}

/** 24 random bytes, base64url: the QR image URL's capability. */
export function newAccessToken(): string {
  return pooledRandomBytes(24).toString('base64url');
}

/** Rows changed by an UPDATE/INSERT result (bigint on some drivers). */
export function changed(r: { numUpdatedRows?: bigint; numInsertedOrUpdatedRows?: bigint | undefined } | undefined): number {
  if (!r) return 0;
  if ('numUpdatedRows' in r && r.numUpdatedRows !== undefined) return Number(r.numUpdatedRows);
  return Number(r.numInsertedOrUpdatedRows ?? 0n);
}

export function errorText(e: unknown): string {
  const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return msg.slice(0, 1000);
}
