// Invoices and credit notes (issue 31): a gap-free invoice number for every paid order, taken in
// the transaction that marks it paid, also with two server instances racing on one PostgreSQL;
// the VAT rate frozen at issue; a credit note per completed refund referencing the invoice; the
// business traveller's details with the VAT ID checked for format and against a VIES fake (an
// unreachable VIES never blocks); access for the owner and the link holder only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db, type DbHandle } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { claimPaid } from '../../src/services/order-life/claim.ts';
import { writeTransaction } from '../../src/services/shared/db-tx.ts';
import { issueEsimLink } from '../../src/services/esims/esim-links.ts';
import { fakeViesChecker } from '../../src/providers/vat/vies.ts';
import { chooseVatRate } from '../../src/domain/invoices.ts';
import { makeAdmin } from '../rig.ts';
import { account, CARDS, createOrdersRig, type OrdersRig } from './rig.ts';
import { buy, signedIn } from '../rewards/rig.ts';

/** N guest orders waiting for payment (through the real checkout). */
async function pendingOrders(rig: OrdersRig, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const api = await rig.browser({ ip: `198.51.100.${i + 1}` }).caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, email: `g${i}@traveller.example` });
    const row = await rig.db.selectFrom('orders').select('id').where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function invoiceNumbers(db: Db): Promise<number[]> {
  return (await db.selectFrom('invoices').select('number').orderBy('number').execute()).map((r) => r.number);
}

/**
 * Every order claimed twice at once (by `dbs` in turn: one or two "server instances"), and one
 * claim that rolls back after its invoice was issued: numbers are exactly 1…n, one per paid order.
 */
async function gapFree(rig: OrdersRig, dbs: Db[]): Promise<void> {
  const ids = await pendingOrders(rig, 24);
  const now = rig.clock.now.toISOString();
  const who = { actor: 'provider' as const, reason: 'payment succeeded' };

  // A claim whose transaction fails after the invoice: the order stays unpaid, the number unused.
  const failed = writeTransaction(dbs[0]!, async (trx) => {
    await claimPaid(trx, rig.services.config, { id: ids[0]! }, now, who);
    throw new Error('crash after the invoice');
  });
  await expect(failed).rejects.toThrow('crash after the invoice');
  expect(await invoiceNumbers(rig.db)).toEqual([]);

  const results = await Promise.all(
    ids.flatMap((id, i) => [
      claimPaid(dbs[i % dbs.length]!, rig.services.config, { id }, now, who),
      claimPaid(dbs[(i + 1) % dbs.length]!, rig.services.config, { id }, now, who),
    ]),
  );
  expect(results.filter(Boolean)).toHaveLength(24);
  expect(await invoiceNumbers(rig.db)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  const perOrder = await rig.db
    .selectFrom('orders as o')
    .leftJoin('invoices as i', 'i.order_id', 'o.id')
    .select(['o.status', 'i.number'])
    .where('o.id', 'in', ids)
    .execute();
  expect(perOrder.every((r) => r.status === 'paid' && r.number !== null)).toBe(true);
  const counter = await rig.db.selectFrom('document_counters').select('next_number').where('series', '=', 'INV').executeTakeFirstOrThrow();
  expect(counter.next_number).toBe(25);
}

describe('invoice numbers on SQLite', () => {
  it('24 orders claimed twice each, concurrently, and a claim rolled back: numbers 1…24, one per order', async () => {
    const rig = await createOrdersRig();
    try {
      await gapFree(rig, [rig.db]);
    } finally {
      await rig.close();
    }
  });

  it("a guest's card payment (the demo provider's claim) issues one per order, numbered in order of payment", async () => {
    const rig = await createOrdersRig();
    try {
      const api = await rig.browser().caller();
      const a = await api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'a@traveller.example' });
      const b = await api.payments.createIntent({ planId: rig.plans.japan1.id, email: 'b@traveller.example' });
      await api.payments.demoConfirm({ paymentIntentId: b.paymentIntentId!, clientSecret: b.clientSecret, card: CARDS.ok });
      await api.payments.demoConfirm({ paymentIntentId: a.paymentIntentId!, clientSecret: a.clientSecret, card: CARDS.ok });
      await rig.settle();
      const rows = await rig.db
        .selectFrom('invoices as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['o.public_id', 'i.number', 'i.total_minor', 'i.currency', 'i.vat_country', 'i.vat_rate_bp', 'i.vat_basis'])
        .orderBy('i.number')
        .execute();
      expect(rows).toEqual([
        {
          public_id: b.orderId,
          number: 1,
          total_minor: 450,
          currency: 'USD',
          vat_country: 'GB',
          vat_rate_bp: 2000,
          vat_basis: 'registered',
        },
        {
          public_id: a.orderId,
          number: 2,
          total_minor: 1999,
          currency: 'USD',
          vat_country: 'GB',
          vat_rate_bp: 2000,
          vat_basis: 'registered',
        },
      ]);
    } finally {
      await rig.close();
    }
  });
});

describe("the customer's country picks the rate (the SQL of issueInvoice agrees with domain chooseVatRate)", () => {
  it.each([
    ['FR', 'GB123456789'],
    ['DE', 'GB123456789'],
    ['US', 'GB123456789'],
    [null, 'GB123456789'],
    ['DE', ''],
  ])('buyer country %s, seller VAT number %j', async (country, vatNumber) => {
    const rig = await createOrdersRig();
    try {
      const cfg = {
        seller: { companyName: 'S Ltd', companyNumber: '1', vatNumber, address: ['x'] },
        vatRates: { GB: 2000, FR: 2000, DE: 1900 },
        defaultCountry: 'GB',
      };
      rig.services.config.invoice = cfg;
      const [id] = await pendingOrders(rig, 1);
      const now = rig.clock.now.toISOString();
      if (country)
        await rig.db
          .insertInto('invoice_buyers')
          .values({
            order_id: id!,
            company_name: 'C',
            address: 'A',
            country,
            vat_id: null,
            vat_status: 'not_checked',
            vat_checked_at: null,
            updated_at: now,
          })
          .execute();
      await claimPaid(rig.db, rig.services.config, { id: id! }, now, { actor: 'provider', reason: 'paid' });
      const row = await rig.db
        .selectFrom('invoices')
        .select(['vat_country', 'vat_rate_bp', 'vat_basis', 'seller_json'])
        .executeTakeFirstOrThrow();
      const expected = chooseVatRate(cfg.vatRates, cfg.seller, country, 'GB');
      expect({ country: row.vat_country, rateBp: row.vat_rate_bp, basis: row.vat_basis }).toEqual(expected);
      expect(JSON.parse(row.seller_json)).toEqual(cfg.seller);
    } finally {
      await rig.close();
    }
  });
});

const pgAvailable = findPgBinaries() !== null;
if (!pgAvailable) console.warn(`[@esim/api] skipping the PostgreSQL invoice-number test: ${pgUnavailableReason()}`);

describe.skipIf(!pgAvailable)('invoice numbers on PostgreSQL, two server instances (two pools)', () => {
  let cluster: PgCluster;
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    cluster = await startPgCluster();
    a = createDb(cluster.url);
    b = createDb(cluster.url);
    await migrateToLatest(a.db);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cluster?.stop();
  });

  it('24 orders claimed by both instances at once, and a claim rolled back: numbers 1…24, one per order', async () => {
    const rig = await createOrdersRig({ handle: { ...a, close: async () => {} } });
    await gapFree(rig, [a.db, b.db]);
  }, 60_000);
});

describe('the invoice page', () => {
  it('net, VAT and gross per line and in total; the rate frozen at issue; credit notes reference it', async () => {
    const rig = await createOrdersRig();
    try {
      const admin = rig.browser();
      await (await admin.caller()).auth.register(account({ username: 'owner_admin', email: 'owner@shop.example' }));
      await makeAdmin(rig.db, 'owner_admin', rig.clock.now);
      const { browser } = await signedIn(rig);
      const intent = await buy(rig, browser, rig.plans.japan5.id);
      const api = await browser.caller();

      let inv = await api.invoices.get({ orderId: intent.orderId });
      expect(inv).toMatchObject({
        number: 'INV-000001',
        orderId: intent.orderId,
        currency: 'USD',
        vat: { country: 'GB', rateBp: 2000, basis: 'registered' },
        totals: { grossMinor: 1999, netMinor: 1666, vatMinor: 333 },
        creditNotes: [],
        keptMinor: 1999,
      });
      expect(inv.seller.vatNumber).toBe('GB000000000');

      // The table and the seller change afterwards: the issued invoice does not.
      rig.services.config.invoice = {
        seller: { companyName: 'New Name Ltd', companyNumber: '1', vatNumber: '', address: [] },
        vatRates: {},
        defaultCountry: 'FR',
      };
      inv = await api.invoices.get({ orderId: intent.orderId });
      expect(inv.vat.rateBp).toBe(2000);
      expect(inv.seller.companyName).toBe('eSIM Shop Ltd');

      // Two refunds by the owner: two credit notes, CN-000001 and CN-000002, on this invoice.
      const owner = await admin.caller();
      await owner.admin.orders.refund({ orderId: intent.orderId, amountMinor: 500, reason: 'Slow data' });
      await owner.admin.orders.refund({ orderId: intent.orderId });
      inv = await api.invoices.get({ orderId: intent.orderId });
      expect(inv.creditNotes).toEqual([
        { number: 'CN-000001', issuedAt: expect.any(String), grossMinor: 500, netMinor: 417, vatMinor: 83 },
        { number: 'CN-000002', issuedAt: expect.any(String), grossMinor: 1499, netMinor: 1249, vatMinor: 250 },
      ]);
      expect(inv.keptMinor).toBe(0);
      const notes = await rig.db
        .selectFrom('credit_notes as c')
        .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
        .select('i.number')
        .execute();
      expect(notes.map((n) => n.number)).toEqual([1, 1]);
      // A later order is invoiced at the new table: FR is not in it (0%, not registered).
      const later = await buy(rig, browser, rig.plans.japan1.id);
      expect((await api.invoices.get({ orderId: later.orderId })).vat).toEqual({ country: 'FR', rateBp: 0, basis: 'not_registered' });
    } finally {
      await rig.close();
    }
  });

  it("someone else's order is a 404, a guest needs the order's link, an unpaid order has no invoice yet", async () => {
    const rig = await createOrdersRig();
    try {
      const { browser } = await signedIn(rig);
      const mine = await buy(rig, browser, rig.plans.japan1.id);
      const other = await (await signedIn(rig)).browser.caller();
      await expect(other.invoices.get({ orderId: mine.orderId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const stranger = await rig.browser().caller();
      await expect(stranger.invoices.get({ orderId: mine.orderId })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(stranger.invoices.get({ token: 'x'.repeat(43) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const order = await rig.db.selectFrom('orders').select('id').where('public_id', '=', mine.orderId).executeTakeFirstOrThrow();
      const token = await issueEsimLink(rig.db, order.id, rig.clock.now);
      expect((await stranger.invoices.get({ token })).orderId).toBe(mine.orderId);

      const unpaid = await (await browser.caller()).payments.createIntent({ planId: rig.plans.japan5.id });
      await expect((await browser.caller()).invoices.get({ orderId: unpaid.orderId })).rejects.toMatchObject({ code: 'CONFLICT' });
      // Company details for an unpaid order: refused before anything is written (they go with the checkout).
      const before = await rig.db.selectFrom('invoice_buyers').selectAll().execute();
      await expect(
        (await browser.caller()).invoices.saveBuyer({
          ref: { orderId: unpaid.orderId },
          buyer: { companyName: 'Reise GmbH', address: 'Hauptstr. 1, Berlin', country: 'DE', vatId: 'DE123456789' },
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await rig.db.selectFrom('invoice_buyers').selectAll().execute()).toEqual(before);
    } finally {
      await rig.close();
    }
  });
});

describe("a business traveller's details", () => {
  it('format checked per country (a bad ID is a 400 and saves nothing); VIES valid, invalid, unreachable; GB not asked', async () => {
    const rig = await createOrdersRig();
    try {
      const vies = fakeViesChecker({ valid: ['DE123456789'] });
      rig.services.vatIds = vies;
      const { browser } = await signedIn(rig);
      const intent = await buy(rig, browser, rig.plans.japan1.id);
      const api = await browser.caller();
      const ref = { orderId: intent.orderId };
      const buyer = { companyName: 'Reise GmbH', address: 'Hauptstr. 1, 10115 Berlin', country: 'DE' };

      await expect(api.invoices.saveBuyer({ ref, buyer: { ...buyer, vatId: 'DE12345' } })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'This is not a valid VAT ID for DE.',
      });
      await expect(api.invoices.saveBuyer({ ref, buyer: { ...buyer, companyName: ' ' } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect(await rig.db.selectFrom('invoice_buyers').selectAll().execute()).toEqual([]);
      expect(vies.asked).toEqual([]);

      let inv = await api.invoices.saveBuyer({ ref, buyer: { ...buyer, vatId: 'de 123 456 789' } });
      expect(inv.buyer.business).toEqual({ ...buyer, vatId: 'DE123456789', vatStatus: 'valid' });
      inv = await api.invoices.saveBuyer({ ref, buyer: { ...buyer, vatId: 'DE999999999' } });
      expect(inv.buyer.business?.vatStatus).toBe('invalid');
      vies.down = true;
      inv = await api.invoices.saveBuyer({ ref, buyer: { ...buyer, vatId: 'DE123456789' } });
      expect(inv.buyer.business?.vatStatus).toBe('unverified');
      // GB IDs are not in VIES: format only.
      inv = await api.invoices.saveBuyer({
        ref,
        buyer: { companyName: 'Trips Ltd', address: 'London', country: 'gb', vatId: 'GB123456789' },
      });
      expect(inv.buyer.business).toMatchObject({ country: 'GB', vatId: 'GB123456789', vatStatus: 'not_checked' });
      expect(vies.asked).toEqual(['DE123456789', 'DE999999999', 'DE123456789']);
      // The rate stays the one issued.
      expect(inv.vat.rateBp).toBe(2000);
      // No VIES configured: format only.
      rig.services.vatIds = undefined;
      inv = await api.invoices.saveBuyer({ ref, buyer: { ...buyer, vatId: 'DE123456789' } });
      expect(inv.buyer.business?.vatStatus).toBe('not_checked');
      expect(await rig.db.selectFrom('invoice_buyers').selectAll().execute()).toHaveLength(1);
    } finally {
      await rig.close();
    }
  });
});
