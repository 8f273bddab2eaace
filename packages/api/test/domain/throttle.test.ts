import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_THROTTLE,
  DECLINE_THROTTLE,
  IP_THROTTLE,
  PAIR_THROTTLE,
  combineVerdicts,
  hasRecentFailures,
  lockDurationMs,
  recordFailure,
  retryMessage,
  throttleVerdict,
  type ThrottleRule,
  type ThrottleState,
} from '../../src/domain/throttle.ts';

const S = 1000;
const MIN = 60 * S;
const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('lockDurationMs', () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, 15 * S],
    [6, 30 * S],
    [7, 60 * S],
    [8, 2 * MIN],
    [9, 4 * MIN],
    [10, 8 * MIN],
    [11, 10 * MIN],
    [50, 10 * MIN],
    [10_000, 10 * MIN],
  ])('account on one client: failure #%i → %i ms', (n, ms) => expect(lockDurationMs(PAIR_THROTTLE, n)).toBe(ms));
  it.each([
    [19, 0],
    [20, 15 * S],
    [21, 30 * S],
    [30, 10 * MIN],
  ])('address: failure #%i → %i ms', (n, ms) => expect(lockDurationMs(IP_THROTTLE, n)).toBe(ms));
  it.each([
    [99, 0],
    [100, S],
    [101, 2 * S],
    [104, 16 * S],
    [105, 30 * S],
    [5000, 30 * S],
  ])('account from everywhere: failure #%i → %i ms', (n, ms) => expect(lockDurationMs(ACCOUNT_THROTTLE, n)).toBe(ms));
  it.each([
    [4, 0],
    [5, 30 * MIN],
    [6, 30 * MIN],
    [40, 30 * MIN],
  ])('declines on an order: #%i → %i ms', (n, ms) => expect(lockDurationMs(DECLINE_THROTTLE, n)).toBe(ms));
  it('the wait stays below the window, so a locked key cannot reset by waiting out its lock', () => {
    for (const r of [PAIR_THROTTLE, IP_THROTTLE, ACCOUNT_THROTTLE, DECLINE_THROTTLE]) expect(r.maxLockMs).toBeLessThan(r.windowMs);
  });
});

describe('recordFailure and throttleVerdict', () => {
  it('counts failures that follow within 15 minutes; 15 quiet minutes start afresh', () => {
    let s: ThrottleState | null = null;
    for (let i = 0; i < 4; i++) s = recordFailure(s, PAIR_THROTTLE, at(i * MIN));
    expect(s).toEqual({ windowStart: T0, lastFailureAt: at(3 * MIN), failures: 4, lockedUntil: null });
    expect(throttleVerdict(s, at(3 * MIN))).toEqual({ allowed: true });
    s = recordFailure(s, PAIR_THROTTLE, at(4 * MIN));
    expect(s.lockedUntil).toEqual(at(4 * MIN + 15 * S));
    expect(throttleVerdict(s, at(4 * MIN + 5 * S))).toEqual({ allowed: false, retryAt: at(4 * MIN + 15 * S), retryAfterSeconds: 10 });
    expect(throttleVerdict(s, at(4 * MIN + 15 * S))).toEqual({ allowed: true });
    const later = recordFailure(s, PAIR_THROTTLE, at(4 * MIN + 15 * MIN));
    expect(later).toEqual({ windowStart: at(19 * MIN), lastFailureAt: at(19 * MIN), failures: 1, lockedUntil: null });
  });

  it.each([
    ['no state: no', null, 0, false],
    ['a failure 14 minutes ago: yes', { windowStart: T0, lastFailureAt: T0, failures: 1, lockedUntil: null }, 14 * MIN, true],
    ['a failure 15 minutes ago: no', { windowStart: T0, lastFailureAt: T0, failures: 1, lockedUntil: null }, 15 * MIN, false],
    ['no failures: no', { windowStart: T0, lastFailureAt: T0, failures: 0, lockedUntil: null }, 0, false],
  ] as const)('hasRecentFailures: %s', (_label, state, nowMs, yes) => expect(hasRecentFailures(state, PAIR_THROTTLE, at(nowMs))).toBe(yes));

  it('combineVerdicts keeps the latest retry', () => {
    const a = { allowed: false as const, retryAt: at(10 * S), retryAfterSeconds: 10 };
    const b = { allowed: false as const, retryAt: at(60 * S), retryAfterSeconds: 60 };
    expect(combineVerdicts([{ allowed: true }, a, b, { allowed: true }])).toBe(b);
    expect(combineVerdicts([{ allowed: true }])).toEqual({ allowed: true });
  });

  it.each([
    [1, 'Too many failed sign-in attempts. Please try again in 1 second.'],
    [15, 'Too many failed sign-in attempts. Please try again in 15 seconds.'],
    [60, 'Too many failed sign-in attempts. Please try again in 1 minute.'],
    [61, 'Too many failed sign-in attempts. Please try again in 2 minutes.'],
    [600, 'Too many failed sign-in attempts. Please try again in 10 minutes.'],
  ])('retryMessage(%i)', (s, text) => expect(retryMessage(s)).toBe(text));
});

/** Plays a schedule of attempt times (all failures) against a rule; returns the times that got through. */
function play(rule: ThrottleRule, attemptsMs: number[]): number[] {
  let s: ThrottleState | null = null;
  const through: number[] = [];
  for (const t of [...attemptsMs].sort((x, y) => x - y)) {
    if (!throttleVerdict(s, at(t)).allowed) continue;
    s = recordFailure(s, rule, at(t));
    through.push(t);
  }
  return through;
}

function maxInAnyHour(times: number[]): number {
  let best = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j]! - times[i]! >= 60 * MIN) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

describe('the hourly cap', () => {
  it('a greedy attacker gets 15 failures through in the first hour and 6 an hour after that', () => {
    // tries again the very millisecond each lock ends
    let s: ThrottleState | null = null;
    const through: number[] = [];
    let t = 0;
    while (t < 5 * 60 * MIN) {
      const v = throttleVerdict(s, at(t));
      if (!v.allowed) {
        t = v.retryAt.getTime() - T0.getTime();
        continue;
      }
      s = recordFailure(s, PAIR_THROTTLE, at(t));
      through.push(t);
    }
    expect(through.filter((x) => x < 60 * MIN)).toHaveLength(15);
    expect(through.filter((x) => x >= 4 * 60 * MIN && x < 5 * 60 * MIN)).toHaveLength(6);
  });

  it('no schedule of attempts from one client gets more than 20 failures on an account through in any hour', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 * 60 * MIN }), { maxLength: 3000 }), (times) => {
        expect(maxInAnyHour(play(PAIR_THROTTLE, times))).toBeLessThanOrEqual(20);
      }),
      { numRuns: 200 },
    );
  });

  it('the account-wide backstop: a greedy guesser from many addresses gets 223 failures through in the first hour and 120 an hour after that', () => {
    let s: ThrottleState | null = null;
    const through: number[] = [];
    let t = 0;
    while (t < 3 * 60 * MIN) {
      const v = throttleVerdict(s, at(t));
      if (!v.allowed) {
        t = v.retryAt.getTime() - T0.getTime();
        continue;
      }
      s = recordFailure(s, ACCOUNT_THROTTLE, at(t));
      through.push(t);
    }
    expect(through.filter((x) => x < 60 * MIN)).toHaveLength(223);
    expect(through.filter((x) => x >= 2 * 60 * MIN && x < 3 * 60 * MIN)).toHaveLength(120);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 * 60 * MIN }), { maxLength: 3000 }), (times) => {
        expect(maxInAnyHour(play(ACCOUNT_THROTTLE, times))).toBeLessThanOrEqual(223);
      }),
      { numRuns: 100 },
    );
  });

  it('declines: 5 on an order, then one attempt per 30 minutes', () => {
    let s: ThrottleState | null = null;
    const through: number[] = [];
    let t = 0;
    while (t < 3 * 60 * MIN) {
      const v = throttleVerdict(s, at(t));
      if (!v.allowed) {
        t = v.retryAt.getTime() - T0.getTime();
        continue;
      }
      s = recordFailure(s, DECLINE_THROTTLE, at(t));
      through.push(t);
    }
    expect(through.slice(0, 7)).toEqual([0, 0, 0, 0, 0, 30 * MIN, 60 * MIN]);
    expect(through).toHaveLength(5 + 5);
  });
});
