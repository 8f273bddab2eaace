// Company details at checkout (issue 31): payments.createIntent (and createSubscription) take an
// optional `business` (the same schema as invoices.saveBuyer), stored with the order in its
// insert's transaction; the VAT ID's format is checked first (a bad one: a 400 and no order); VIES
// is asked after the order exists, in the background, so a slow or unreachable VIES never blocks
// the sale — the invoice then says the ID was not verified.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type DbHandle } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { issueEsimLink } from '../../src/services/esims/esim-links.ts';
import { advanceDemoRenewal } from '../../src/services/orders/subscriptions.ts';
import { fakeViesChecker, type ViesAnswer } from '../../src/providers/vat/vies.ts';
import { CARDS, account, createOrdersRig, type OrdersRig } from './rig.ts';
import { adjust, signedIn } from '../rewards/rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const company = { companyName: 'Reise GmbH', address: 'Hauptstr. 1\n10115 Berlin', country: 'DE' };

/** A guest buys with company details and the demo card; returns the order and its invoice (through the order's link). */
async function guestBuys(business: Record<string, unknown>, ip = '198.51.100.7') {
  const api = await rig.browser({ ip }).caller();
  const intent = await api.payments.createIntent({
    planId: rig.plans.japan1.id,
    email: 'buyer@company.example',
    checkoutToken: `tok_${ip.replace(/\./g, '_')}_${Math.random().toString(36).slice(2)}`,
    business: business as typeof company,
  });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  const order = await rig.db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('public_id', '=', intent.orderId)
    .executeTakeFirstOrThrow();
  const token = await issueEsimLink(rig.db, order.id, rig.clock.now);
  const invoice = () => api.invoices.get({ token });
  return { intent, order, invoice };
}

const counts = async () => ({
  orders: (await rig.db.selectFrom('orders').select('id').execute()).length,
  buyers: (await rig.db.selectFrom('invoice_buyers').select('order_id').execute()).length,
});

describe('payments.createIntent with company details', () => {
  it('VIES says valid: the invoice as issued is made out to the company, its ID verified', async () => {
    const vies = fakeViesChecker({ valid: ['DE123456789'] });
    rig.services.vatIds = vies;
    const { order, invoice } = await guestBuys({ ...company, vatId: 'de 123 456 789' });
    await rig.settle();
    expect(order.status).toBe('paid');
    const inv = await invoice();
    expect(inv.number).toBe('INV-000001');
    expect(inv.buyer.business).toEqual({ ...company, vatId: 'DE123456789', vatStatus: 'valid' });
    // The customer's country for VAT is the company's, frozen at issue (DE is not in the default table: 0%, noted).
    expect(inv.vat).toEqual({ country: 'DE', rateBp: 0, basis: 'not_registered' });
    expect(vies.asked).toEqual(['DE123456789']);
  });

  it('VIES says the ID is unknown: the invoice says VIES did not confirm it; the sale went through', async () => {
    rig.services.vatIds = fakeViesChecker({ valid: [] });
    const { order, invoice } = await guestBuys({ ...company, vatId: 'DE999999999' });
    await rig.settle();
    expect(order.status).toBe('paid');
    expect((await invoice()).buyer.business?.vatStatus).toBe('invalid');
  });

  it('VIES down: the sale goes through and the invoice says the ID was not verified', async () => {
    const vies = fakeViesChecker({ valid: ['DE123456789'], down: true });
    rig.services.vatIds = vies;
    const { order, invoice } = await guestBuys({ ...company, vatId: 'DE123456789' });
    await rig.settle();
    expect(order.status).toBe('paid');
    expect((await invoice()).buyer.business).toMatchObject({ vatId: 'DE123456789', vatStatus: 'unverified' });
    expect(vies.asked).toEqual(['DE123456789']);
  });

  it('VIES hanging: the checkout and the payment do not wait for it; the invoice says not verified until it answers', async () => {
    let release: (a: ViesAnswer) => void = () => {};
    const answer = new Promise<ViesAnswer>((r) => {
      release = r;
    });
    rig.services.vatIds = { check: () => answer };
    const { order, invoice } = await guestBuys({ ...company, vatId: 'DE123456789' });
    expect(order.status).toBe('paid');
    expect((await invoice()).buyer.business).toMatchObject({ vatId: 'DE123456789', vatStatus: 'not_checked' });
    release('unavailable');
    await rig.settle();
    expect((await invoice()).buyer.business?.vatStatus).toBe('unverified');
  });

  it('VIES not configured, or a GB ID (not in VIES): format only, the invoice says not verified', async () => {
    rig.services.vatIds = undefined;
    const a = await guestBuys({ ...company, vatId: 'DE123456789' }, '198.51.100.8');
    await rig.settle();
    expect((await a.invoice()).buyer.business).toMatchObject({ vatId: 'DE123456789', vatStatus: 'not_checked' });
    const vies = fakeViesChecker({ valid: ['GB123456789'] });
    rig.services.vatIds = vies;
    const b = await guestBuys({ companyName: 'Trips Ltd', address: 'London', country: 'gb', vatId: 'GB 123 456 789' }, '198.51.100.9');
    await rig.settle();
    const inv = await b.invoice();
    expect(inv.buyer.business).toEqual({
      companyName: 'Trips Ltd',
      address: 'London',
      country: 'GB',
      vatId: 'GB123456789',
      vatStatus: 'not_checked',
    });
    // A GB customer: the UK rate.
    expect(inv.vat).toEqual({ country: 'GB', rateBp: 2000, basis: 'registered' });
    expect(vies.asked).toEqual([]);
  });

  it('no VAT ID: the company and address alone; the invoice shows no ID', async () => {
    rig.services.vatIds = fakeViesChecker();
    const { invoice } = await guestBuys(company);
    await rig.settle();
    expect((await invoice()).buyer.business).toEqual({ ...company, vatId: null, vatStatus: 'not_checked' });
  });

  it.each([
    [{ ...company, vatId: 'DE12345' }, 'This is not a valid VAT ID for DE.', 'business.vatId'],
    [{ ...company, vatId: 'FR12345678901' }, 'This is not a valid VAT ID for DE.', 'business.vatId'],
    [{ ...company, country: 'ZZ9', vatId: 'X' }, null, null],
    [{ ...company, companyName: '  ' }, 'Please enter the company name.', null],
    [{ ...company, address: '' }, 'Please enter the company address.', null],
    [{ ...company, vatId: 'D'.repeat(25) }, 'At most 24 characters.', null],
  ])('bad details %j: a 400 with a clear message, no order and no details written, VIES not asked', async (business, message, field) => {
    const vies = fakeViesChecker({ valid: ['DE123456789'] });
    rig.services.vatIds = vies;
    const api = await rig.browser().caller();
    const call = api.payments.createIntent({ planId: rig.plans.japan1.id, email: 'buyer@company.example', business });
    await expect(call).rejects.toMatchObject({ code: 'BAD_REQUEST', ...(message ? { message: expect.stringContaining(message) } : {}) });
    if (field) await expect(call).rejects.toMatchObject({ cause: { code: 'BAD_INPUT', details: { field } } });
    expect(await counts()).toEqual({ orders: 0, buyers: 0 });
    expect(vies.asked).toEqual([]);
  });

  it('a retry with the same details gets the same order; other details are another order, each with its own', async () => {
    const api = await rig.browser().caller();
    const base = { planId: rig.plans.japan1.id, email: 'buyer@company.example', checkoutToken: 'retry-token-1234567890' };
    const a = await api.payments.createIntent({ ...base, business: { ...company, vatId: 'DE123456789' } });
    const again = await api.payments.createIntent({ ...base, business: { ...company, vatId: 'DE 123456789' } });
    expect(again.orderId).toBe(a.orderId);
    expect(again.reused).toBe(true);
    const other = await api.payments.createIntent({ ...base, business: { ...company, companyName: 'Andere GmbH' } });
    expect(other.orderId).not.toBe(a.orderId);
    const none = await api.payments.createIntent(base);
    expect(new Set([a.orderId, other.orderId, none.orderId]).size).toBe(3);
    const rows = await rig.db
      .selectFrom('invoice_buyers as b')
      .innerJoin('orders as o', 'o.id', 'b.order_id')
      .select(['o.public_id', 'b.company_name', 'b.vat_id'])
      .orderBy('o.id')
      .execute();
    expect(rows).toEqual([
      { public_id: a.orderId, company_name: 'Reise GmbH', vat_id: 'DE123456789' },
      { public_id: other.orderId, company_name: 'Andere GmbH', vat_id: null },
    ]);
  });

  it('a signed-in top-up carries the details too', async () => {
    const me = rig.browser();
    await (await me.caller()).auth.register(account());
    const api = await me.caller();
    const first = await api.payments.createIntent({ planId: rig.plans.japan1.id });
    await api.payments.demoConfirm({ paymentIntentId: first.paymentIntentId!, clientSecret: first.clientSecret, card: CARDS.ok });
    await rig.settle();
    const esim = await rig.db.selectFrom('esims').select('iccid').executeTakeFirstOrThrow();
    const topUp = await api.payments.createIntent({ planId: rig.plans.japan1.id, topUpIccid: esim.iccid, business: company });
    await api.payments.demoConfirm({ paymentIntentId: topUp.paymentIntentId!, clientSecret: topUp.clientSecret, card: CARDS.ok });
    await rig.settle();
    const inv = await api.invoices.get({ orderId: topUp.orderId });
    expect(inv.buyer.business).toMatchObject({ companyName: 'Reise GmbH', country: 'DE' });
    expect((await api.invoices.get({ orderId: first.orderId })).buyer.business).toBeNull();
  });

  it('an order points pay in full is paid in its insert transaction: its invoice is made out to the company too', async () => {
    const { browser, userId } = await signedIn(rig);
    await adjust(rig.db, userId, 10_000);
    const api = await browser.caller();
    const paid = await api.payments.createIntent({
      planId: rig.plans.japan1.id,
      usePoints: true,
      business: { ...company, vatId: 'DE123456789' },
    });
    expect(paid.paidWithPoints).toBe(true);
    await rig.settle();
    const inv = await api.invoices.get({ orderId: paid.orderId });
    expect(inv.buyer.business).toMatchObject({ companyName: 'Reise GmbH', vatId: 'DE123456789', vatStatus: 'not_checked' });
    expect(inv.vat.country).toBe('DE');
  });
});

describe('payments.createSubscription with company details', () => {
  it('the first month and every renewal are invoiced to the company', async () => {
    rig.services.vatIds = fakeViesChecker({ valid: ['DE123456789'] });
    const me = rig.browser();
    await (await me.caller()).auth.register(account());
    const api = await me.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id, business: { ...company, vatId: 'DE123456789' } });
    await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok });
    await rig.settle();
    expect((await api.invoices.get({ orderId: sub.orderId })).buyer.business).toMatchObject({ vatId: 'DE123456789', vatStatus: 'valid' });
    await advanceDemoRenewal(rig.db, rig.services, sub.subscriptionId!);
    await rig.settle();
    const orders = await rig.db.selectFrom('orders').select('public_id').orderBy('id').execute();
    expect(orders).toHaveLength(2);
    const renewal = await api.invoices.get({ orderId: orders[1]!.public_id });
    expect(renewal.number).toBe('INV-000002');
    expect(renewal.buyer.business).toEqual({ ...company, vatId: 'DE123456789', vatStatus: 'valid' });
    expect(renewal.vat.country).toBe('DE');
  });

  it('bad VAT ID: a 400 and no order, no subscription', async () => {
    const me = rig.browser();
    await (await me.caller()).auth.register(account());
    const api = await me.caller();
    await expect(
      api.payments.createSubscription({ planId: rig.plans.japan5.id, business: { ...company, vatId: '12' } }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await counts()).toEqual({ orders: 0, buyers: 0 });
    expect(await rig.db.selectFrom('subscriptions').select('id').execute()).toEqual([]);
  });
});

const pgAvailable = findPgBinaries() !== null;
if (!pgAvailable) console.warn(`[@esim/api] skipping company details at checkout on PostgreSQL: ${pgUnavailableReason()}`);

describe.skipIf(!pgAvailable)('on PostgreSQL', () => {
  let cluster: PgCluster;
  let pg: DbHandle;
  beforeAll(async () => {
    cluster = await startPgCluster();
    pg = createDb(cluster.url);
    await migrateToLatest(pg.db);
  }, 60_000);
  afterAll(async () => {
    await pg?.close();
    await cluster?.stop();
  });

  it('a guest order and a subscription with its renewal: each invoice made out to the company, the ID verified', async () => {
    const r = await createOrdersRig({ handle: { ...pg, close: async () => {} } });
    r.services.vatIds = fakeViesChecker({ valid: ['DE123456789'] });
    const guest = await r.browser({ ip: '198.51.100.20' }).caller();
    const a = await guest.payments.createIntent({
      planId: r.plans.japan1.id,
      email: 'pg@company.example',
      business: { ...company, vatId: 'DE123456789' },
    });
    await guest.payments.demoConfirm({ paymentIntentId: a.paymentIntentId!, clientSecret: a.clientSecret, card: CARDS.ok });
    await expect(
      guest.payments.createIntent({ planId: r.plans.japan1.id, email: 'pg@company.example', business: { ...company, vatId: 'DE1' } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const me = r.browser({ ip: '198.51.100.21' });
    await (await me.caller()).auth.register(account({ username: 'pg_business', email: 'pg.business@company.example' }));
    const api = await me.caller();
    const sub = await api.payments.createSubscription({ planId: r.plans.japan5.id, business: { ...company, vatId: 'DE123456789' } });
    await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok });
    await r.settle();
    await advanceDemoRenewal(r.db, r.services, sub.subscriptionId!);
    await r.settle();
    const rows = await r.db
      .selectFrom('invoices as i')
      .innerJoin('invoice_buyers as b', 'b.order_id', 'i.order_id')
      .select(['i.number', 'i.vat_country', 'b.company_name', 'b.vat_id', 'b.vat_status'])
      .orderBy('i.number')
      .execute();
    expect(rows).toEqual(
      [1, 2, 3].map((number) => ({ number, vat_country: 'DE', company_name: 'Reise GmbH', vat_id: 'DE123456789', vat_status: 'valid' })),
    );
    expect((await r.db.selectFrom('orders').select('id').execute()).length).toBe(3);
  }, 60_000);
});
