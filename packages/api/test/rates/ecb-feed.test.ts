// The exchange-rate provider (issue 28): the ECB's eurofxref-daily.xml parsed from its documented
// format (providers/rates/ecb.ts cites it), exact cross rates per USD, and a publication applied to
// the shop's rates: an owner's rate holds until a later day's publication, absurd rates are refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EcbDailyRates, FakeExchangeRates, RatesFeedError, ecbPerUsdMicros, parseEcbDaily } from '../../src/providers/rates/ecb.ts';
import { applyRatesFeed } from '../../src/services/admin/rates.ts';
import { getExchangeRates } from '../../src/services/catalog/catalog.ts';
import { adminRig, type OrdersRig, type Person } from '../admin-helpers-b.ts';

// A publication in the documented shape (the ECB's page above; rates of 28 June 2024).
const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2024-06-28'>
			<Cube currency='USD' rate='1.0705'/>
			<Cube currency='JPY' rate='171.94'/>
			<Cube currency='GBP' rate='0.84638'/>
			<Cube currency='CHF' rate='0.9634'/>
			<Cube currency='AUD' rate='1.6079'/>
			<Cube currency='CAD' rate='1.4670'/>
			<Cube currency='INR' rate='89.2495'/>
			<Cube currency='SGD' rate='1.4513'/>
			<Cube currency='ZAR' rate='19.4970'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

describe('parseEcbDaily', () => {
  it('reads the day and every rate as written', () => {
    const d = parseEcbDaily(SAMPLE);
    expect(d.date).toBe('2024-06-28');
    expect(d.perEur).toMatchObject({ USD: '1.0705', JPY: '171.94', GBP: '0.84638', INR: '89.2495' });
    expect(Object.keys(d.perEur)).toHaveLength(9);
    // double quotes parse the same
    expect(parseEcbDaily(SAMPLE.replaceAll("'", '"')).perEur.JPY).toBe('171.94');
  });

  it('cross rates per USD, exact to the micro (half up)', () => {
    const m = ecbPerUsdMicros(parseEcbDaily(SAMPLE));
    expect(m.USD).toBe(1_000_000);
    expect(m.EUR).toBe(934_143); // 1 / 1.0705 = 0.93414292…
    expect(m.JPY).toBe(160_616_534); // 171.94 / 1.0705 = 160.6165343…
    expect(m.GBP).toBe(790_640); // 0.84638 / 1.0705 = 0.7906398…
    expect(m.INR).toBe(83_371_789); // 89.2495 / 1.0705 = 83.3717889…
    expect(m.AED).toBeUndefined(); // not on the ECB's list
  });

  it.each([
    ['not the ECB’s document', '<rates><rate c="USD" v="1"/></rates>', 'not an ECB eurofxref document'],
    ['no day', SAMPLE.replace(" time='2024-06-28'", ''), 'a rate before its day'],
    ['a bad rate', SAMPLE.replace("'171.94'", "'-171.94'"), 'bad rate for JPY'],
    ['a zero rate', SAMPLE.replace("'171.94'", "'0.00'"), 'bad rate for JPY'],
    ['a bad code', SAMPLE.replace("'JPY'", "'JP'"), 'bad currency code'],
    ['a currency twice', SAMPLE.replace("'GBP'", "'JPY'"), 'JPY twice'],
    ['no USD', SAMPLE.replace("<Cube currency='USD' rate='1.0705'/>", ''), 'no USD rate'],
    ['two days', SAMPLE.replace("<Cube currency='ZAR'", "<Cube time='2024-06-27'><Cube currency='ZAR'"), 'more than one day'],
  ])('refuses %s', (_name, xml, message) => {
    expect(() => parseEcbDaily(xml)).toThrow(RatesFeedError);
    expect(() => parseEcbDaily(xml)).toThrow(message);
  });

  it('EcbDailyRates reads the configured URL only (a fake fetch), and reports a bad answer', async () => {
    const urls: string[] = [];
    const ok = new EcbDailyRates('https://rates.test/eurofxref-daily.xml', async (url) => {
      urls.push(String(url));
      return new Response(SAMPLE, { status: 200, headers: { 'content-type': 'text/xml' } });
    });
    const snap = await ok.latest();
    expect(urls).toEqual(['https://rates.test/eurofxref-daily.xml']);
    expect(snap).toMatchObject({ date: '2024-06-28', perUsdMicros: { JPY: 160_616_534 } });
    const down = new EcbDailyRates('https://rates.test/x.xml', async () => new Response('busy', { status: 503 }));
    await expect(down.latest()).rejects.toThrow('the rates feed answered 503');
  });
});

describe('applyRatesFeed', () => {
  let rig: OrdersRig;
  let admin: Person;
  beforeEach(async () => {
    ({ rig, admin } = await adminRig());
    await rig.db
      .insertInto('exchange_rates')
      .values([
        { currency: 'JPY', name: 'Japanese Yen', symbol: '¥', rate_micros: 154_000_000, updated_at: rig.clock.now.toISOString() },
        { currency: 'AED', name: 'UAE Dirham', symbol: 'AED', rate_micros: 3_672_500, updated_at: rig.clock.now.toISOString() },
      ])
      .execute();
  });
  afterEach(async () => {
    await rig.close();
  });
  const row = (c: string) => rig.db.selectFrom('exchange_rates').selectAll().where('currency', '=', c).executeTakeFirstOrThrow();
  const today = () => rig.clock.now.toISOString().slice(0, 10);

  it('sets what the feed publishes, leaves USD and unpublished currencies, and the shop sees it at once', async () => {
    const s = await rig.browser().caller();
    expect((await s.catalog.exchangeRates()).rates.JPY).toBe(154); // the cache is warm
    const feed = new FakeExchangeRates({
      date: today(),
      perUsdMicros: { USD: 1_000_000, EUR: 934_143, GBP: 790_640, JPY: 160_616_534, ZAR: 18_213_000 },
    });
    const result = await applyRatesFeed(rig.db, rig.services, feed.name, await feed.latest());
    expect(result).toEqual({ date: today(), updated: ['GBP', 'EUR', 'JPY'], keptAdmin: [], refused: [] });
    expect(await row('JPY')).toMatchObject({ rate_micros: 160_616_534, source: 'feed:fake', updated_by: null });
    expect(await row('AED')).toMatchObject({ rate_micros: 3_672_500, source: 'seed' });
    expect(await row('USD')).toMatchObject({ rate_micros: 1_000_000 });
    expect((await s.catalog.exchangeRates()).rates.JPY).toBe(160.616534);
    expect(await getExchangeRates(rig.db)).not.toHaveProperty('rates.ZAR'); // the feed adds no currency
    // the same publication again writes nothing
    expect((await applyRatesFeed(rig.db, rig.services, 'fake', await feed.latest())).updated).toEqual([]);
  });

  it("an owner's rate holds until a publication for a later day", async () => {
    await (await admin.api()).admin.rates.update({ currency: 'JPY', rate: '150' });
    const sameDay = await applyRatesFeed(rig.db, rig.services, 'ecb', { date: today(), perUsdMicros: { JPY: 160_000_000, EUR: 940_000 } });
    expect(sameDay).toMatchObject({ updated: ['EUR'], keptAdmin: ['JPY'] });
    expect(await row('JPY')).toMatchObject({ rate_micros: 150_000_000, source: 'admin' });
    rig.clock.advance(86_400_000);
    const next = await applyRatesFeed(rig.db, rig.services, 'ecb', { date: today(), perUsdMicros: { JPY: 160_000_000 } });
    expect(next).toMatchObject({ updated: ['JPY'], keptAdmin: [] });
    expect(await row('JPY')).toMatchObject({ rate_micros: 160_000_000, source: 'feed:ecb' });
  });

  it('refuses a rate outside the sane band and keeps the stored one', async () => {
    const r = await applyRatesFeed(rig.db, rig.services, 'ecb', { date: today(), perUsdMicros: { JPY: 1_600_000, GBP: 800_000 } });
    expect(r).toMatchObject({ updated: ['GBP'], refused: ['JPY'] });
    expect(await row('JPY')).toMatchObject({ rate_micros: 154_000_000 });
  });
});
