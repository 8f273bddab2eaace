// One writer of orders.status (issue 23, house rule 13): no file in src/ but the transition module
// writes `status` on `orders`, neither through Kysely (`.updateTable('orders') … .set({ status`) nor
// in SQL text (`update "orders" set "status"`). A new writer fails this test: move the order with
// order-life/transition.ts transition() instead, which checks the table and records the event.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');
const THE_WRITER = 'services/order-life/transition.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) ? [path] : [];
  });
}

/** The status writes on orders in one file's text, as short excerpts. */
export function statusWrites(text: string): string[] {
  const found: string[] = [];
  // Kysely: from updateTable('orders' … to the end of that statement (the next `;`).
  for (const m of text.matchAll(/updateTable\(\s*(?:[\w.]+\s+as\s+)?['"`]orders(?:\s+as\s+\w+)?['"`]/g)) {
    const end = text.indexOf(';', m.index);
    const chain = text.slice(m.index, end === -1 ? undefined : end);
    // A `status` key in an object literal (`status:`, `'status':`, `"status":`), i.e. in .set({ … }).
    if (/[{,(]\s*['"]?status['"]?\s*:/.test(chain)) found.push(chain.slice(0, 160));
  }
  // SQL text: update "orders" / orders … set … status = (before the next where/returning/;).
  for (const m of text.matchAll(/update\s+["`]?orders["`]?\s+(?:as\s+\w+\s+)?set\b([\s\S]*?)(?:\bwhere\b|\breturning\b|;|$)/gi)) {
    if (/["`]?\bstatus["`]?\s*=/i.test(m[1] ?? '')) found.push(m[0].slice(0, 160));
  }
  return found;
}

describe('orders.status has one writer', () => {
  it('the scanner finds each form of a status write (so this test can fail)', () => {
    expect(
      statusWrites(`await db.updateTable('orders').set({ status: 'paid', updated_at: now }).where('id', '=', 1).execute();`),
    ).toHaveLength(1);
    expect(
      statusWrites(`trx\n  .updateTable('orders')\n  .set((eb) => ({\n    status: 'refunded' as const,\n  }))\n  .execute();`),
    ).toHaveLength(1);
    expect(statusWrites(`const S = new Statement('update "orders" set "status" = ?, "paid_at" = ? where "id" = ?');`)).toHaveLength(1);
    expect(statusWrites('await sql`update orders set paid_at = ${x}, status = ${y} where id = ${id}`.execute(db);')).toHaveLength(1);
    // Other columns, and conditions on status, are not writes of it.
    expect(
      statusWrites(
        `await db.updateTable('orders').set({ lease_until: null }).where('status', 'in', ['paid']).execute();\n` +
          `const S = new Statement('update "orders" set "payment_intent_id" = ? where "id" = ? and "status" = ?');`,
      ),
    ).toEqual([]);
  });

  it('no file in packages/api/src but the transition module writes orders.status', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(40);
    expect(files.map((f) => relative(SRC, f))).toContain(THE_WRITER);
    const offenders = files
      .filter((f) => relative(SRC, f).split('\\').join('/') !== THE_WRITER)
      .flatMap((f) => statusWrites(readFileSync(f, 'utf8')).map((w) => `${relative(SRC, f)}: ${w}`));
    expect(offenders).toEqual([]);
  });
});
