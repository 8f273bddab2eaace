// The live chat's rules (domain/chat.ts): office hours in a time zone (a window crossing midnight,
// a clock change), the next opening, the badge ('Available 24/7' only with an agent online), and
// when an unanswered chat is overdue.
import { describe, expect, it } from 'vitest';
import {
  answerOverdue,
  chatBadge,
  DEFAULT_CHAT_SETTINGS,
  isWithinHours,
  nextOpening,
  parseChatSettings,
  ZChatSettings,
  type OfficeHours,
} from '../../src/domain/chat.ts';

const WEEKDAYS: OfficeHours = { alwaysOpen: false, timeZone: 'UTC', days: [1, 2, 3, 4, 5], open: '09:00', close: '18:00' };
const NIGHTS: OfficeHours = { alwaysOpen: false, timeZone: 'UTC', days: [5], open: '22:00', close: '06:00' };
const TOKYO: OfficeHours = { alwaysOpen: false, timeZone: 'Asia/Tokyo', days: [1, 2, 3, 4, 5], open: '09:00', close: '18:00' };
const LONDON: OfficeHours = { alwaysOpen: false, timeZone: 'Europe/London', days: [0, 1, 2, 3, 4, 5, 6], open: '01:30', close: '03:00' };
const d = (s: string) => new Date(s);

describe('isWithinHours', () => {
  // 2026-03-02 is a Monday; 2026-03-06 a Friday; 2026-03-07 a Saturday.
  it.each([
    [WEEKDAYS, '2026-03-02T08:59:00Z', false],
    [WEEKDAYS, '2026-03-02T09:00:00Z', true],
    [WEEKDAYS, '2026-03-02T17:59:00Z', true],
    [WEEKDAYS, '2026-03-02T18:00:00Z', false],
    [WEEKDAYS, '2026-03-07T12:00:00Z', false],
    // Across midnight: Friday 22:00 to Saturday 06:00 only.
    [NIGHTS, '2026-03-06T21:59:00Z', false],
    [NIGHTS, '2026-03-06T22:00:00Z', true],
    [NIGHTS, '2026-03-07T05:59:00Z', true],
    [NIGHTS, '2026-03-07T06:00:00Z', false],
    [NIGHTS, '2026-03-07T23:00:00Z', false],
    [NIGHTS, '2026-03-06T03:00:00Z', false],
    // Tokyo is UTC+9: Monday 09:00 there is Monday 00:00 UTC; Friday 18:00 there is 09:00 UTC.
    [TOKYO, '2026-03-02T00:00:00Z', true],
    [TOKYO, '2026-03-01T23:59:00Z', false],
    [TOKYO, '2026-03-06T08:59:00Z', true],
    [TOKYO, '2026-03-06T09:00:00Z', false],
    [{ ...WEEKDAYS, alwaysOpen: true }, '2026-03-07T03:00:00Z', true],
    [{ ...WEEKDAYS, days: [] }, '2026-03-02T12:00:00Z', false],
    [{ ...WEEKDAYS, open: '00:00', close: '00:00' }, '2026-03-02T23:59:00Z', true],
  ])('%o at %s → %s', (hours, at, expected) => {
    expect(isWithinHours(hours, d(at))).toBe(expected);
  });
});

describe('nextOpening', () => {
  it.each([
    [WEEKDAYS, '2026-03-02T07:00:00Z', '2026-03-02T09:00:00.000Z'],
    [WEEKDAYS, '2026-03-02T18:30:00Z', '2026-03-03T09:00:00.000Z'],
    [WEEKDAYS, '2026-03-06T18:00:00Z', '2026-03-09T09:00:00.000Z'], // Friday evening → Monday
    [WEEKDAYS, '2026-03-07T12:00:00Z', '2026-03-09T09:00:00.000Z'],
    [NIGHTS, '2026-03-07T06:00:00Z', '2026-03-13T22:00:00.000Z'],
    [NIGHTS, '2026-03-06T12:00:00Z', '2026-03-06T22:00:00.000Z'],
    // Saturday 12:00 UTC is Saturday 21:00 in Tokyo: next is Monday 09:00 JST = Monday 00:00 UTC.
    [TOKYO, '2026-03-07T12:00:00Z', '2026-03-09T00:00:00.000Z'],
    // London's clocks go forward on 2026-03-29 (01:00 GMT → 02:00 BST): 01:30 that day does not
    // exist, so the window opens when the clocks jump (01:00 UTC); 01:30 BST on the 30th is 00:30 UTC.
    [LONDON, '2026-03-28T04:00:00Z', '2026-03-29T01:00:00.000Z'],
    [LONDON, '2026-03-29T04:00:00Z', '2026-03-30T00:30:00.000Z'],
    // …and back on 2026-10-25 (02:00 BST → 01:00 GMT): 01:30 happens twice; the first is 00:30 UTC.
    [LONDON, '2026-10-24T04:00:00Z', '2026-10-25T00:30:00.000Z'],
  ])('%o after %s → %s', (hours, at, expected) => {
    expect(nextOpening(hours, d(at))?.toISOString()).toBe(expected);
  });

  it('is null while open, 24/7, or when no day is set', () => {
    expect(nextOpening(WEEKDAYS, d('2026-03-02T10:00:00Z'))).toBeNull();
    expect(nextOpening({ ...WEEKDAYS, alwaysOpen: true }, d('2026-03-07T10:00:00Z'))).toBeNull();
    expect(nextOpening({ ...WEEKDAYS, days: [] }, d('2026-03-07T10:00:00Z'))).toBeNull();
  });
});

describe('chatBadge', () => {
  const s = { ...DEFAULT_CHAT_SETTINGS, hours: WEEKDAYS, answerTimeoutMs: 5 * 60_000 };
  it.each([
    // An agent online: the spec's 'Available 24/7', even outside office hours.
    [1, '2026-03-07T03:00:00Z', { kind: 'available' }],
    [2, '2026-03-02T10:00:00Z', { kind: 'available' }],
    // Nobody online within hours: answered within the timeout (or by e-mail).
    [0, '2026-03-02T10:00:00Z', { kind: 'soon', withinMinutes: 5 }],
    // Nobody online outside hours: when a person will answer.
    [0, '2026-03-07T03:00:00Z', { kind: 'opens', at: '2026-03-09T09:00:00.000Z' }],
  ])('%i agents at %s → %o', (online, at, expected) => {
    expect(chatBadge(s, online, d(at))).toEqual(expected);
  });
  it("24/7 office hours without an agent online do not say 'Available 24/7' (there is no bot)", () => {
    expect(chatBadge({ ...s, hours: { ...WEEKDAYS, alwaysOpen: true } }, 0, d('2026-03-07T03:00:00Z')).kind).toBe('soon');
  });
  it('no office hours and nobody online: by e-mail', () => {
    expect(chatBadge({ ...s, hours: { ...WEEKDAYS, days: [] } }, 0, d('2026-03-02T10:00:00Z'))).toEqual({ kind: 'email' });
  });
});

describe('answerOverdue', () => {
  const now = d('2026-03-02T10:05:00Z');
  it.each([
    [{ status: 'open', waiting_since: '2026-03-02T10:00:00.000Z' }, true],
    [{ status: 'open', waiting_since: '2026-03-02T10:00:01.000Z' }, false],
    [{ status: 'open', waiting_since: null }, false],
    [{ status: 'needs_email', waiting_since: '2026-03-02T09:00:00.000Z' }, false],
    [{ status: 'ticket', waiting_since: '2026-03-02T09:00:00.000Z' }, false],
  ])('%o → %s', (conv, expected) => {
    expect(answerOverdue(conv, 5 * 60_000, now)).toBe(expected);
  });
});

describe('settings', () => {
  it('falls back to the defaults for unreadable JSON, and refuses a bad time zone or time', () => {
    expect(parseChatSettings('{oops')).toEqual(DEFAULT_CHAT_SETTINGS);
    expect(parseChatSettings(null)).toEqual(DEFAULT_CHAT_SETTINGS);
    expect(DEFAULT_CHAT_SETTINGS.answerTimeoutMs).toBe(300_000);
    expect(ZChatSettings.safeParse({ ...DEFAULT_CHAT_SETTINGS, hours: { ...WEEKDAYS, timeZone: 'Mars/Olympus' } }).success).toBe(false);
    expect(ZChatSettings.safeParse({ ...DEFAULT_CHAT_SETTINGS, hours: { ...WEEKDAYS, open: '25:00' } }).success).toBe(false);
    expect(ZChatSettings.safeParse({ ...DEFAULT_CHAT_SETTINGS, answerTimeoutMs: 10 }).success).toBe(false);
  });
});
