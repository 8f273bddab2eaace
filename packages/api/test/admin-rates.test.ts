// admin.rates.*: the rates in force with their source and editor; an edit shows in the shop's
// catalogue at once, orders placed before keep their rate, and bad input changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '../src/domain/admin.ts';
import { updateRate } from '../src/services/admin/rates.ts';
import { adminRig, auditRows, refusal, type OrdersRig, type Person } from './admin-helpers-b.ts';

let rig: OrdersRig;
let admin: Person;

beforeEach(async () => {
  ({ rig, admin } = await adminRig());
});
afterEach(async () => {
  await rig.close();
});

const shop = () => rig.browser().caller();
const GBP_RANGE = 'The rate must be between 0.079 and 7.9 GBP per 1 USD (1/10 to 10× the reference rate 0.79).';
const rateRows = () => rig.db.selectFrom('exchange_rates').selectAll().orderBy('currency').execute();

describe('admin.rates', () => {
  it('lists the rates in the shop order, as text, with source and editor', async () => {
    const rates = await (await admin.api()).admin.rates.list();
    expect(rates.map((r) => [r.currency, r.rate, r.rateMicros, r.source, r.updatedBy])).toEqual([
      ['USD', '1', 1_000_000, 'seed', null],
      ['GBP', '0.79', 790_000, 'seed', null],
      ['EUR', '0.93', 930_000, 'seed', null],
    ]);
    expect(rates[2]).toMatchObject({ name: 'Euro', symbol: '€', updatedAt: rig.clock.now.toISOString() });
  });

  it('an edit shows in the shop at once; orders placed before keep their rate', async () => {
    const s = await shop();
    expect((await s.catalog.exchangeRates()).rates.EUR).toBe(0.93); // the cache is warm
    const before = await s.payments.createIntent({ planId: rig.plans.japan5.id, email: 'early@traveller.example', currency: 'EUR' });
    rig.clock.advance(60_000);
    const updated = await (await admin.api()).admin.rates.update({ currency: 'eur', rate: '0.95' });
    expect(updated).toMatchObject({
      currency: 'EUR',
      rate: '0.95',
      rateMicros: 950_000,
      source: 'admin',
      updatedBy: 'alice',
      updatedAt: rig.clock.now.toISOString(),
    });
    expect((await (await shop()).catalog.exchangeRates()).rates.EUR).toBe(0.95);
    const early = await rig.db.selectFrom('orders').selectAll().where('public_id', '=', before.orderId).executeTakeFirstOrThrow();
    expect([early.rate_micros, early.total_amount_minor]).toEqual([930_000, 1859]);
    const late = await (await shop()).payments.createIntent({
      planId: rig.plans.japan5.id,
      email: 'late@traveller.example',
      currency: 'EUR',
    });
    expect(late.amountMinor).toBe(1899); // 19.99 × 0.95 = 18.99
    const audit = await auditRows(rig);
    expect(audit.map((a) => [a.action, a.entity, a.entity_id, a.summary])).toEqual([
      ['rate.update', 'exchange_rate', 'EUR', '1 USD = 0.93 → 0.95 EUR'],
    ]);
    expect([JSON.parse(audit[0]!.before_json!), JSON.parse(audit[0]!.after_json!)]).toEqual([
      { rate: '0.93', source: 'seed' },
      { rate: '0.95', source: 'admin' },
    ]);
  });

  it('keeps six decimals exactly', async () => {
    const r = await (await admin.api()).admin.rates.update({ currency: 'GBP', rate: '1.123456' });
    expect([r.rate, r.rateMicros]).toEqual(['1.123456', 1_123_456]);
  });

  it('accepts the edges of the band: 1/10 and 10× the reference rate', async () => {
    const api = await admin.api();
    expect((await api.admin.rates.update({ currency: 'GBP', rate: '7.9' })).rateMicros).toBe(7_900_000);
    expect((await api.admin.rates.update({ currency: 'GBP', rate: '0.079' })).rateMicros).toBe(79_000);
  });

  it('refuses a 1,000,000× rate with the allowed range, and every checkout in that currency still works', async () => {
    const before = await rateRows();
    const e = await refusal((await admin.api()).admin.rates.update({ currency: 'GBP', rate: '790000' }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toContain(GBP_RANGE);
    expect(await rateRows()).toEqual(before);
    expect(await auditRows(rig)).toHaveLength(0);
    const intent = await (await shop()).payments.createIntent({
      planId: rig.plans.japan5.id,
      email: 'gbp@traveller.example',
      currency: 'GBP',
    });
    expect(intent.amountMinor).toBe(1579); // 19.99 × 0.79
  });

  it('the service refuses an out-of-range rate too (for callers that skip the router input)', async () => {
    const actor = { id: 1, username: 'alice' } as never;
    const call = updateRate(rig.db, rig.services, actor, { currency: 'EUR', rate: '9.31' });
    await expect(call).rejects.toMatchObject({ code: 'BAD_INPUT', details: { field: 'rate' } });
    await expect(updateRate(rig.db, rig.services, actor, { currency: 'EUR', rate: '9.31' })).rejects.toThrow(
      'between 0.093 and 9.3 EUR per 1 USD',
    );
    expect(await auditRows(rig)).toHaveLength(0);
  });

  it.each([
    ['an unknown currency', { currency: 'xyz', rate: '1.5' }, 'NOT_FOUND', 'The shop has no currency XYZ'],
    ['USD', { currency: 'USD', rate: '1.1' }, 'BAD_REQUEST', ADMIN_MSG.rateUsd],
    ['a rate of 0', { currency: 'EUR', rate: '0' }, 'BAD_REQUEST', ADMIN_MSG.rate],
    ['a rate of 0.000000', { currency: 'EUR', rate: '0.000000' }, 'BAD_REQUEST', ADMIN_MSG.rate],
    ['a negative rate', { currency: 'EUR', rate: '-0.9' }, 'BAD_REQUEST', ADMIN_MSG.rate],
    ['seven decimals', { currency: 'EUR', rate: '0.9300001' }, 'BAD_REQUEST', ADMIN_MSG.rate],
    ['words', { currency: 'EUR', rate: 'ninety' }, 'BAD_REQUEST', ADMIN_MSG.rate],
    ['a currency that is not 3 letters', { currency: 'EURO', rate: '0.9' }, 'BAD_REQUEST', ADMIN_MSG.currency],
    ['a 1,000,000× rate', { currency: 'GBP', rate: '790000' }, 'BAD_REQUEST', GBP_RANGE],
    ['a rate just above 10×', { currency: 'GBP', rate: '7.900001' }, 'BAD_REQUEST', GBP_RANGE],
    ['a rate below 1/10', { currency: 'GBP', rate: '0.078999' }, 'BAD_REQUEST', GBP_RANGE],
  ])('refuses %s with a message and changes nothing', async (_what, input, code, message) => {
    const before = await rateRows();
    const e = await refusal((await admin.api()).admin.rates.update(input));
    expect(e.code).toBe(code);
    expect(e.message).toContain(message);
    expect(await rateRows()).toEqual(before);
    expect(await auditRows(rig)).toHaveLength(0);
  });
});
