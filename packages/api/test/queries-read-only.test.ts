// Queries read (house rule 14): every tRPC query the shop and the back office serve is called over
// a shop with a delivered order, a check-in, an achievement now earned and an eSIM not read from
// its provider for two days, while every statement any Kysely instance runs (transactions and
// prepared Statements included) is recorded; none may write (INSERT, UPDATE, DELETE, or a write
// transaction), even one whose failure the code would swallow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRewards } from '@esim/db';
import { appRouter } from '../src/root.ts';
import { issueTicketLinkToken } from '../src/services/support/tickets.ts';
import { adminRigA, buy, esimOf, type OrdersRig } from './admin-helpers-a.ts';
import type { Browser } from './orders/rig.ts';

let rig: OrdersRig;
let admin: Browser;
let customer: Browser;
let facts: {
  orderId: string;
  paymentIntentId: string;
  iccid: string;
  userId: number;
  regionId: number;
  planId: number;
  ticket: string;
  ticketLink: string;
  chat: number;
};

beforeAll(async () => {
  ({ rig, admin, customer } = await adminRigA());
  await seedRewards(rig.db);
  const { orderId, paymentIntentId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
  const plan = await rig.db.selectFrom('plans').select(['id', 'region_id']).where('id', '=', rig.plans.japan1.id).executeTakeFirstOrThrow();
  const user = await rig.db.selectFrom('users').select('id').where('username', '=', 'bob_buyer').executeTakeFirstOrThrow();
  await (await customer.caller()).rewards.checkIn({ regionId: plan.region_id });
  facts = {
    orderId,
    paymentIntentId,
    iccid: (await esimOf(rig, orderId))?.iccid ?? 'none',
    userId: user.id,
    regionId: plan.region_id,
    planId: plan.id,
    ticket: '',
    ticketLink: '',
    chat: 0,
  };
  const ticket = await (await customer.caller()).support.contact({ name: 'Bob', email: 'bob@example.com', subject: 'Help', message: 'Hi' });
  facts.ticket = ticket.ticketNumber;
  facts.ticketLink = await issueTicketLinkToken(rig.db, rig.services, Number(ticket.ticketNumber.slice(2)));
  // The live chat (issue 30): the traveller's chat, with a message.
  facts.chat = (await (await customer.caller()).chat.start({})).id;
  await (await customer.caller()).chat.send({ body: 'Hello' });
  await rig.settle();
  // What a read was tempted to act on: an achievement now earned (a verified e-mail) and an eSIM
  // whose state was last read from the provider two days ago.
  await rig.db
    .updateTable('users')
    .set({ email_verified_at: rig.clock.now.toISOString(), full_name: 'Bob Buyer' })
    .where('id', '=', user.id)
    .execute();
  rig.clock.advance(2 * 86_400_000);
});
afterAll(async () => {
  await rig.settle();
  await rig.close();
});

type Api = Awaited<ReturnType<Browser['caller']>>;
/** Every query procedure, called as the one who may (the customer, or the admin for admin.*). */
function calls(shop: Api, back: Api): Record<string, () => Promise<unknown>> {
  return {
    'catalog.regions': () => shop.catalog.regions(),
    'catalog.region': () => shop.catalog.region({ id: facts.regionId }),
    'catalog.plans': () => shop.catalog.plans({ regionId: facts.regionId }),
    'catalog.plan': () => shop.catalog.plan({ id: facts.planId }),
    'catalog.exchangeRates': () => shop.catalog.exchangeRates(),
    'auth.me': () => shop.auth.me(),
    'factors.status': () => shop.factors.status(),
    'sessions.list': () => shop.sessions.list(),
    'orders.list': () => shop.orders.list(),
    'orders.byPaymentIntent': () => shop.orders.byPaymentIntent({ paymentIntentId: facts.paymentIntentId }),
    'orders.refundQuote': () => shop.orders.refundQuote({ orderId: facts.orderId }),
    'orders.history': () => shop.orders.history({ orderId: facts.orderId }),
    'orders.receipt': () => shop.orders.receipt({ orderId: facts.orderId }),
    'invoices.get': () => shop.invoices.get({ orderId: facts.orderId }),
    'support.messages': () => back.support.messages({}),
    'payments.config': () => shop.payments.config(),
    'esims.list': () => shop.esims.list(),
    'esims.counts': () => shop.esims.counts(),
    'esims.get': () => shop.esims.get({ iccid: facts.iccid }),
    'esims.topUpOptions': () => shop.esims.topUpOptions({ iccid: facts.iccid }),
    'esims.activationCode': () =>
      expect(shop.esims.activationCode({ esimId: 'ESIM-0000000000', token: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' }),
    'esimLinks.get': () => expect(shop.esimLinks.get({ token: 'x'.repeat(43) })).rejects.toMatchObject({ code: 'NOT_FOUND' }),
    'gifts.given': () => shop.gifts.given(),
    'gifts.preview': () => expect(shop.gifts.preview({ token: 'x'.repeat(43) })).rejects.toMatchObject({ code: 'NOT_FOUND' }),
    'esimLinks.gift': () => expect(shop.esimLinks.gift({ token: 'x'.repeat(43) })).rejects.toMatchObject({ code: 'NOT_FOUND' }),
    'esimLinks.topUps': () => expect(shop.esimLinks.topUps({ token: 'x'.repeat(43) })).rejects.toMatchObject({ code: 'NOT_FOUND' }),
    'subscriptions.list': () => shop.subscriptions.list(),
    'trip.plan': () =>
      shop.trip.plan({ stops: [{ country: 'JP', start: '2027-03-01', end: '2027-03-05', layover: false }], usage: 'normal' }),
    'rewards.levels': () => shop.rewards.levels(),
    'rewards.achievements': () => shop.rewards.achievements(),
    'rewards.profile': () => shop.rewards.profile(),
    'rewards.userAchievements': () => shop.rewards.userAchievements(),
    'rewards.checkIns': () => shop.rewards.checkIns(),
    'rewards.pointsHistory': () => shop.rewards.pointsHistory(),
    'admin.dashboard.summary': () => back.admin.dashboard.summary({ range: '7d' }),
    'admin.orders.list': () => back.admin.orders.list({}),
    'admin.orders.get': () => back.admin.orders.get({ orderId: facts.orderId }),
    'admin.orders.refundQuote': () => back.admin.orders.refundQuote({ orderId: facts.orderId }),
    'admin.operations.jobs': () => back.admin.operations.jobs(),
    'admin.catalog.regions': () => back.admin.catalog.regions(),
    'admin.catalog.plans': () => back.admin.catalog.plans({ regionId: facts.regionId }),
    'admin.catalog.planTexts': () => back.admin.catalog.planTexts({ id: facts.planId }),
    'admin.customers.search': () => back.admin.customers.search({}),
    'admin.customers.get': () => back.admin.customers.get({ userId: facts.userId }),
    'admin.rates.list': () => back.admin.rates.list(),
    'admin.rewards.overview': () => back.admin.rewards.overview(),
    'admin.promotions.list': () => back.admin.promotions.list(),
    'admin.promotions.get': () => back.admin.promotions.get({ id: 1 }).catch(() => null),
    'admin.referrals.list': () => back.admin.referrals.list({}),
    'admin.support.messages': () => back.admin.support.messages({}),
    'admin.support.subscribers': () => back.admin.support.subscribers({}),
    'admin.support.subscribersCsv': () => back.admin.support.subscribersCsv(),
    'admin.tickets.list': () => back.admin.tickets.list({}),
    'admin.tickets.get': () => back.admin.tickets.get({ id: Number(facts.ticket.slice(2)) }),
    'admin.tickets.canned': () => back.admin.tickets.canned({}),
    'tickets.mine': () => shop.tickets.mine(),
    'tickets.openCount': () => shop.tickets.openCount(),
    'tickets.get': () => shop.tickets.get({ number: facts.ticket }),
    'tickets.byLink': () => shop.tickets.byLink({ token: facts.ticketLink }),
    'admin.audit.list': () => back.admin.audit.list({}),
    'chat.availability': () => shop.chat.availability(),
    'chat.get': () => shop.chat.get({}),
    'admin.chat.list': () => back.admin.chat.list(),
    'admin.chat.get': () => back.admin.chat.get({ id: facts.chat }),
    'admin.chat.settings': () => back.admin.chat.settings(),
  };
}

describe('queries read', () => {
  it('the list above is every query procedure (a new one must be added here)', async () => {
    const procedures: Record<string, unknown> = appRouter._def.procedures;
    const typeOf = (p: unknown) => (typeof p === 'function' && '_def' in p ? (p._def as { type?: string }).type : undefined);
    const queries = Object.keys(procedures).filter((k) => typeOf(procedures[k]) === 'query');
    expect(queries.length).toBeGreaterThan(30);
    const api = await customer.caller();
    expect(Object.keys(calls(api, api)).sort()).toEqual(queries.sort());
  });

  it('no query writes: not one INSERT, UPDATE, DELETE or write transaction', async () => {
    const [shop, back] = [await customer.caller(), await admin.caller()];
    const executor = Object.getPrototypeOf(rig.db.getExecutor()) as { executeQuery: (q: { sql: string }, ...rest: unknown[]) => unknown };
    const original = executor.executeQuery;
    let current = '';
    const writes: string[] = [];
    executor.executeQuery = function (this: unknown, query: { sql: string }, ...rest: unknown[]) {
      if (/^\s*(insert|update|delete|replace|begin immediate)\b/i.test(query.sql)) writes.push(`${current}: ${query.sql.slice(0, 100)}`);
      return original.call(this, query, ...rest);
    };
    const failed: string[] = [];
    try {
      // The recorder itself sees a write.
      await rig.db.updateTable('users').set({ full_name: null }).where('id', '=', -1).execute();
      expect(writes).toHaveLength(1);
      writes.length = 0;
      for (const [name, call] of Object.entries(calls(shop, back))) {
        current = name;
        try {
          await call();
        } catch (e) {
          failed.push(`${name}: ${String(e instanceof Error ? e.message : e).slice(0, 120)}`);
        }
      }
      await rig.settle();
    } finally {
      executor.executeQuery = original;
    }
    expect(failed).toEqual([]);
    // Every query, the rewards reads among them (their granting and releasing moved to the
    // mutations that change the facts and to rewards.refresh): no write at all.
    expect(writes).toEqual([]);
  });
});
