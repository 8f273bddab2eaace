import { describe, expect, it } from 'vitest';
import {
  capitalizeStatus,
  formatOrderAmount,
  formatOrderDate,
  orderStatusColor,
  knownEsimChip,
  planLabel,
  refundSummary,
} from './orders.ts';

describe('order status badge (spec §4)', () => {
  it.each([
    ['completed', 'green', 'Completed'],
    ['pending', 'yellow', 'Pending'],
    ['active', 'red', 'Active'],
    ['failed', 'red', 'Failed'],
    ['refunded', 'red', 'Refunded'],
    ['canceled', 'red', 'Canceled'],
    ['shipped', 'red', 'Shipped'],
    ['', 'red', ''],
    [null, 'red', ''],
    [undefined, 'red', ''],
  ])('%s → %s, %s', (status, color, label) => {
    expect(orderStatusColor(status)).toBe(color);
    expect(capitalizeStatus(status)).toBe(label);
  });
});

describe('order fallbacks', () => {
  it.each([
    [
      { planId: 3, planName: 'Japan 5GB' },
      { kind: 'name', text: 'Japan 5GB' },
    ],
    [
      { planId: 3, planName: '  ' },
      { kind: 'number', id: 3 },
    ],
    [{ planId: 3 }, { kind: 'number', id: 3 }],
    [{ planId: null, planName: null }, { kind: 'unknown' }],
    [{}, { kind: 'unknown' }],
  ])('plan %o → %o', (order, label) => {
    expect(planLabel(order)).toEqual(label);
  });

  it('formats the amount in the order currency', () => {
    expect(formatOrderAmount({ totalMinor: 1799, currency: 'USD' }, 'en')).toBe('$17.99');
    expect(formatOrderAmount({ totalMinor: 1421, currency: 'GBP' }, 'en')).toBe('£14.21');
    expect(formatOrderAmount({ totalAmount: 16.73, currency: 'EUR' }, 'en')).toBe('€16.73');
    expect(formatOrderAmount({ totalAmount: 16.73, currency: 'EUR' }, 'de')).toBe('16,73\u00a0€');
    expect(formatOrderAmount({ totalAmount: 5, currency: null }, 'en')).toBe('$5.00');
    expect(formatOrderAmount({}, 'en')).toBeNull();
  });

  it("formats the date, or null for 'Unknown date'", () => {
    expect(formatOrderDate('2025-06-03T10:00:00.000Z', 'en')).toBe('Jun 3, 2025');
    expect(formatOrderDate(new Date('2025-06-03T10:00:00.000Z'), 'en')).toBe('Jun 3, 2025');
    expect(formatOrderDate(undefined, 'en')).toBeNull();
    expect(formatOrderDate('', 'en')).toBeNull();
    expect(formatOrderDate('not a date', 'en')).toBeNull();
  });

  it('knows the eSIM chips and nothing else', () => {
    expect(knownEsimChip('active')).toBe('active');
    expect(knownEsimChip('depleted')).toBe('depleted');
    expect(knownEsimChip('refunded')).toBeNull();
    expect(knownEsimChip(null)).toBeNull();
  });
});

describe('refundSummary (issue 23)', () => {
  it.each([
    ['no refund', { status: 'completed', paidMinor: 1999 }, null],
    ['fields missing (an older server)', { status: 'refunded' }, null],
    [
      "the owner's goodwill refund: the order stands",
      { status: 'completed', paidMinor: 1999, refundedMinor: 500, refundKeptMinor: 0, refundedBy: 'owner' },
      { partial: true, refundedMinor: 500, keptMinor: 0, netMinor: 1499, byUs: true },
    ],
    [
      "the traveller's full refund, cash kept for points used",
      { status: 'refunded', paidMinor: 1999, refundedMinor: 1900, refundKeptMinor: 99, refundedBy: 'traveller' },
      { partial: false, refundedMinor: 1900, keptMinor: 99, netMinor: null, byUs: false },
    ],
    [
      'a partial refund without the paid figure: no net line',
      { status: 'completed', refundedMinor: 300, refundedBy: 'owner' },
      { partial: true, refundedMinor: 300, keptMinor: 0, netMinor: null, byUs: true },
    ],
  ] as const)('%s', (_, order, expected) => {
    expect(refundSummary(order)).toEqual(expected);
  });
});
