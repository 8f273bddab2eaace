// The audit log: each kind of admin change (catalogue, customers, rates, rewards, inbox) writes its
// row in the change's own transaction (a change whose row cannot be written does not happen), and
// admin.audit.list reads them back newest first, filtered and paged.
import { seedRewards } from '@esim/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZPlanInput } from '../src/domain/admin.ts';
import { createServices } from '../src/context.ts';
import { listAudit } from '../src/services/admin/audit-list.ts';
import { createPlan, listAdminRegions, updatePlan, updateRegion } from '../src/services/admin/catalog.ts';
import { getCustomer, searchCustomers, setCustomerDisabled } from '../src/services/admin/customers.ts';
import { listRates, updateRate } from '../src/services/admin/rates.ts';
import { adjustPoints, rewardsOverview } from '../src/services/admin/rewards.ts';
import { listInbox } from '../src/services/admin/support.ts';
import { insertUser } from '../src/services/accounts/users.ts';
import { pgAvailableFor, useMigratedPg } from './pg.ts';
import { DAY, seedCatalog } from './rig.ts';
import { adminRig, auditRows, signedIn, stepUp, type OrdersRig, type Person } from './admin-helpers-b.ts';

let rig: OrdersRig;
let admin: Person;
let customer: Person;

beforeEach(async () => {
  ({ rig, admin, customer } = await adminRig());
  await seedRewards(rig.db);
});
afterEach(async () => {
  await rig.close();
});

/** One change of every kind, a day apart, by alice (and one by zoe). */
async function everyKindOfChange() {
  const api = await admin.api();
  const regionId = (await rig.db.selectFrom('regions').select('id').executeTakeFirstOrThrow()).id;
  const level = await rig.db.selectFrom('traveler_levels').select('id').orderBy('points_required').executeTakeFirstOrThrow();
  const achievement = await rig.db.selectFrom('achievements').select('id').orderBy('sort_order').executeTakeFirstOrThrow();
  const msg = await (await rig.browser().caller()).support.contact({
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Hi',
    message: 'Hello there',
  });
  const steps: Array<() => Promise<unknown>> = [
    () => api.admin.catalog.createRegion({ name: 'France', code: 'FR', continent: 'Europe' }),
    () => api.admin.catalog.updateRegion({ id: regionId, patch: { isPopular: true } }),
    () => api.admin.catalog.createPlan({ regionId, name: 'Japan 3GB', priceMinor: 999, dataAmount: '3GB', dataMb: 3072, validityDays: 10 }),
    () => api.admin.catalog.updatePlan({ id: rig.plans.japan5.id, patch: { priceMinor: 1899 } }),
    () => api.admin.catalog.deletePlan({ id: rig.plans.tiny.id }),
    async () => {
      await stepUp(rig, admin);
      return api.admin.customers.setDisabled({ userId: customer.id, disabled: true });
    },
    () => api.admin.customers.setDisabled({ userId: customer.id, disabled: false }),
    async () => {
      await stepUp(rig, admin);
      return api.admin.customers.setRole({ userId: customer.id, role: 'owner' });
    },
    async () => {
      await stepUp(rig, admin);
      return api.admin.rates.update({ currency: 'GBP', rate: '0.8' });
    },
    () => api.admin.rewards.updateLevel({ id: level.id, patch: { color: '#123456' } }),
    () => api.admin.rewards.updateAchievement({ id: achievement.id, patch: { pointsAwarded: 5 } }),
    async () => {
      await stepUp(rig, admin);
      return api.admin.rewards.adjustPoints({ userId: customer.id, amount: 10, reason: 'Welcome gift', requestId: 'req-audit-0001' });
    },
    () => api.admin.support.setStatus({ id: msg.id, status: 'closed' }),
  ];
  for (const step of steps) {
    await step();
    rig.clock.advance(DAY);
  }
  const zoe = await signedIn(rig, 'admin', { username: 'Zoe' });
  await (await zoe.api()).admin.catalog.updatePlan({ id: rig.plans.japan1.id, patch: { visible: false } });
  return { zoe };
}

describe('audit rows', () => {
  it('every kind of change writes one row: who, what, before → after, when, from where', async () => {
    await everyKindOfChange();
    const rows = await auditRows(rig);
    expect(rows.map((r) => r.action)).toEqual([
      'region.create',
      'region.update',
      'plan.create',
      'plan.update',
      'plan.delete',
      'user.disable',
      'user.enable',
      'user.role',
      'rate.update',
      'level.update',
      'achievement.update',
      'points.adjust',
      'contact_message.status',
      'plan.update',
    ]);
    expect(rows[3]).toMatchObject({
      actor_id: admin.id,
      actor_username: 'alice',
      entity: 'plan',
      entity_id: String(rig.plans.japan5.id),
      summary: 'Japan 5GB 30 Days: Price 19.99 USD → 18.99 USD',
      before_json: JSON.stringify({ priceMinor: 1999 }),
      after_json: JSON.stringify({ priceMinor: 1899 }),
      ip: '203.0.113.9',
      created_at: new Date(Date.parse('2026-03-01T12:00:00.000Z') + 3 * DAY).toISOString(),
    });
    expect(rows.find((r) => r.action === 'rate.update')).toMatchObject({ entity: 'exchange_rate', entity_id: 'GBP' });
  });

  it('a change whose audit row cannot be written is rolled back', async () => {
    const before = await rig.db.selectFrom('plans').selectAll().where('id', '=', rig.plans.japan5.id).executeTakeFirstOrThrow();
    // An actor that is no user: the audit row's foreign key fails inside the transaction.
    const ghost = { id: 424242, username: 'ghost', ip: '127.0.0.1' };
    await expect(updatePlan(rig.db, rig.services, ghost, rig.plans.japan5.id, { priceMinor: 1 })).rejects.toThrow();
    expect(await rig.db.selectFrom('plans').selectAll().where('id', '=', rig.plans.japan5.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await auditRows(rig)).toHaveLength(0);
  });
});

describe('admin.audit.list', () => {
  it('newest first, paged; filters by action (exact or prefix), entity, id, actor and days', async () => {
    const { zoe } = await everyKindOfChange();
    const api = await admin.api();
    const all = await api.admin.audit.list({ pageSize: 5 });
    expect(all.total).toBe(14);
    expect(all.rows.map((r) => r.action)).toEqual([
      'plan.update',
      'contact_message.status',
      'points.adjust',
      'achievement.update',
      'level.update',
    ]);
    expect(all.rows[0]).toMatchObject({ actor: { id: zoe.id, username: 'Zoe' }, before: { visible: true }, after: { visible: false } });
    expect((await api.admin.audit.list({ page: 3, pageSize: 5 })).rows.map((r) => r.action)).toEqual([
      'plan.update',
      'plan.create',
      'region.update',
      'region.create',
    ]);
    const actions = async (filters: Record<string, string>) => (await api.admin.audit.list(filters)).rows.map((r) => r.action);
    expect(await actions({ action: 'plan.update' })).toEqual(['plan.update', 'plan.update']);
    expect(await actions({ action: 'plan.' })).toEqual(['plan.update', 'plan.delete', 'plan.update', 'plan.create']);
    expect(await actions({ action: 'user.*' })).toEqual(['user.role', 'user.enable', 'user.disable']);
    expect(await actions({ action: 'plan' })).toEqual([]);
    expect(await actions({ entity: 'user' })).toEqual(['points.adjust', 'user.role', 'user.enable', 'user.disable']);
    expect(await actions({ entity: 'plan', entityId: String(rig.plans.japan5.id) })).toEqual(['plan.update']);
    expect(await actions({ actor: 'zO' })).toEqual(['plan.update']);
    expect(await actions({ actor: 'ALI', action: 'plan.' })).toEqual(['plan.delete', 'plan.update', 'plan.create']);
    // Day 0 is 2026-03-01: days 3 and 4 hold the price change and the deletion.
    expect(await actions({ from: '2026-03-04', to: '2026-03-05' })).toEqual(['plan.delete', 'plan.update']);
    expect(await actions({ to: '2026-03-01' })).toEqual(['region.create']);
    expect(await actions({ from: '2026-03-14' })).toEqual(['plan.update']);
  });

  it('refuses a backwards range or a malformed day with a message', async () => {
    const api = await admin.api();
    await expect(api.admin.audit.list({ from: '2026-03-05', to: '2026-03-01' })).rejects.toThrow(
      'The start date must be on or before the end date',
    );
    await expect(api.admin.audit.list({ from: '5 March' })).rejects.toThrow('Use a date like 2026-11-24');
  });
});

describe.skipIf(!pgAvailableFor('admin'))('the admin services on PostgreSQL', () => {
  const pgDb = useMigratedPg();

  it('catalogue, customers, rates, rewards, inbox and the audit log: same answers, numbers as numbers', async () => {
    const db = pgDb();
    const now = new Date('2026-03-01T12:00:00.000Z');
    const services = createServices(
      db,
      { publicUrl: 'http://localhost:3000', productName: 'Test', supportEmail: 's@example.com', phone: '0', postalAddress: 'x' },
      { now: () => now },
    );
    const plans = await seedCatalog(db);
    await seedRewards(db);
    const user = (username: string, role: 'admin' | 'customer') =>
      insertUser(db, { username, email: `${username}@shop.example`, passwordHash: 'x', fullName: `${username} Smith`, role }, now);
    const alice = await user('alice', 'admin');
    const bob = await user('bob', 'customer');
    const actor = { id: alice.id, username: 'alice', ip: '192.0.2.1' };
    const regionId = (await db.selectFrom('regions').select('id').executeTakeFirstOrThrow()).id;

    const plan = await createPlan(
      db,
      services,
      actor,
      ZPlanInput.parse({ regionId, name: 'P', priceMinor: 500, dataAmount: '5GB', dataMb: 5120, validityDays: 30 }),
    );
    expect(plan).toMatchObject({ slug: 'jp-5gb-30d-2', orderCount: 0, visible: true });
    await updatePlan(db, services, actor, plans.japan5.id, { visible: false });
    expect((await listAdminRegions(db))[0]).toMatchObject({ planCount: 5, visiblePlanCount: 4 });
    expect((await services.catalog.listPlans(regionId)).map((p) => p.id)).not.toContain(plans.japan5.id);
    await updateRegion(db, services, actor, regionId, { visible: false });
    expect(await services.catalog.listRegions()).toEqual([]);

    const found = await searchCustomers(db, { q: 'SMITH', page: 1, pageSize: 25, disabledOnly: false });
    expect(found).toMatchObject({ total: 2, rows: [{ username: 'bob', orderCount: 0 }, { username: 'alice' }] });
    await setCustomerDisabled(db, services, actor, { userId: bob.id, disabled: true });
    expect(await getCustomer(db, services, actor, bob.id)).toMatchObject({ disabled: true, activeSessions: 0, points: { balance: 0 } });

    expect(await updateRate(db, services, actor, { currency: 'EUR', rate: '0.95' })).toMatchObject({
      rateMicros: 950_000,
      updatedBy: 'alice',
    });
    expect((await listRates(db)).map((r) => r.rateMicros)).toEqual([1_000_000, 790_000, 950_000]);

    expect(await adjustPoints(db, services, actor, { userId: bob.id, amount: 600, reason: 'Goodwill', requestId: 'req-pg-0001' })).toEqual({
      balance: 600,
      applied: true,
    });
    const overview = await rewardsOverview(db);
    expect(overview.levels.map((l) => l.members)).toEqual([1, 1, 0, 0]);

    await db
      .insertInto('contact_messages')
      .values({ name: 'N', email: 'n@example.com', subject: 'S', message: 'M', ip: '', status: 'read', created_at: now.toISOString() })
      .execute();
    expect((await listInbox(db, { status: 'new', page: 1, pageSize: 25, q: 'n@' })).counts).toEqual({ new: 1, answered: 0, closed: 0 });

    const audit = await listAudit(db, { page: 1, pageSize: 25, action: 'plan.', actor: 'ALI', from: '2026-03-01', to: '2026-03-01' });
    expect(audit.total).toBe(2);
    expect(audit.rows.map((r) => r.action)).toEqual(['plan.update', 'plan.create']);
    expect((await listAudit(db, { page: 1, pageSize: 25 })).total).toBe(6);
  });
});
