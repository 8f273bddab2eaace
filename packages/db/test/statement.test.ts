// Statement: SQL text kept once, run through Kysely on SQLite (PostgreSQL: postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/client.ts';
import { migrateToLatest } from '../src/migrate.ts';
import { Statement } from '../src/statement.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = createDb(':memory:');
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

const INSERT = new Statement<{ id: string }>(
  'insert into "demo_idempotency_keys" ("key", "object_id", "created_at") values (?, ?, ?) on conflict ("key") do nothing returning "key" as "id"',
);
const GET = new Statement<{ object_id: string }>('select "object_id" from "demo_idempotency_keys" where "key" = ?');
const UPDATE = new Statement('update "demo_idempotency_keys" set "object_id" = ? where "key" = ?');

describe('Statement', () => {
  it('numbers the placeholders for PostgreSQL and keeps them for SQLite', () => {
    expect(UPDATE.sqlite).toBe('update "demo_idempotency_keys" set "object_id" = ? where "key" = ?');
    expect(UPDATE.postgres).toBe('update "demo_idempotency_keys" set "object_id" = $1 where "key" = $2');
    expect(UPDATE.placeholders).toBe(2);
  });

  it('inserts, reads, updates, and sees a conflict as no row', async () => {
    const db = handle.db;
    expect(await INSERT.first(db, ['k1', 'pi_1', '2026-01-01T00:00:00.000Z'])).toEqual({ id: 'k1' });
    expect(await INSERT.first(db, ['k1', 'pi_2', '2026-01-01T00:00:00.000Z'])).toBeUndefined();
    expect(await GET.first(db, ['k1'])).toEqual({ object_id: 'pi_1' });
    expect(await UPDATE.changes(db, ['pi_3', 'k1'])).toBe(1);
    expect(await UPDATE.changes(db, ['pi_3', 'nope'])).toBe(0);
    expect(await GET.first(db, ['k1'])).toEqual({ object_id: 'pi_3' });
    // The same rows the query builder sees.
    expect(await db.selectFrom('demo_idempotency_keys').select(['key', 'object_id']).execute()).toEqual([{ key: 'k1', object_id: 'pi_3' }]);
  });

  it('runs inside a transaction and rolls back with it', async () => {
    const db = handle.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await INSERT.execute(trx, ['k2', 'pi_9', '2026-01-01T00:00:00.000Z']);
        expect(await GET.first(trx, ['k2'])).toEqual({ object_id: 'pi_9' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await GET.first(db, ['k2'])).toBeUndefined();
  });

  it('refuses a wrong number of parameters before touching the database', async () => {
    await expect(GET.first(handle.db, [])).rejects.toThrow('expects 1 parameters, got 0');
    await expect(UPDATE.execute(handle.db, ['a', 'b', 'c'])).rejects.toThrow('expects 2 parameters, got 3');
  });
});
