// Order statuses have one home, domain/orders.ts's ORDER_STATUSES. The database keeps two copies a
// build boundary forces (domain/ may not import @esim/db, and migrations are frozen): schema.ts's
// OrderStatus type and the orders table's CHECK constraint. This holds both to the domain's list.
import { sql } from 'kysely';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OrderStatus } from '@esim/db';
import { migratedMemoryDb } from '@esim/db/testing';
import { ORDER_STATUSES, type OrderState } from '../../src/domain/orders.ts';

describe('order statuses', () => {
  it("schema.ts's OrderStatus is the domain's OrderState", () => {
    expectTypeOf<OrderStatus>().toEqualTypeOf<OrderState>();
  });

  it("the orders table's CHECK constraint allows exactly ORDER_STATUSES (the latest migration's)", async () => {
    const handle = await migratedMemoryDb();
    try {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(
        handle.db,
      );
      const ddl = rows[0]!.sql;
      const lists = [...ddl.matchAll(/status\W+in\s*\(([^)]*)\)/gi)].map((m) => [...m[1]!.matchAll(/'([^']+)'/g)].map((q) => q[1]));
      expect(lists.length).toBeGreaterThan(0);
      for (const list of lists) expect([...list].sort()).toEqual([...ORDER_STATUSES].sort());
    } finally {
      await handle.close();
    }
  });
});
