// Issue 29: the pure gift rules, as tables.
import { describe, expect, it } from 'vitest';
import {
  GIFT_CHECKOUT_DELIVERY_MAX_DAYS,
  GIFT_TRANSITIONS,
  canMoveGift,
  giftDeliveryAt,
  giftInstallBy,
  giftRefundVerdict,
  giftRefusal,
  mayHoldGiftedEsim,
  type GiftableFacts,
  type GiftHold,
  type GiftStatus,
} from '../../src/domain/gifts.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const DAY = 86_400_000;
const OK: GiftableFacts = {
  orderStatus: 'fulfilled',
  refundRequested: false,
  esimCanceled: false,
  profileState: 'released',
  planState: 'not_active',
  expiresAt: null,
  alreadyGiven: false,
  hasTopUps: false,
};

describe('giftRefusal', () => {
  it.each<[string, Partial<GiftableFacts>, ReturnType<typeof giftRefusal>]>([
    ['a fresh uninstalled eSIM', {}, null],
    ['given before', { alreadyGiven: true }, 'already_given'],
    ['given before and installed: given first', { alreadyGiven: true, profileState: 'installed' }, 'already_given'],
    ['refunded order', { orderStatus: 'refunded' }, 'refunded'],
    ['a refund under way', { refundRequested: true }, 'refunded'],
    ['a cancelled eSIM', { esimCanceled: true }, 'refunded'],
    ['not delivered yet', { orderStatus: 'provisioning' }, 'not_delivered'],
    ['paid, not delivered', { orderStatus: 'paid' }, 'not_delivered'],
    ['expired plan', { planState: 'expired' }, 'expired'],
    ['validity end passed', { expiresAt: new Date(NOW.getTime() - 1) }, 'expired'],
    ['validity end ahead', { expiresAt: new Date(NOW.getTime() + DAY) }, null],
    ['downloaded', { profileState: 'downloaded' }, 'installed'],
    ['installed', { profileState: 'installed' }, 'installed'],
    ['enabled', { profileState: 'enabled' }, 'installed'],
    ['deleted from a phone', { profileState: 'deleted' }, 'installed'],
    ['plan active', { planState: 'active' }, 'installed'],
    ['used up', { planState: 'finished' }, 'installed'],
    ['a top-up bought', { hasTopUps: true }, 'topped_up'],
    ['refunded and expired: refunded first', { orderStatus: 'refunded', planState: 'expired' }, 'refunded'],
  ])('%s', (_, over, want) => {
    expect(giftRefusal({ ...OK, ...over }, NOW)).toBe(want);
  });
});

describe('the gift moves', () => {
  const all: GiftStatus[] = ['scheduled', 'sent', 'claimed', 'refunded'];
  it.each(all.flatMap((from) => all.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    const allowed =
      (from === 'scheduled' && (to === 'sent' || to === 'refunded')) ||
      (from === 'sent' && (to === 'claimed' || to === 'refunded')) ||
      // A refund dropped before any money moved gives the gift back as it was.
      (from === 'refunded' && (to === 'scheduled' || to === 'sent'));
    expect(canMoveGift(from, to)).toBe(allowed);
    expect(GIFT_TRANSITIONS[from].includes(to)).toBe(allowed);
  });
});

describe('giftDeliveryAt', () => {
  it.each<[string | null | undefined, Date | string]>([
    [undefined, NOW],
    [null, NOW],
    ['', NOW],
    ['2026-03-01', NOW],
    ['2026-03-02', new Date('2026-03-02T00:00:00.000Z')],
    ['2026-05-30', new Date('2026-05-30T00:00:00.000Z')],
    ['2026-06-01', 'too_far'],
    ['2026-02-27', 'past'],
    ['2026-03-04T09:30:00.000Z', new Date('2026-03-04T09:30:00.000Z')],
    ['next tuesday', 'invalid'],
  ])('%s', (input, want) => {
    expect(giftDeliveryAt(input, NOW)).toEqual(want);
  });
});

describe('giftDeliveryAt, a gift bought at checkout (a year ahead: GIFT_CHECKOUT_DELIVERY_MAX_DAYS)', () => {
  it.each<[string, Date | string]>([
    ['2026-06-01', new Date('2026-06-01T00:00:00.000Z')],
    ['2027-03-01', new Date('2027-03-01T00:00:00.000Z')],
    ['2027-03-02', new Date('2027-03-02T00:00:00.000Z')],
    ['2027-03-03', 'too_far'],
    ['2026-02-27', 'past'],
  ])('%s', (input, want) => {
    expect(giftDeliveryAt(input, NOW, GIFT_CHECKOUT_DELIVERY_MAX_DAYS)).toEqual(want);
  });
});

describe('giftInstallBy', () => {
  const paidAt = new Date('2026-03-01T00:00:00.000Z');
  it.each<[string, Parameters<typeof giftInstallBy>[0], Date | null]>([
    ['no limit known', { expiresAt: null, validityStarts: undefined, paidAt, validityDays: 30 }, null],
    ['validity from first connection', { expiresAt: null, validityStarts: 'first_connection', paidAt, validityDays: 30 }, null],
    ['validity from installation', { expiresAt: null, validityStarts: 'installation', paidAt, validityDays: 30 }, null],
    [
      'validity from purchase',
      { expiresAt: null, validityStarts: 'purchase', paidAt, validityDays: 30 },
      new Date('2026-03-31T00:00:00.000Z'),
    ],
    ['validity from purchase, not paid', { expiresAt: null, validityStarts: 'purchase', paidAt: null, validityDays: 30 }, null],
    [
      "the provider's own end wins",
      { expiresAt: new Date('2026-04-10T00:00:00.000Z'), validityStarts: 'purchase', paidAt, validityDays: 30 },
      new Date('2026-04-10T00:00:00.000Z'),
    ],
  ])('%s', (_, f, want) => {
    expect(giftInstallBy(f)).toEqual(want);
  });
});

describe('mayHoldGiftedEsim and giftRefundVerdict', () => {
  const hold = (status: GiftStatus, over: Partial<GiftHold> = {}): GiftHold => ({
    status,
    giverUserId: 1,
    recipientUserId: null,
    recipientLinkId: null,
    ...over,
  });
  it.each<[string, GiftHold | null, Parameters<typeof mayHoldGiftedEsim>[1], boolean]>([
    ['no gift: the shop’s own rules', null, { kind: 'user', userId: 1 }, true],
    ['refunded gift: the shop’s own rules', hold('refunded'), { kind: 'user', userId: 1 }, true],
    ['sent: not the buyer', hold('sent'), { kind: 'user', userId: 1 }, false],
    ['scheduled: not the buyer’s link', hold('scheduled'), { kind: 'link', linkId: 5 }, false],
    ['sent: nobody yet', hold('sent'), { kind: 'user', userId: 2 }, false],
    ['claimed into account 2: account 2', hold('claimed', { recipientUserId: 2 }), { kind: 'user', userId: 2 }, true],
    ['claimed into account 2: not the buyer', hold('claimed', { recipientUserId: 2 }), { kind: 'user', userId: 1 }, false],
    ['claimed into account 2: no link', hold('claimed', { recipientUserId: 2 }), { kind: 'link', linkId: 5 }, false],
    ['claimed by link 7: link 7', hold('claimed', { recipientLinkId: 7 }), { kind: 'link', linkId: 7 }, true],
    ['claimed by link 7: not link 5', hold('claimed', { recipientLinkId: 7 }), { kind: 'link', linkId: 5 }, false],
    ['claimed: never the client secret', hold('claimed', { recipientLinkId: 7 }), { kind: 'buyer_secret' }, false],
  ])('%s', (_, gift, viewer, want) => {
    expect(mayHoldGiftedEsim(gift, viewer)).toBe(want);
  });
  it.each<[GiftStatus | null, ReturnType<typeof giftRefundVerdict>]>([
    [null, 'no_gift'],
    ['scheduled', 'allowed'],
    ['sent', 'allowed'],
    ['claimed', 'claimed'],
    ['refunded', 'no_gift'],
  ])('refund of a %s gift: %s', (status, want) => {
    expect(giftRefundVerdict(status)).toBe(want);
  });
});
