import { describe, expect, it } from 'vitest';
import {
  SESSION_ABSOLUTE_MAX_MS,
  SESSION_LIFETIME_MS,
  checkSession,
  encodeSessionToken,
  isWellFormedSessionToken,
  newSessionTimes,
  sessionIdFromToken,
} from '../../src/domain/session.ts';

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

describe('tokens', () => {
  it('20 bytes → 32 lowercase base32 characters without padding', () => {
    const zeros = encodeSessionToken(new Uint8Array(20));
    expect(zeros).toBe('a'.repeat(32));
    const t = encodeSessionToken(Uint8Array.from({ length: 20 }, (_, i) => i * 13));
    expect(t).toMatch(/^[a-z2-7]{32}$/);
    expect(isWellFormedSessionToken(t)).toBe(true);
  });
  it.each([[new Uint8Array(19)], [new Uint8Array(21)], [new Uint8Array(0)]])('refuses %s bytes', (bytes) => {
    expect(() => encodeSessionToken(bytes)).toThrow(RangeError);
  });
  it.each([['A'.repeat(32)], ['a'.repeat(31)], ['a'.repeat(33)], ['a'.repeat(31) + '1'], [''], ['a'.repeat(31) + '=']])(
    '%s is not well formed',
    (t) => expect(isWellFormedSessionToken(t)).toBe(false),
  );
  it('the id is the lowercase hex SHA-256 of the token', () => {
    // sha256("abc")
    expect(sessionIdFromToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sessionIdFromToken('a'.repeat(32))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('lifetimes', () => {
  it('a new session lasts 30 days', () => {
    expect(newSessionTimes(T0)).toEqual({ createdAt: T0, expiresAt: at(30) });
  });

  it.each([
    // days since creation, expires (days since creation), expected
    [0, 30, { valid: true, expiresAt: at(30), refreshed: false }],
    [14.9, 30, { valid: true, expiresAt: at(30), refreshed: false }],
    [15, 30, { valid: true, expiresAt: at(30), refreshed: false }], // exactly 15 left: no slide
    [15.5, 30, { valid: true, expiresAt: at(45.5), refreshed: true }],
    [29.9, 30, { valid: true, expiresAt: at(59.9), refreshed: true }],
    [30, 30, { valid: false, reason: 'expired' }],
    [45, 30, { valid: false, reason: 'expired' }],
    // near the absolute maximum (90 days) the slide is cut short, then stops
    [70, 80, { valid: true, expiresAt: at(90), refreshed: true }],
    [80, 90, { valid: true, expiresAt: at(90), refreshed: false }],
    [89.99, 90, { valid: true, expiresAt: at(90), refreshed: false }],
    [90, 90, { valid: false, reason: 'absolute_max' }],
    [90, 120, { valid: false, reason: 'absolute_max' }], // a row tampered past the maximum still dies
  ] as const)('at day %s with expiry at day %s → %j', (now, expires, expected) => {
    expect(checkSession({ createdAt: T0, expiresAt: at(expires) }, at(now))).toEqual(expected);
  });

  it('used daily, a session never outlives the absolute maximum', () => {
    let s = newSessionTimes(T0);
    let lastValid = 0;
    for (let d = 0; d <= 200; d += 1) {
      const v = checkSession(s, at(d));
      if (!v.valid) break;
      lastValid = d;
      s = { createdAt: s.createdAt, expiresAt: v.expiresAt };
    }
    expect(lastValid).toBe(89);
    expect(SESSION_ABSOLUTE_MAX_MS).toBe(3 * SESSION_LIFETIME_MS);
  });
});
