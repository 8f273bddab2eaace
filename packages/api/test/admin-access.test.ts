// Access to the admin area: EVERY admin.* procedure (found by walking the router, so a new one is
// covered the day it is added) refuses a guest with UNAUTHORIZED and a customer with FORBIDDEN, and
// lets an admin through. Each is called with a valid input from SAMPLES; a procedure without a
// sample fails the test, so nobody adds one untested.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/root.ts';
import { adminRig, auditRows, signedIn, type OrdersRig, type Person } from './admin-helpers-b.ts';

import { SAMPLES } from './admin-samples.ts';

/** Admin-only procedures outside admin.* (the older staff inbox). */
const OTHER_ADMIN_ONLY: Record<string, unknown> = { 'support.messages': { limit: 10 } };

interface RawProcedure {
  _def: { type: string; inputs: Array<{ safeParse(v: unknown): { success: boolean; error?: unknown } }> };
}
const procedures = appRouter._def.procedures as unknown as Record<string, RawProcedure>;
const adminPaths = Object.keys(procedures)
  .filter((p) => p.startsWith('admin.'))
  .sort();

let rig: OrdersRig;
let admin: Person;
let customer: Person;

beforeAll(async () => {
  ({ rig, admin, customer } = await adminRig());
});
afterAll(async () => {
  await rig.close();
});

type Caller = Awaited<ReturnType<Person['api']>>;

/** Calls the procedure at a dotted path through createCaller, the way a client would. */
function call(caller: Caller, path: string, input: unknown): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    i: unknown,
  ) => Promise<unknown>;
  return fn(input);
}

async function outcome(p: Promise<unknown>): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  try {
    await p;
    return { ok: true };
  } catch (e) {
    if (e instanceof TRPCError) return { ok: false, code: e.code, message: e.message };
    throw e;
  }
}

describe('the admin procedures and their samples', () => {
  it('finds the admin procedures by walking the router', () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(30);
  });

  it('every admin procedure has a sample input, and every sample names a procedure', () => {
    expect(adminPaths.filter((p) => !Object.hasOwn(SAMPLES, p))).toEqual([]);
    expect(Object.keys(SAMPLES).filter((p) => !adminPaths.includes(p))).toEqual([]);
  });

  it.each(Object.keys(SAMPLES))('the sample for %s is a valid input', (path) => {
    const proc = procedures[path];
    if (!proc) return; // reported by the test above
    for (const schema of proc._def.inputs) expect(schema.safeParse(SAMPLES[path]).success).toBe(true);
  });
});

describe.each(adminPaths)('%s', (path) => {
  it('refuses a guest (UNAUTHORIZED) and a customer (FORBIDDEN); an admin gets through', async () => {
    const input = SAMPLES[path];
    expect(await outcome(call(await rig.browser().caller(), path, input))).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    expect(await outcome(call(await customer.api(), path, input))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const asAdmin = await outcome(call(await admin.api(), path, input));
    if (!asAdmin.ok) {
      // An admin may meet 'no such order/plan/user' (the samples name none), never the door or a 500.
      expect(['UNAUTHORIZED', 'FORBIDDEN', 'INTERNAL_SERVER_ERROR']).not.toContain(asAdmin.code);
    }
  });
});

describe('other admin-only procedures', () => {
  it.each(Object.keys(OTHER_ADMIN_ONLY))('%s refuses guests and customers', async (path) => {
    const input = OTHER_ADMIN_ONLY[path];
    expect(await outcome(call(await rig.browser().caller(), path, input))).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    expect(await outcome(call(await customer.api(), path, input))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await outcome(call(await admin.api(), path, input))).toEqual({ ok: true });
  });
});

describe('refused calls change nothing', () => {
  it('a customer with a session, or a disabled admin, cannot change anything', async () => {
    const before = await rig.db.selectFrom('exchange_rates').selectAll().orderBy('currency').execute();
    const auditBefore = (await auditRows(rig)).length;
    const dora = await signedIn(rig, 'admin', { username: 'dora' });
    await rig.db.updateTable('users').set({ disabled_at: rig.clock.now.toISOString() }).where('id', '=', dora.id).execute();
    for (const who of [customer, dora]) {
      const r = await outcome((await who.api()).admin.rates.update({ currency: 'EUR', rate: '5' }));
      expect(r.ok).toBe(false);
    }
    expect(await rig.db.selectFrom('exchange_rates').selectAll().orderBy('currency').execute()).toEqual(before);
    expect((await auditRows(rig)).length).toBe(auditBefore);
  });
});
