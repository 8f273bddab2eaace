// domain/invoices.ts: the one VAT rounding rule (net = round(gross / (1 + rate)), VAT = gross − net)
// across currencies' minor units, the rate table, and VAT ID formats per country.
import { describe, expect, it } from 'vitest';
import {
  checkVatId,
  chooseVatRate,
  documentNumber,
  invoiceTotals,
  orderInvoiceLines,
  parseVatRates,
  printedVatId,
  splitGross,
  viesCountry,
} from '../../src/domain/invoices.ts';

const seller = { companyName: 'S Ltd', companyNumber: '1', vatNumber: 'GB123456789', address: [] };

describe('splitGross: net = round(gross / (1 + rate)), VAT = gross − net, in whole minor units', () => {
  it.each([
    // [what, gross minor, rate bp, net, VAT]
    ['GBP 12.00 at 20%', 1200, 2000, 1000, 200],
    ['GBP 4.50 at 20% (3.75 exactly)', 450, 2000, 375, 75],
    ['GBP 19.99 at 20% (16.658… → 16.66)', 1999, 2000, 1666, 333],
    ['GBP 0.01 at 20% (0.0083 → 0.01: all net)', 1, 2000, 1, 0],
    ['EUR 10.00 at 19% (8.403 → 8.40)', 1000, 1900, 840, 160],
    ['EUR 10.00 at 21% (8.264 → 8.26)', 1000, 2100, 826, 174],
    ['EUR 5.00 at 17% (4.2735 → 4.27)', 500, 1700, 427, 73],
    ['JPY 1000 at 10% (no minor unit: 909.09 → 909 yen)', 1000, 1000, 909, 91],
    ['JPY 450 at 10% (409.09 → 409)', 450, 1000, 409, 41],
    ['JPY 55 at 10% (50 exactly)', 55, 1000, 50, 5],
    ['KWD 1.000 at 5% (three decimals: 952.38 fils → 952)', 1000, 500, 952, 48],
    ['a half rounds away from zero: 21 at 0.05 bp-free case (21/1.05 = 20 exactly)', 21, 500, 20, 1],
    ['half: 3 at 20% → 2.5 → 3 (all net)', 3, 2000, 3, 0],
    ['0% (not registered)', 1999, 0, 1999, 0],
    ['zero', 0, 2000, 0, 0],
    ['a discount line mirrors: −2.00 at 20%', -200, 2000, -167, -33],
  ])('%s', (_what, gross, rate, net, vat) => {
    const s = splitGross(gross, rate);
    expect(s).toEqual({ grossMinor: gross, netMinor: net, vatMinor: vat });
    expect(s.netMinor + s.vatMinor).toBe(gross);
  });

  it('refuses fractions and impossible rates', () => {
    expect(() => splitGross(1.5, 2000)).toThrow();
    expect(() => splitGross(100, -1)).toThrow();
    expect(() => splitGross(100, 10_001)).toThrow();
  });
});

describe('invoiceTotals: each line rounded once; the totals are the sums of the lines', () => {
  it('a plan and a points discount', () => {
    const t = invoiceTotals(orderInvoiceLines({ planName: 'Japan 5GB', totalMinor: 1999, pointsDiscountMinor: 200 }), 2000);
    expect(t.lines.map((l) => [l.kind, l.grossMinor, l.netMinor, l.vatMinor])).toEqual([
      ['plan', 1999, 1666, 333],
      ['points', -200, -167, -33],
    ]);
    expect([t.grossMinor, t.netMinor, t.vatMinor]).toEqual([1799, 1499, 300]);
  });
  it('no points: one line', () => {
    expect(orderInvoiceLines({ planName: 'x', totalMinor: 450, pointsDiscountMinor: 0 })).toHaveLength(1);
  });
});

describe('the rate table', () => {
  it('parses COUNTRY:PERCENT into basis points', () => {
    expect(parseVatRates('GB:20, fr:20;DE:19 LU:17 IE:23.5%')).toEqual({ GB: 2000, FR: 2000, DE: 1900, LU: 1700, IE: 2350 });
    expect(parseVatRates('')).toEqual({});
  });
  it.each(['GB', 'GB:', 'GBR:20', 'GB:20.123', 'GB:x', 'GB:20,GB:5'])('refuses %j', (text) => {
    expect(() => parseVatRates(text)).toThrow();
  });
  it.each([
    // [customer country, table, seller VAT number, expected]
    ['GB', { GB: 2000 }, 'GB123456789', { country: 'GB', rateBp: 2000, basis: 'registered' }],
    ['fr', { GB: 2000, FR: 2000 }, 'GB123456789', { country: 'FR', rateBp: 2000, basis: 'registered' }],
    ['US', { GB: 2000 }, 'GB123456789', { country: 'US', rateBp: 0, basis: 'not_registered' }],
    [null, { GB: 2000 }, 'GB123456789', { country: 'GB', rateBp: 2000, basis: 'registered' }],
    ['GB', { GB: 2000 }, '', { country: 'GB', rateBp: 0, basis: 'not_registered' }],
  ] as const)('%s in %j (seller VAT %j)', (country, table, vat, expected) => {
    expect(chooseVatRate(table, { ...seller, vatNumber: vat }, country, 'GB')).toEqual(expected);
  });
});

describe('VAT IDs', () => {
  it.each([
    ['DE', 'DE 123 456 789', 'DE123456789'],
    ['DE', '123456789', 'DE123456789'],
    ['FR', 'FR40303265045', 'FR40303265045'],
    ['GR', 'EL094259216', 'EL094259216'],
    ['NL', 'nl.123456789.B01', 'NL123456789B01'],
    ['AT', 'ATU12345678', 'ATU12345678'],
    ['GB', 'GB 123 4567 89', 'GB123456789'],
    ['GB', 'GD001', 'GBGD001'],
    ['IE', '1234567WA', 'IE1234567WA'],
    ['ES', 'B12345678', 'ESB12345678'],
    ['CH', 'CHE-123.456.789', 'CHE123456789'],
  ])('%s %j is accepted as %s', (country, raw, printed) => {
    const r = checkVatId(country, raw);
    expect(r.ok).toBe(true);
    if (r.ok) expect(printedVatId(r.country, r.number)).toBe(printed);
  });
  it.each([
    ['DE', '12345678'],
    ['DE', 'DE1234567890'],
    ['FR', 'FRI0303265045'],
    ['NL', '123456789'],
    ['AT', '12345678'],
    ['GB', '12345'],
    ['US', '!'],
    ['DE', ''],
  ])('%s %j is refused', (country, raw) => {
    expect(checkVatId(country, raw)).toEqual({ ok: false, reason: 'INVOICE_VAT_ID_FORMAT' });
  });
  it('a country must be two letters', () => {
    expect(checkVatId('Germany', '123456789')).toEqual({ ok: false, reason: 'INVOICE_COUNTRY' });
  });
  it('VIES answers for EU states and Northern Ireland, not for Great Britain', () => {
    expect([viesCountry('de'), viesCountry('GR'), viesCountry('XI'), viesCountry('GB'), viesCountry('US')]).toEqual([
      'DE',
      'EL',
      'XI',
      null,
      null,
    ]);
  });
  it('numbers', () => {
    expect(documentNumber('INV-', 42)).toBe('INV-000042');
  });
});
