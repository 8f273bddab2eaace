// The admin area's pure helpers: LIKE patterns that take wildcards literally, UTC day bounds,
// money as one line, and the timeline's order.
import { describe, expect, it } from 'vitest';
import {
  dayAfter,
  dayStart,
  escapeLike,
  likeContains,
  likePrefix,
  moneyText,
  sortTimeline,
  utcDay,
} from '../../src/domain/admin-orders.ts';

describe('LIKE patterns', () => {
  it.each([
    ['abc', 'abc', '%abc%', 'abc%'],
    ['50%', '50\\%', '%50\\%%', '50\\%%'],
    ['a_b', 'a\\_b', '%a\\_b%', 'a\\_b%'],
    ['c:\\x', 'c:\\\\x', '%c:\\\\x%', 'c:\\\\x%'],
    ['', '', '%%', '%'],
  ])('%j → escaped %j, contains %j, prefix %j', (text, escaped, contains, prefix) => {
    expect(escapeLike(text)).toBe(escaped);
    expect(likeContains(text)).toBe(contains);
    expect(likePrefix(text)).toBe(prefix);
  });
});

describe('UTC days', () => {
  it.each([
    ['2026-03-01', '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ['2026-02-28', '2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2028-02-28', '2028-02-28T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-12-31', '2026-12-31T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('%s starts at %s and ends before %s', (day, start, after) => {
    expect(dayStart(day)).toBe(start);
    expect(dayAfter(day)).toBe(after);
    expect(utcDay(start)).toBe(day);
  });
});

describe('moneyText', () => {
  it.each([
    [450, 'USD', '4.50 USD'],
    [5, 'EUR', '0.05 EUR'],
    [0, 'GBP', '0.00 GBP'],
    [123456, 'USD', '1234.56 USD'],
    [-250, 'USD', '-2.50 USD'],
  ])('%i %s → %s', (minor, currency, text) => {
    expect(moneyText(minor, currency)).toBe(text);
  });
});

describe('sortTimeline', () => {
  it('orders by time, then by the kind order at one instant, then as given', () => {
    const t = '2026-03-01T12:00:00.000Z';
    const entries = [
      { kind: 'emailed', at: t, n: 1 },
      { kind: 'refunded', at: t, n: 2 },
      { kind: 'created', at: '2026-03-01T11:00:00.000Z', n: 3 },
      { kind: 'unknown', at: t, n: 4 },
      { kind: 'emailed', at: t, n: 5 },
      { kind: 'admin', at: t, n: 6 },
    ];
    expect(sortTimeline(entries, ['created', 'admin', 'refunded', 'emailed']).map((e) => e.n)).toEqual([3, 6, 2, 1, 5, 4]);
  });
});
