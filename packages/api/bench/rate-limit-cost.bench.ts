// What a request-limit check costs on the request path: one upsert on a SQLite file (WAL, as the
// server opens it), against a trivial statement through the same Kysely instance, and the
// allowlisted client's skip. Not part of the test suite:
//   cd packages/api && npx vitest bench --run bench/rate-limit-cost.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '@esim/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createServices } from '../src/context.ts';
import { CHECKOUTS_PER_CLIENT } from '../src/domain/rate-limit.ts';
import { createRateLimitSettings, enforceClientRate, hitCounter } from '../src/services/shared/rate-limit.ts';
import type { Services } from '../src/services/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'rate-limit-bench-'));
const handle = createDb(`file:${join(dir, 'bench.sqlite')}`);
const db = handle.db;
let services: Services;
let exempt: Services;
let n = 0;
const opts = { iterations: 100_000, time: 0, warmupIterations: 2_000, warmupTime: 0 };

beforeAll(async () => {
  await migrateToLatest(db);
  services = createServices(db, { publicUrl: 'http://x', productName: 'T', supportEmail: 'e', phone: 'p', postalAddress: 'a' });
  exempt = { ...services, rateLimits: createRateLimitSettings({ allowlist: '127.0.0.1' }) };
});
afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('one check on a SQLite file', () => {
  bench(
    'baseline: select 1 (same Kysely, same file)',
    async () => {
      await sql`select 1`.execute(db);
    },
    opts,
  );

  bench(
    'hitCounter: upsert … returning hits, 10,000 clients',
    async () => {
      await hitCounter(db, `bench:ip:10.0.${(n >> 8) & 255}.${n++ & 255}`, 1_000_000, 600_000, Date.now());
    },
    opts,
  );

  bench(
    'hitCounter: one hot key',
    async () => {
      await hitCounter(db, 'bench:hot', 1_000_000, 600_000, Date.now());
    },
    opts,
  );

  bench(
    'enforceClientRate (per-client rule, client key, multiplier)',
    async () => {
      await enforceClientRate(db, services, { ...CHECKOUTS_PER_CLIENT, limit: 1_000_000 }, `10.1.${(n >> 8) & 255}.${n++ & 255}`);
    },
    opts,
  );

  bench(
    'enforceClientRate, allowlisted client (no statement)',
    async () => {
      await enforceClientRate(db, exempt, CHECKOUTS_PER_CLIENT, '127.0.0.1');
    },
    opts,
  );
});
