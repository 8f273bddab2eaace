// refundEligibility at its boundaries (the terms: 14 days from payment, neither installed nor
// activated; a top-up while its package waits; subscription months are cancelled, not refunded)
// and isSubscribable (30-day plans only).
import { describe, expect, it } from 'vitest';
import { DAY_MS, isSubscribable, refundEligibility, type RefundFacts } from '../../src/domain/esim-life.ts';

const PAID = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(PAID.getTime() + ms);
const base: RefundFacts = {
  orderStatus: 'fulfilled',
  kind: 'initial',
  subscription: false,
  paidAt: PAID,
  profileState: 'released',
  planState: 'not_active',
  packageState: 'queued',
  refundRequested: false,
};
const UNTIL = '2026-03-15T12:00:00.000Z';

describe('refundEligibility', () => {
  it.each<[string, Partial<RefundFacts>, Date, ReturnType<typeof refundEligibility>]>([
    ['right after paying', {}, at(0), { eligible: true, until: UNTIL }],
    ['one millisecond before day 14 ends', {}, at(14 * DAY_MS - 1), { eligible: true, until: UNTIL }],
    ['day 14 exactly: the window is over', {}, at(14 * DAY_MS), { eligible: false, reason: 'window_passed' }],
    ['after day 14', {}, at(20 * DAY_MS), { eligible: false, reason: 'window_passed' }],
    ['downloaded to a phone', { profileState: 'downloaded' }, at(DAY_MS), { eligible: false, reason: 'installed' }],
    ['installed', { profileState: 'installed' }, at(DAY_MS), { eligible: false, reason: 'installed' }],
    ['enabled, not yet connected', { profileState: 'enabled' }, at(DAY_MS), { eligible: false, reason: 'installed' }],
    ['activated (connected)', { profileState: 'enabled', planState: 'active' }, at(DAY_MS), { eligible: false, reason: 'activated' }],
    ['data used up', { profileState: 'enabled', planState: 'finished' }, at(DAY_MS), { eligible: false, reason: 'activated' }],
    [
      'activated and past day 14: the window says it first',
      { planState: 'active' },
      at(15 * DAY_MS),
      { eligible: false, reason: 'window_passed' },
    ],
    [
      'a top-up still queued',
      { kind: 'topup', planState: 'active', profileState: 'enabled' },
      at(DAY_MS),
      { eligible: true, until: UNTIL },
    ],
    ['a top-up started', { kind: 'topup', packageState: 'active' }, at(DAY_MS), { eligible: false, reason: 'package_started' }],
    ['a top-up used up', { kind: 'topup', packageState: 'finished' }, at(DAY_MS), { eligible: false, reason: 'package_started' }],
    ['a top-up on day 14 exactly', { kind: 'topup' }, at(14 * DAY_MS), { eligible: false, reason: 'window_passed' }],
    ['a subscription month', { subscription: true }, at(DAY_MS), { eligible: false, reason: 'subscription' }],
    ['a renewal', { kind: 'renewal', subscription: true }, at(DAY_MS), { eligible: false, reason: 'subscription' }],
    ['refunded already', { orderStatus: 'refunded' }, at(DAY_MS), { eligible: false, reason: 'already_refunded' }],
    ['a refund asked for already', { refundRequested: true }, at(DAY_MS), { eligible: false, reason: 'already_refunded' }],
    ['still provisioning', { orderStatus: 'provisioning' }, at(0), { eligible: false, reason: 'not_paid' }],
    ['never paid', { orderStatus: 'pending_payment', paidAt: null }, at(0), { eligible: false, reason: 'not_paid' }],
  ])('%s', (_name, facts, now, expected) => {
    expect(refundEligibility({ ...base, ...facts }, now)).toEqual(expected);
  });
});

describe('isSubscribable', () => {
  it.each([
    [1, false],
    [7, false],
    [15, false],
    [29, false],
    [30, true],
    [31, false],
    [90, false],
  ])('%i days → %s', (validityDays, expected) => {
    expect(isSubscribable({ validityDays })).toBe(expected);
  });
});
