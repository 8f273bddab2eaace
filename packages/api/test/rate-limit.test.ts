// The request-limit counters (services/shared/rate-limit.ts) on SQLite, and on a throwaway PostgreSQL
// cluster (skipped, with the reason, where no binaries exist): one upsert per check, exact under
// concurrency, windows, distinct members, pruning.
import { createDb, migrateToLatest, type Db, type DbHandle } from '@esim/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../src/context.ts';
import type { RateRule } from '../src/domain/rate-limit.ts';
import type { AppError } from '../src/errors.ts';
import {
  THROTTLE_ROW_TTL_MS,
  cardFingerprint,
  createRateLimitSettings,
  enforceClientRate,
  enforceDistinctPerClient,
  hitCounter,
  pruneRateLimits,
} from '../src/services/shared/rate-limit.ts';
import type { Services } from '../src/services/types.ts';
import { pgAvailableFor, useMigratedPg } from './pg.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);
const RULE: RateRule = { name: 'test_rule', limit: 3, windowMs: 10 * MIN, message: 'Too many tries. Please wait {wait}.' };

function servicesFor(db: Db, clock: { now: number }): Services {
  return createServices(
    db,
    { publicUrl: 'http://x', productName: 'T', supportEmail: 'e', phone: 'p', postalAddress: 'a' },
    { now: () => new Date(clock.now) },
  );
}

/** The same checks on both databases. */
function limiterSuite(getDb: () => Db) {
  let clock: { now: number };
  let services: Services;
  beforeEach(async () => {
    clock = { now: T0 };
    services = servicesFor(getDb(), clock);
    await getDb().deleteFrom('rate_limit_counters').execute();
  });

  it('50 parallel hits against a limit of 10: exactly 10 allowed, and the count is 50', async () => {
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => hitCounter(getDb(), 'burst', 10, 10 * MIN, T0)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    expect(verdicts.filter((v) => !v.allowed)).toEqual(Array(40).fill({ allowed: false, retryAfterSeconds: 600 }));
    expect(await getDb().selectFrom('rate_limit_counters').select(['key', 'window_start', 'hits', 'expires_at']).execute()).toEqual([
      { key: 'burst', window_start: T0, hits: 50, expires_at: T0 + 10 * MIN },
    ]);
  });

  it('a new window starts afresh; keys are counted apart', async () => {
    for (let i = 0; i < 3; i++) expect((await hitCounter(getDb(), 'a', 3, 10 * MIN, T0 + 9 * MIN)).allowed).toBe(true);
    expect(await hitCounter(getDb(), 'a', 3, 10 * MIN, T0 + 9 * MIN + 59_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await hitCounter(getDb(), 'b', 3, 10 * MIN, T0 + 9 * MIN)).allowed).toBe(true);
    expect((await hitCounter(getDb(), 'a', 3, 10 * MIN, T0 + 10 * MIN)).allowed).toBe(true);
  });

  it('enforceClientRate: 429 with the rule words; per client (IPv6 per /64); allowlisted clients not counted', async () => {
    for (let i = 0; i < 3; i++) await enforceClientRate(getDb(), services, RULE, '2001:db8:1:1::1');
    clock.now = T0 + 7 * MIN + 30_000;
    const e = (await enforceClientRate(getDb(), services, RULE, '2001:db8:1:1::2').catch((x: unknown) => x)) as AppError;
    expect(e).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many tries. Please wait 3 minutes.',
      details: { retryAfterSeconds: 150, reason: 'test_rule' },
    });
    await enforceClientRate(getDb(), services, RULE, '2001:db8:1:2::1');

    services.rateLimits = createRateLimitSettings({ allowlist: '2001:db8:1:1::/64' });
    for (let i = 0; i < 10; i++) await enforceClientRate(getDb(), services, RULE, '2001:db8:1:1::2');
    const rows = await getDb().selectFrom('rate_limit_counters').select(['key', 'hits']).orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'test_rule:ip:2001:db8:1:1::/64', hits: 4 },
      { key: 'test_rule:ip:2001:db8:1:2::/64', hits: 1 },
    ]);
  });

  it('distinct members: a known one is free, a new one past the limit is refused and stays refused', async () => {
    for (const m of ['m1', 'm2', 'm3', 'm1', 'm2', 'm3', 'm3']) await enforceDistinctPerClient(getDb(), services, RULE, '192.0.2.1', m);
    for (let i = 0; i < 2; i++) {
      await expect(enforceDistinctPerClient(getDb(), services, RULE, '192.0.2.1', 'm4')).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
    }
    await enforceDistinctPerClient(getDb(), services, RULE, '192.0.2.1', 'm2');
    await enforceDistinctPerClient(getDb(), services, RULE, '192.0.2.2', 'm4');
    clock.now = T0 + 10 * MIN;
    await enforceDistinctPerClient(getDb(), services, RULE, '192.0.2.1', 'm4');
  });

  it('pruning deletes rows of past windows only, a bounded batch at a time', async () => {
    for (let i = 0; i < 5; i++) await hitCounter(getDb(), `old${i}`, 3, 10 * MIN, T0);
    await hitCounter(getDb(), 'current', 3, 10 * MIN, T0 + 10 * MIN);
    const later = new Date(T0 + 10 * MIN);
    expect(await pruneRateLimits(getDb(), later, 3)).toEqual({ counters: 3, throttles: 0 });
    expect(await pruneRateLimits(getDb(), later, 3)).toEqual({ counters: 2, throttles: 0 });
    expect(await pruneRateLimits(getDb(), later, 3)).toEqual({ counters: 0, throttles: 0 });
    expect((await getDb().selectFrom('rate_limit_counters').select('key').execute()).map((r) => r.key)).toEqual(['current']);
  });
}

describe('rate-limit counters on SQLite', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = createDb(':memory:');
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });
  limiterSuite(() => handle.db);

  it('pruning also forgets failure-throttle rows untouched for a day', async () => {
    const db = handle.db;
    const at = (ms: number) => new Date(T0 + ms).toISOString();
    await db.deleteFrom('login_throttle').execute();
    await db
      .insertInto('login_throttle')
      .values([
        { key: 'pair:old', window_start: at(0), failures: 3, locked_until: null, updated_at: at(0) },
        { key: 'pair:recent', window_start: at(0), failures: 3, locked_until: null, updated_at: at(THROTTLE_ROW_TTL_MS) },
      ])
      .execute();
    expect(await pruneRateLimits(db, new Date(T0 + THROTTLE_ROW_TTL_MS + 1))).toEqual({ counters: 0, throttles: 1 });
    expect((await db.selectFrom('login_throttle').select('key').execute()).map((r) => r.key)).toEqual(['pair:recent']);
  });
});

describe.skipIf(!pgAvailableFor('rate limit'))('rate-limit counters on PostgreSQL', () => {
  limiterSuite(useMigratedPg());
});

describe('card fingerprints', () => {
  it('are keyed: stable under one secret, unrelated under another, and never contain the number', () => {
    const n = '4242424242424242';
    const a = cardFingerprint('secret-a', n);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(cardFingerprint('secret-a', n)).toBe(a);
    expect(cardFingerprint('secret-b', n)).not.toBe(a);
    expect(cardFingerprint('secret-a', '4000000000000002')).not.toBe(a);
    expect(a).not.toContain('4242');
  });

  it('a random secret per process unless configured', () => {
    expect(createRateLimitSettings().secret).not.toBe(createRateLimitSettings().secret);
    expect(createRateLimitSettings({ secret: 'x' }).secret).toBe('x');
  });
});
