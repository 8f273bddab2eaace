// Back-office roles (issue 27): EVERY admin procedure (found by walking the router) declares the
// roles it lets in, and is called by an owner, a support and a catalogue account, with the second
// factor fresh and 6 minutes old, against the table below (written out here, not read from the
// declarations, so a wrong declaration fails). Then what the roles mean: support sees customers'
// e-mail and phone masked until a logged reveal, refunds up to the configured limit; the last
// enabled owner cannot be disabled or demoted; an owner ends an account's sessions without
// disabling it.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/root.ts';
import { createCallerFactory, adminProcedure, router, ROLE_FORBIDDEN_MESSAGE } from '../src/trpc.ts';
import type { AdminRole } from '../src/domain/admin-roles.ts';
import { LAST_OWNER_MESSAGE, OWNER_ONLY_ADMIN_ACCOUNTS_MESSAGE } from '../src/services/admin/customers.ts';
import { SUPPORT_REFUND_LIMIT_MESSAGE } from '../src/services/admin/orders.ts';
import { validateSessionToken } from '../src/services/accounts/sessions.ts';
import { buy } from './admin-helpers-a.ts';
import { auditRows, refusal, signedIn, type OrdersRig, type Person } from './admin-helpers-b.ts';
import { SAMPLES } from './admin-samples.ts';
import { createOrdersRig } from './orders/rig.ts';
import { giveSecondFactor } from './rig.ts';

/** What support may call besides what every owner may (an owner may call everything). */
const SUPPORT = new Set([
  'admin.dashboard.summary',
  'admin.orders.list',
  'admin.orders.get',
  'admin.orders.refund',
  'admin.orders.refundQuote',
  'admin.orders.resendEmail',
  'admin.orders.retryProvisioning',
  'admin.orders.revokeLinks',
  'admin.operations.jobs',
  'admin.operations.retryEmail',
  'admin.customers.search',
  'admin.customers.get',
  'admin.customers.setDisabled',
  'admin.customers.reveal',
  'admin.support.messages',
  'admin.support.setStatus',
  // The ticket inbox (issue 30); canned answers are edited by the owner only.
  'admin.tickets.list',
  'admin.tickets.get',
  'admin.tickets.assign',
  'admin.tickets.answer',
  'admin.tickets.note',
  'admin.tickets.setStatus',
  'admin.tickets.canned',
  // The live chat (issue 30); the office hours are the owner's.
  'admin.chat.heartbeat',
  'admin.chat.list',
  'admin.chat.get',
  'admin.chat.answer',
  'admin.chat.close',
  'admin.chat.typing',
  'admin.chat.read',
  'admin.chat.settings',
]);
/** What the catalogue role may call. */
const CATALOGUE = new Set([
  'admin.dashboard.summary',
  'admin.catalog.regions',
  'admin.catalog.createRegion',
  'admin.catalog.updateRegion',
  'admin.catalog.plans',
  'admin.catalog.createPlan',
  'admin.catalog.updatePlan',
  'admin.catalog.deletePlan',
  'admin.catalog.setPlanText',
  'admin.catalog.planTexts',
  'admin.rates.list',
  'admin.rates.update',
  'admin.promotions.list',
  'admin.promotions.get',
]);
const ROLES: readonly AdminRole[] = ['owner', 'support', 'catalogue'];
/** Procedures that ask for the second factor again when it is older than 5 minutes, whatever the input. */
const STEP_UP = new Set(['admin.rates.update', 'admin.customers.setRole', 'admin.customers.reveal', 'admin.rewards.adjustPoints']);

function allowed(role: AdminRole, path: string): boolean {
  return role === 'owner' || (role === 'support' ? SUPPORT : CATALOGUE).has(path);
}

interface RawProcedure {
  _def: { meta?: { roles?: readonly string[] } };
}
const procedures = appRouter._def.procedures as unknown as Record<string, RawProcedure>;
const adminPaths = Object.keys(procedures)
  .filter((p) => p.startsWith('admin.'))
  .sort();

type Caller = Awaited<ReturnType<Person['api']>>;
function call(caller: Caller, path: string, input: unknown): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    i: unknown,
  ) => Promise<unknown>;
  return fn(input);
}
async function outcome(p: Promise<unknown>): Promise<{ ok: true } | { ok: false; code: string; message: string; app: string | null }> {
  try {
    await p;
    return { ok: true };
  } catch (e) {
    if (e instanceof TRPCError) {
      const app = (e.cause as { code?: string } | undefined)?.code ?? null;
      return { ok: false, code: e.code, message: e.message, app };
    }
    throw e;
  }
}
const roleRefusal = { ok: false, code: 'FORBIDDEN', message: ROLE_FORBIDDEN_MESSAGE };

let rig: OrdersRig;
const people = {} as Record<AdminRole, Person>;

async function withRole(username: string, role: AdminRole): Promise<Person> {
  const p = await signedIn(rig, 'admin', { username });
  await rig.db.updateTable('users').set({ admin_role: role }).where('id', '=', p.id).execute();
  return p;
}

beforeAll(async () => {
  rig = await createOrdersRig();
  for (const role of ROLES) people[role] = await withRole(`${role}_one`, role);
});
afterAll(async () => {
  await rig.close();
});

describe('every admin procedure declares its roles', () => {
  it('the walk finds them all, each with a sample', () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(30);
    expect(adminPaths.filter((p) => !Object.hasOwn(SAMPLES, p))).toEqual([]);
  });

  it.each(adminPaths)('%s names its roles, the owner among them', (path) => {
    const roles = procedures[path]!._def.meta?.roles ?? [];
    expect(roles).toContain('owner');
    expect([...roles].sort()).toEqual(ROLES.filter((r) => allowed(r, path)).sort());
  });

  it('a procedure that declares no roles lets nobody in, not even an owner (fail closed)', async () => {
    const bare = router({ undeclared: adminProcedure.query(() => 'answered') });
    const ctx = await people.owner.browser.context();
    expect(await outcome(createCallerFactory(bare)(ctx).undeclared())).toMatchObject(roleRefusal);
  });
});

describe.each(adminPaths)('%s', (path) => {
  it('with a fresh second factor: the roles of the table get through, the others get FORBIDDEN', async () => {
    for (const role of ROLES) {
      await giveSecondFactor(rig.db, { id: people[role].id }, rig.clock.now);
      const got = await outcome(call(await people[role].api(), path, SAMPLES[path]));
      if (allowed(role, path)) {
        if (!got.ok) {
          expect({ role, ...got }).not.toMatchObject({ message: ROLE_FORBIDDEN_MESSAGE });
          expect(['UNAUTHORIZED', 'INTERNAL_SERVER_ERROR']).not.toContain(got.code);
        }
      } else {
        expect({ role, ...got }).toMatchObject({ role, ...roleRefusal });
      }
    }
  });

  it('with the second factor given 6 minutes ago: the same door; a sensitive change asks for it again', async () => {
    for (const role of ROLES) await giveSecondFactor(rig.db, { id: people[role].id }, new Date(rig.clock.now.getTime() - 6 * 60_000));
    for (const role of ROLES) {
      const got = await outcome(call(await people[role].api(), path, SAMPLES[path]));
      if (!allowed(role, path)) expect({ role, ...got }).toMatchObject({ role, ...roleRefusal });
      else if (!got.ok) expect({ role, ...got }).not.toMatchObject({ message: ROLE_FORBIDDEN_MESSAGE });
      // Changing a rate or a role, and revealing personal data, are sensitive: the second factor again.
      if (STEP_UP.has(path) && allowed(role, path)) expect({ role, ...got }).toMatchObject({ role, ok: false, app: 'STEP_UP_REQUIRED' });
    }
    for (const role of ROLES) await giveSecondFactor(rig.db, { id: people[role].id }, rig.clock.now);
  });
});

describe('support and personal data', () => {
  it('sees e-mail addresses masked in customers and orders; a reveal shows them and is audited', async () => {
    const carla = await signedIn(rig, 'customer', { username: 'carla', email: 'carla.customer@traveller.example' });
    await rig.db.updateTable('users').set({ mobile: '+44 7700 900123' }).where('id', '=', carla.id).execute();
    const support = await people.support.api();
    const seen = await support.admin.customers.get({ userId: carla.id });
    expect(seen.email).toBe('c•••r@t•••r.example');
    expect(seen.mobile).toBe('•••••••••23');
    const found = await support.admin.customers.search({ q: 'carla' });
    expect(found.rows.map((r) => r.email)).toEqual(['c•••r@t•••r.example']);
    // The owner sees them whole.
    const owner = await people.owner.api();
    expect((await owner.admin.customers.get({ userId: carla.id })).email).toBe('carla.customer@traveller.example');

    const before = (await auditRows(rig)).length;
    expect(await support.admin.customers.reveal({ userId: carla.id })).toEqual({
      userId: carla.id,
      email: 'carla.customer@traveller.example',
      mobile: '+44 7700 900123',
    });
    const rows = await auditRows(rig);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'user.reveal', actor_username: 'support_one', entity_id: String(carla.id) });
    expect(rows.at(-1)!.step_up_at).not.toBeNull();
    // The catalogue role sees no customers at all.
    expect((await refusal((await people.catalogue.api()).admin.customers.reveal({ userId: carla.id }))).message).toBe(
      ROLE_FORBIDDEN_MESSAGE,
    );
  });

  it('orders reach support with the buyer e-mail masked', async () => {
    const buyer = rig.browser();
    const { orderId } = await buy(rig, buyer, { planId: rig.plans.japan5.id, email: 'guest.buyer@example.com' });
    const support = await people.support.api();
    expect((await support.admin.orders.get({ orderId })).email).toBe('g•••r@e•••e.com');
    const listed = await support.admin.orders.list({ email: 'guest.buyer@example.com' });
    expect(listed.rows.map((r) => r.email)).toEqual(['g•••r@e•••e.com']);
    expect((await (await people.owner.api()).admin.orders.get({ orderId })).email).toBe('guest.buyer@example.com');
  });

  it('support refunds up to the limit; above it support is refused and an owner gives the second factor again', async () => {
    const buyer = rig.browser();
    const first = await buy(rig, buyer, { planId: rig.plans.japan5.id, email: 'limit.one@example.com' });
    const second = await buy(rig, buyer, { planId: rig.plans.japan5.id, email: 'limit.two@example.com' });
    const price = (
      await rig.db.selectFrom('orders').select('usd_amount_minor').where('public_id', '=', first.orderId).executeTakeFirstOrThrow()
    ).usd_amount_minor;
    const saved = rig.services.adminPolicy;
    try {
      rig.services.adminPolicy = { supportRefundLimitUsdMinor: price - 1 };
      const support = await people.support.api();
      const over = await refusal(support.admin.orders.refund({ orderId: first.orderId }));
      expect([over.code, over.message]).toEqual(['FORBIDDEN', SUPPORT_REFUND_LIMIT_MESSAGE]);
      // A part of it within the limit is support's to give.
      expect((await support.admin.orders.refund({ orderId: first.orderId, amountMinor: price - 1, reason: 'Goodwill' })).outcome).not.toBe(
        'already',
      );
      // The owner, second factor 6 minutes old: asked again; then fresh: refunded.
      await giveSecondFactor(rig.db, { id: people.owner.id }, new Date(rig.clock.now.getTime() - 6 * 60_000));
      const stale = await outcome((await people.owner.api()).admin.orders.refund({ orderId: second.orderId }));
      expect(stale).toMatchObject({ ok: false, app: 'STEP_UP_REQUIRED' });
      await giveSecondFactor(rig.db, { id: people.owner.id }, rig.clock.now);
      await (await people.owner.api()).admin.orders.refund({ orderId: second.orderId });
      const audit = (await auditRows(rig)).filter((r) => r.action === 'order.refund');
      expect(audit.at(-1)).toMatchObject({ actor_username: 'owner_one' });
      expect(audit.at(-1)!.step_up_at).not.toBeNull();
      // Within the limit, support needs no step-up.
      rig.services.adminPolicy = { supportRefundLimitUsdMinor: 1_000_000 };
      const third = await buy(rig, buyer, { planId: rig.plans.japan5.id, email: 'limit.three@example.com' });
      await giveSecondFactor(rig.db, { id: people.support.id }, new Date(rig.clock.now.getTime() - 6 * 60_000));
      await support.admin.orders.refund({ orderId: third.orderId });
      await giveSecondFactor(rig.db, { id: people.support.id }, rig.clock.now);
    } finally {
      rig.services.adminPolicy = saved;
    }
  });
});

describe('the last owner, and ending sessions', () => {
  it('the only enabled owner cannot be disabled or demoted; support cannot disable an admin account', async () => {
    const r = await createOrdersRig();
    try {
      const solo = await signedIn(r, 'admin', { username: 'solo_owner' });
      const helper = await signedIn(r, 'admin', { username: 'helper_support' });
      await r.db.updateTable('users').set({ admin_role: 'support' }).where('id', '=', helper.id).execute();
      const owner = await solo.api();
      const demote = await refusal(owner.admin.customers.setRole({ userId: solo.id, role: 'support' }));
      expect([demote.code, demote.message]).toEqual(['CONFLICT', LAST_OWNER_MESSAGE]);
      // Support may not disable any admin account (the owner's least of all).
      const byHelper = await refusal((await helper.api()).admin.customers.setDisabled({ userId: solo.id, disabled: true }));
      expect([byHelper.code, byHelper.message]).toEqual(['FORBIDDEN', OWNER_ONLY_ADMIN_ACCOUNTS_MESSAGE]);
      // Support may not promote anyone.
      expect((await refusal((await helper.api()).admin.customers.setRole({ userId: helper.id, role: 'owner' }))).message).toBe(
        ROLE_FORBIDDEN_MESSAGE,
      );
      // A second owner: now the first may step down to support, and the second is the last.
      await owner.admin.customers.setRole({ userId: helper.id, role: 'owner' });
      await owner.admin.customers.setRole({ userId: solo.id, role: 'support' });
      const users = await r.db.selectFrom('users').select(['username', 'role', 'admin_role']).orderBy('id').execute();
      expect(users).toEqual([
        { username: 'solo_owner', role: 'admin', admin_role: 'support' },
        { username: 'helper_support', role: 'admin', admin_role: 'owner' },
      ]);
      const last = await refusal((await helper.api()).admin.customers.setRole({ userId: helper.id, role: 'customer' }));
      expect(last.message).toBe(LAST_OWNER_MESSAGE);
    } finally {
      await r.close();
    }
  });

  it('an owner ends every session of an account without disabling it; audited', async () => {
    const dana = await signedIn(rig, 'customer', { username: 'dana' });
    const other = rig.browser();
    other.token = dana.browser.token;
    expect(await validateSessionToken(rig.db, dana.browser.token!, rig.clock.now)).not.toBeNull();
    expect((await refusal((await people.support.api()).admin.customers.endSessions({ userId: dana.id }))).message).toBe(
      ROLE_FORBIDDEN_MESSAGE,
    );
    expect(await (await people.owner.api()).admin.customers.endSessions({ userId: dana.id })).toEqual({ ended: 1 });
    expect(await validateSessionToken(rig.db, dana.browser.token!, rig.clock.now)).toBeNull();
    const row = await rig.db.selectFrom('users').select('disabled_at').where('id', '=', dana.id).executeTakeFirstOrThrow();
    expect(row.disabled_at).toBeNull();
    expect((await auditRows(rig)).at(-1)).toMatchObject({ action: 'user.sessions.end', summary: 'Ended 1 session of dana' });
  });
});
