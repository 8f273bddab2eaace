import { describe, expect, it } from 'vitest';
import {
  RATE_RULES,
  clientKey,
  isAllowlisted,
  limitMessage,
  parseAllowlist,
  parseIpv6,
  scaledLimit,
  waitWords,
  windowStartOf,
  windowVerdict,
} from '../../src/domain/rate-limit.ts';

const S = 1000;
const MIN = 60 * S;

describe('windows', () => {
  it.each([
    [0, 10 * MIN, 0],
    [10 * MIN - 1, 10 * MIN, 0],
    [10 * MIN, 10 * MIN, 10 * MIN],
    [25 * MIN + 7, 10 * MIN, 20 * MIN],
    [Date.UTC(2026, 2, 1, 12, 34, 56), 60 * MIN, Date.UTC(2026, 2, 1, 12)],
  ])('windowStartOf(%i, %i) = %i', (now, w, start) => expect(windowStartOf(now, w)).toBe(start));

  it.each([
    // hits, limit, windowStart, now → verdict
    [1, 10, 0, 0, { allowed: true }],
    [10, 10, 0, 9 * MIN, { allowed: true }],
    [11, 10, 0, 0, { allowed: false, retryAfterSeconds: 600 }],
    [11, 10, 0, 9 * MIN + 30 * S, { allowed: false, retryAfterSeconds: 30 }],
    [500, 10, 0, 10 * MIN - 1, { allowed: false, retryAfterSeconds: 1 }],
    [11, 10, 0, 4 * MIN + 100, { allowed: false, retryAfterSeconds: 360 }],
  ])('windowVerdict(hits %i, limit %i, start %i, now %i)', (hits, limit, start, now, verdict) =>
    expect(windowVerdict(hits, limit, start, 10 * MIN, now)).toEqual(verdict),
  );

  it.each([
    [20, 1, 20],
    [20, 2, 40],
    [20, 0.5, 10],
    [5, 0.1, 1],
    [5, 0.01, 1],
    [20, 1000, 20_000],
  ])('scaledLimit(%i, ×%f) = %i', (limit, m, out) => expect(scaledLimit(limit, m)).toBe(out));
});

describe('messages', () => {
  it.each([
    [0.2, '1 second'],
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [1800, '30 minutes'],
  ])('waitWords(%f) = %s', (s, words) => expect(waitWords(s)).toBe(words));

  it('every rule names a wait, and a limit a traveller never reaches in a window', () => {
    for (const r of RATE_RULES) {
      expect(r.message).toContain('{wait}');
      expect(r.limit).toBeGreaterThanOrEqual(5);
      expect(r.windowMs).toBeGreaterThanOrEqual(10 * MIN);
      expect(limitMessage(r.message, 125)).toContain('3 minutes');
    }
    expect(new Set(RATE_RULES.map((r) => r.name)).size).toBe(RATE_RULES.length);
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
    ['x'.repeat(100), 'x'.repeat(64)],
  ])('%s → %s', (ip, key) => expect(clientKey(ip)).toBe(key));
});

describe('parseIpv6', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['::ffff:1.2.3.4', [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['1:2:3:4:5:6:7::', [1, 2, 3, 4, 5, 6, 7, 0]],
  ])('%s', (s, words) => expect(parseIpv6(s)).toEqual(words));
  it.each(['1.2.3.4', '1:2:3:4:5:6:7:8:9', '1::2::3', ':1', '12345::', 'g::', '::1.2.3', '::1.2.3.256', '1:2:3:4:5:6:7:8::'])(
    '%s is not IPv6',
    (s) => expect(parseIpv6(s)).toBeNull(),
  );
});

describe('the allowlist', () => {
  const list = parseAllowlist(' 127.0.0.1, 10.0.0.0/8 ,::1,2001:db8:abcd::/48,, 192.0.2.128/25 ');

  it.each([
    ['127.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['127.0.0.2', false],
    ['10.200.3.4', true],
    ['11.0.0.1', false],
    ['::1', true],
    ['::2', false],
    ['2001:db8:abcd:12::5', true],
    ['2001:db8:abce::5', false],
    ['192.0.2.200', true],
    ['192.0.2.127', false],
    ['unknown', false],
    ['', false],
  ])('%s → %s', (ip, allowed) => expect(isAllowlisted(list, ip)).toBe(allowed));

  it('0.0.0.0/0 and ::/0 take every address; empty text takes none', () => {
    const all = parseAllowlist('0.0.0.0/0, ::/0');
    for (const ip of ['1.2.3.4', '255.255.255.255', '2001:db8::1', '::ffff:8.8.8.8']) expect(isAllowlisted(all, ip)).toBe(true);
    expect(parseAllowlist('').entries).toEqual([]);
    expect(isAllowlisted(parseAllowlist(''), '127.0.0.1')).toBe(false);
  });

  it.each(['localhost', '127.0.0.1/33', '10.0.0.0/x', '1.2.3.4/8/9', '::1/129', '300.1.1.1', '10.0.0.0/'])(
    '"%s" is refused with a message naming it',
    (bad) => expect(() => parseAllowlist(`127.0.0.1, ${bad}`)).toThrow(`"${bad}" is not an IP address or CIDR block`),
  );
});
