// admin.customers.*: search (name, e-mail, username; any case; paged), one customer's orders,
// eSIMs and points, disabling (sessions end at once, sign-in refused) and the admin role (never
// the last admin's), each change with its audit row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED_MESSAGE, hashPassword } from '../src/services/accounts/auth.ts';
import { CANNOT_DISABLE_SELF_MESSAGE, LAST_OWNER_MESSAGE } from '../src/services/admin/customers.ts';
import { addLedgerRow } from '../src/services/rewards/rewards-ledger.ts';
import { validateSessionToken } from '../src/services/accounts/sessions.ts';
import { CARDS, adminRig, auditRows, refusal, signedIn, type OrdersRig, type Person } from './admin-helpers-b.ts';
import { giveSecondFactor } from './rig.ts';

let rig: OrdersRig;
let admin: Person;
let customer: Person;

beforeEach(async () => {
  ({ rig, admin, customer } = await adminRig());
});
afterEach(async () => {
  await rig.close();
});

async function userRow(id: number) {
  return rig.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function sessionsOf(id: number) {
  return rig.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
}

describe('search', () => {
  it('finds a part of the name, e-mail or username in any case, newest first, paged', async () => {
    await signedIn(rig, 'customer', { username: 'carla_m', email: 'carla@mail.example', fullName: 'Carla Müller' });
    await signedIn(rig, 'customer', { username: 'dan', email: 'dan@work.example', fullName: 'Dan Brown' });
    const api = await admin.api();
    const byName = await api.admin.customers.search({ q: 'BROWN' });
    expect(byName.rows.map((r) => r.username)).toEqual(['dan']);
    expect((await api.admin.customers.search({ q: 'Mail.Example' })).rows.map((r) => r.username)).toEqual(['carla_m']);
    expect((await api.admin.customers.search({ q: 'CARLA_' })).rows.map((r) => r.username)).toEqual(['carla_m']);
    // LIKE's wildcards are taken literally.
    expect((await api.admin.customers.search({ q: '%' })).total).toBe(0);
    expect((await api.admin.customers.search({ q: 'a_m' })).rows.map((r) => r.username)).toEqual(['carla_m']);
    const all = await api.admin.customers.search({});
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.username)).toEqual(['dan', 'carla_m', 'bob', 'alice']);
    expect(all.rows[2]).toMatchObject({ id: customer.id, role: 'customer', disabled: false, emailVerified: false, orderCount: 0 });
    const page2 = await api.admin.customers.search({ page: 2, pageSize: 5 });
    expect(page2).toMatchObject({ rows: [], total: 4, page: 2, pageSize: 5 });
    for (let i = 0; i < 6; i++) await signedIn(rig, 'customer');
    const paged = await api.admin.customers.search({ page: 2, pageSize: 5 });
    expect(paged.total).toBe(10);
    // Newest first: page 2 holds the 6th to 10th newest, down to the first account.
    expect(paged.rows.slice(1).map((r) => r.username)).toEqual(['dan', 'carla_m', 'bob', 'alice']);
    expect(paged.rows[0]!.id).toBeLessThan((await api.admin.customers.search({ pageSize: 5 })).rows.at(-1)!.id);
    await api.admin.customers.setDisabled({ userId: customer.id, disabled: true });
    expect((await api.admin.customers.search({ disabledOnly: true })).rows.map((r) => r.username)).toEqual(['bob']);
  });
});

describe('one customer', () => {
  it('shows orders, eSIMs, points with their history and level', async () => {
    const shop = await customer.api();
    const intent = await shop.payments.createIntent({ planId: rig.plans.japan5.id });
    await shop.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    await addLedgerRow(rig.db, {
      userId: customer.id,
      source: 'adjustment',
      amount: 40,
      description: 'Goodwill',
      key: 'adjustment:test-1',
      now: rig.clock.now.toISOString(),
    });
    const view = await (await admin.api()).admin.customers.get({ userId: customer.id });
    expect(view).toMatchObject({
      id: customer.id,
      username: 'bob',
      fullName: 'Bob Traveller',
      role: 'customer',
      disabled: false,
      disabledAt: null,
      activeSessions: 1,
      orderCount: 1,
      canChangeRole: true,
      canDisable: true,
    });
    expect(view.orders).toEqual([
      {
        orderId: intent.orderId,
        status: 'fulfilled',
        kind: 'one_time',
        topUp: false,
        email: customer.email,
        user: { id: customer.id, username: 'bob' },
        planName: 'Japan 5GB 30 Days',
        regionCode: 'JP',
        total: { minor: 1999, currency: 'USD' },
        usdMinor: 1999,
        paymentId: intent.paymentIntentId,
        iccid: expect.stringMatching(/^\d{19,20}$/),
        createdAt: expect.any(String),
        paidAt: expect.any(String),
      },
    ]);
    expect(view.esims).toEqual([
      expect.objectContaining({ orderId: intent.orderId, iccid: view.orders[0]!.iccid, planName: 'Japan 5GB 30 Days' }),
    ]);
    // 19.99 USD paid by card: 99 purchase points, plus the 40 adjustment.
    expect(view.points).toMatchObject({ balance: 139, lifetime: 139, level: expect.any(String) });
    expect(view.points.history.map((h) => [h.source, h.amount, h.description])).toEqual([
      ['adjustment', 40, 'Goodwill'],
      ['purchase', 99, expect.anything()],
    ]);
    expect(view.points.history[1]!.orderId).toBe(intent.orderId);
    const self = await (await admin.api()).admin.customers.get({ userId: admin.id });
    expect(self).toMatchObject({ role: 'admin', canDisable: false, canChangeRole: false });
    const e = await refusal((await admin.api()).admin.customers.get({ userId: 9999 }));
    expect([e.code, e.message]).toEqual(['NOT_FOUND', 'No customer has the id 9999.']);
  });
});

describe('disable / enable', () => {
  it('ends every session at once and refuses sign-in with a clear message; enabling lets them in again', async () => {
    const password = 'correct horse battery';
    const carol = await signedIn(rig, 'customer', { username: 'carol', passwordHash: await hashPassword(password) });
    const second = rig.browser();
    await (await second.caller()).auth.login({ username: 'carol', password });
    expect(await sessionsOf(carol.id)).toHaveLength(2);
    expect((await (await carol.api()).auth.me())?.username).toBe('carol');

    const view = await (await admin.api()).admin.customers.setDisabled({ userId: carol.id, disabled: true });
    expect(view).toMatchObject({ disabled: true, disabledAt: rig.clock.now.toISOString(), activeSessions: 0 });
    expect(await sessionsOf(carol.id)).toHaveLength(0);
    // The old cookies no longer sign anyone in.
    expect((await carol.browser.context()).user).toBeNull();
    expect((await second.context()).user).toBeNull();
    const denied = await refusal((await rig.browser().caller()).auth.login({ username: 'carol', password }));
    expect([denied.code, denied.message]).toEqual(['FORBIDDEN', ACCOUNT_DISABLED_MESSAGE]);
    // A wrong password gets the usual answer: a stranger learns nothing about the account.
    const wrong = await refusal((await rig.browser().caller()).auth.login({ username: 'carol', password: 'wrong password here' }));
    expect(wrong.code).toBe('UNAUTHORIZED');
    expect(await sessionsOf(carol.id)).toHaveLength(0);

    await (await admin.api()).admin.customers.setDisabled({ userId: carol.id, disabled: false });
    expect((await userRow(carol.id)).disabled_at).toBeNull();
    const back = rig.browser();
    await (await back.caller()).auth.login({ username: 'carol', password });
    expect((await back.context()).user?.username).toBe('carol');

    const audit = await auditRows(rig);
    expect(audit.map((a) => [a.action, a.entity, a.entity_id, a.summary])).toEqual([
      ['user.disable', 'user', String(carol.id), 'Disabled carol (2 sessions ended)'],
      ['user.enable', 'user', String(carol.id), 'Enabled carol'],
    ]);
    expect([JSON.parse(audit[0]!.before_json!), JSON.parse(audit[0]!.after_json!)]).toEqual([{ disabled: false }, { disabled: true }]);
  });

  it('a session of a disabled account is refused even if its row is still there', async () => {
    await rig.db.updateTable('users').set({ disabled_at: rig.clock.now.toISOString() }).where('id', '=', customer.id).execute();
    expect(await sessionsOf(customer.id)).toHaveLength(1);
    expect(await validateSessionToken(rig.db, customer.browser.token!, rig.clock.now)).toBeNull();
    expect((await customer.browser.context()).user).toBeNull();
  });

  it('an admin cannot disable themself; a second click changes nothing', async () => {
    const api = await admin.api();
    const e = await refusal(api.admin.customers.setDisabled({ userId: admin.id, disabled: true }));
    expect([e.code, e.message]).toEqual(['BAD_REQUEST', CANNOT_DISABLE_SELF_MESSAGE]);
    expect((await userRow(admin.id)).disabled_at).toBeNull();
    await api.admin.customers.setDisabled({ userId: customer.id, disabled: true });
    const at = (await userRow(customer.id)).disabled_at;
    rig.clock.advance(60_000);
    await api.admin.customers.setDisabled({ userId: customer.id, disabled: true });
    expect((await userRow(customer.id)).disabled_at).toBe(at);
    expect(await auditRows(rig)).toHaveLength(1);
    expect((await refusal(api.admin.customers.setDisabled({ userId: 9999, disabled: true }))).code).toBe('NOT_FOUND');
  });
});

describe('admin role', () => {
  it('grants and removes the role; the change applies to the next request', async () => {
    const api = await admin.api();
    expect((await refusal((await customer.api()).admin.customers.search({}))).code).toBe('FORBIDDEN');
    const granted = await api.admin.customers.setRole({ userId: customer.id, role: 'owner' });
    expect(granted).toMatchObject({ role: 'admin', adminRole: 'owner' });
    // The new admin enrols a second factor before the back office answers them.
    expect((await refusal((await customer.api()).admin.customers.search({}))).code).toBe('FORBIDDEN');
    await giveSecondFactor(rig.db, { id: customer.id }, rig.clock.now);
    expect((await (await customer.api()).admin.customers.search({})).total).toBe(2);
    await api.admin.customers.setRole({ userId: customer.id, role: 'customer' });
    expect((await refusal((await customer.api()).admin.customers.search({}))).code).toBe('FORBIDDEN');
    expect((await auditRows(rig)).map((a) => a.summary)).toEqual(['bob: customer → owner', 'bob: owner → customer']);
  });

  it('never removes the last owner role, own or not; with a second owner one may step down', async () => {
    const api = await admin.api();
    const own = await refusal(api.admin.customers.setRole({ userId: admin.id, role: 'customer' }));
    expect([own.code, own.message]).toEqual(['CONFLICT', LAST_OWNER_MESSAGE]);
    expect((await userRow(admin.id)).role).toBe('admin');
    // A disabled admin does not count as one.
    const dora = await signedIn(rig, 'admin', { username: 'dora' });
    await api.admin.customers.setDisabled({ userId: dora.id, disabled: true });
    expect((await refusal(api.admin.customers.setRole({ userId: admin.id, role: 'customer' }))).message).toBe(LAST_OWNER_MESSAGE);
    expect((await api.admin.customers.get({ userId: admin.id })).canChangeRole).toBe(false);
    await api.admin.customers.setDisabled({ userId: dora.id, disabled: false });
    expect((await api.admin.customers.get({ userId: admin.id })).canChangeRole).toBe(true);
    const stepDown = await api.admin.customers.setRole({ userId: admin.id, role: 'customer' });
    expect(stepDown.role).toBe('customer');
    expect((await refusal((await admin.api()).admin.customers.search({}))).code).toBe('FORBIDDEN');
  });
});

describe('data requests (issue 31)', () => {
  it("the owner exports a customer's data and erases the account, each audited without a copy of the data", async () => {
    const dana = await signedIn(rig, 'customer', { username: 'dana_x', email: 'dana.x@mail.example', fullName: 'Dana Xu' });
    const api = await admin.api();
    const data = await api.admin.customers.exportData({ userId: dana.id });
    expect(data.account).toMatchObject({ username: 'dana_x', email: 'dana.x@mail.example' });
    expect(await api.admin.customers.erase({ userId: dana.id })).toEqual({ erased: true });
    expect(await rig.db.selectFrom('users').select('id').where('id', '=', dana.id).executeTakeFirst()).toBeUndefined();
    expect((await refusal(api.admin.customers.erase({ userId: dana.id }))).code).toBe('NOT_FOUND');
    const audit = await auditRows(rig);
    expect(audit.map((a) => [a.action, a.entity_id, a.summary])).toEqual([
      // Earlier rows about the account lose their summaries (they may name the person); action and id stay.
      ['user.data.export', String(dana.id), '[erased]'],
      ['user.erase', String(dana.id), `Erased account #${dana.id} on the person's request`],
    ]);
    expect(JSON.stringify(audit)).not.toContain('dana');
    expect(await rig.db.selectFrom('data_requests').select(['kind', 'actor']).orderBy('id').execute()).toEqual([
      { kind: 'export', actor: 'owner' },
      { kind: 'erasure', actor: 'owner' },
    ]);
  });

  it("a guest's data by address: exported and erased by the owner, each audited without the address; support may not", async () => {
    const guest = rig.browser();
    const api = await guest.caller();
    await api.support.contact({ name: 'Gus Guest', email: 'gus.guest@mail.example', subject: 'Help', message: 'My eSIM please' });
    const owner = await admin.api();
    const data = await owner.admin.customers.exportGuestData({ email: 'Gus.Guest@mail.example' });
    expect(data).toMatchObject({ format: 'esim-shop-data-export', guestEmail: 'gus.guest@mail.example', orders: [] });
    expect(await owner.admin.customers.eraseGuest({ email: 'gus.guest@mail.example' })).toMatchObject({ erased: true, orders: 0 });
    expect((await refusal(owner.admin.customers.eraseGuest({ email: 'gus.guest@mail.example' }))).code).toBe('NOT_FOUND');
    expect((await refusal(owner.admin.customers.exportGuestData({ email: '' }))).code).toBe('BAD_REQUEST');
    const audit = await auditRows(rig);
    expect(audit.map((a) => a.action)).toEqual(['guest.data.export', 'guest.erase']);
    expect(JSON.stringify(audit)).not.toContain('gus');
    const support = await signedIn(rig, 'admin', { username: 'sue_support' });
    await rig.db.updateTable('users').set({ admin_role: 'support' }).where('id', '=', support.id).execute();
    expect((await refusal((await support.api()).admin.customers.eraseGuest({ email: 'x@mail.example' }))).code).toBe('FORBIDDEN');
  });

  it('refuses to erase the admin themself or another back-office account', async () => {
    const api = await admin.api();
    expect((await refusal(api.admin.customers.erase({ userId: admin.id }))).code).toBe('BAD_REQUEST');
  });
});
