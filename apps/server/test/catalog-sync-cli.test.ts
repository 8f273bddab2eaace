// `cli.js catalog sync` (its operation on a seeded in-memory SQLite), the running server noticing
// a sync made by another process, the provider settings in env.ts, demo payments refused with a
// real provider, and HEAD on the eSIM webhook (the provider's check when the URL is registered).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '@esim/api';
import { createDb, migrateToLatest, seed, type Db } from '@esim/db';
import { CliExit } from '../src/cli/types.ts';
import { describeReport, parseCatalogArgs, runCatalogSync } from '../src/cli/catalog.ts';
import { buildServices, shopConfig } from '../src/deps.ts';
import { readEnv } from '../src/env.ts';
import { createLogger } from '../src/logger.ts';
import { createCatalogVersionWatcher } from '../src/workers/catalog-version.ts';
import { createOrdersApp } from './orders-app.ts';
import { testEnv } from './test-env.ts';

const log = createLogger('silent');

describe('catalog sync (the CLI command)', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeEach(async () => {
    const h = createDb(':memory:');
    await migrateToLatest(h.db);
    await seed(h.db, { now: new Date('2026-01-01T00:00:00Z') });
    db = h.db;
    close = h.close;
  });
  afterEach(async () => close());

  it('reads its arguments strictly', () => {
    expect(parseCatalogArgs(['sync'])).toEqual({ dryRun: false, force: false });
    expect(parseCatalogArgs(['sync', '--dry-run'])).toEqual({ dryRun: true, force: false });
    expect(parseCatalogArgs(['sync', '--force'])).toEqual({ dryRun: false, force: true });
    for (const bad of [[], ['pull'], ['sync', '--forse'], ['sync', '--force=1']]) {
      expect(() => parseCatalogArgs(bad)).toThrow(CliExit);
      try {
        parseCatalogArgs(bad);
      } catch (e) {
        expect((e as CliExit).exitCode).toBe(2);
        expect((e as Error).message).toContain('usage: node dist/cli.js catalog sync [--dry-run]');
      }
    }
  });

  it('says why a run was refused, and that the real run would be, with the same numbers', () => {
    const base = {
      provider: 'airalo',
      packages: 1,
      added: 0,
      updated: 0,
      hidden: 3,
      unchanged: 1,
      regionsAdded: 0,
      skipped: [],
      changed: false,
      visibleBefore: 4,
      maxHideShare: 0.5,
      relisted: 0,
      refused: 'it would hide 3 of the 4 visible plans (75%), more than the allowed 50%',
    };
    const real = describeReport({ ...base, dryRun: false });
    expect(real).toContain('hidden 3 of 4 visible');
    expect(real).toContain('refused, nothing written: it would hide 3 of the 4 visible plans (75%)');
    const dry = describeReport({ ...base, dryRun: true, changed: true });
    expect(dry).toContain('hidden 3 of 4 visible');
    expect(dry).toContain('the real run would be refused: it would hide 3 of the 4 visible plans (75%)');
    expect(dry).not.toContain('run it without --dry-run');
  });

  it('works with the simulator and no payment keys: a dry run writes nothing, a run applies, a second run says no change', async () => {
    // Stripe keys absent, a real-provider setting absent: only ESIM_PROVIDER matters.
    const env = testEnv({ ESIM_PROVIDER: 'simulator', PRICING_MARGIN_PERCENT: '40' });
    const dry = await runCatalogSync({ db, env, log, dryRun: true });
    expect(dry).toMatchObject({ provider: 'simulator', packages: 1299, dryRun: true, changed: true });
    expect(describeReport(dry)).toContain('dry run: nothing written');
    expect(await db.selectFrom('plans').select('id').where('provider', '=', 'simulator').execute()).toEqual([]);

    const first = await runCatalogSync({ db, env, log, dryRun: false });
    expect(first).toMatchObject({ added: 0, hidden: 0, regionsAdded: 0, changed: true });
    expect(describeReport(first)).toMatch(/added 0, updated \d+, hidden 0 of \d+ visible/);

    const second = await runCatalogSync({ db, env, log, dryRun: false });
    expect(second).toMatchObject({ added: 0, updated: 0, hidden: 0, unchanged: 1299, changed: false });
    expect(describeReport(second)).toContain('no change: the catalogue already matches the provider');
  });

  it('a running server notices a sync made by another process and reloads its catalogue', async () => {
    const services = createServices(db, shopConfig(testEnv()), { log });
    const watcher = createCatalogVersionWatcher({ db, services, log }, { intervalMs: 60_000 });
    await watcher.start();
    watcher.stop();
    const jp = await db.selectFrom('plans').select(['id', 'price_minor']).where('slug', '=', 'jp-5gb-30d').executeTakeFirstOrThrow();
    expect((await services.catalog.getPlan(jp.id)).priceMinor).toBe(jp.price_minor);
    expect(await watcher.check()).toBe(false);

    // The CLI: its own services, its own cache.
    await runCatalogSync({ db, env: testEnv({ PRICING_MARGIN_PERCENT: '10' }), log, dryRun: false });
    const now = await db.selectFrom('plans').select('price_minor').where('id', '=', jp.id).executeTakeFirstOrThrow();
    expect(now.price_minor).not.toBe(jp.price_minor);
    expect((await services.catalog.getPlan(jp.id)).priceMinor).toBe(jp.price_minor); // still the old snapshot
    expect(await watcher.check()).toBe(true);
    expect((await services.catalog.getPlan(jp.id)).priceMinor).toBe(now.price_minor);
    expect(await watcher.check()).toBe(false);
  });
});

describe('provider settings (env.ts)', () => {
  it('a real provider without its credentials is refused with the variables to set', () => {
    expect(() => readEnv({ ESIM_PROVIDER: 'airalo' })).toThrow(/AIRALO_CLIENT_ID: ESIM_PROVIDER=airalo needs AIRALO_CLIENT_ID/);
    expect(() => readEnv({ ESIM_PROVIDER: 'airalo', AIRALO_CLIENT_ID: 'id' })).toThrow(/AIRALO_CLIENT_SECRET/);
    expect(() => readEnv({ ESIM_PROVIDER: 'esimaccess', ESIMACCESS_SECRET_KEY: 'k' })).toThrow(
      /ESIMACCESS_ACCESS_CODE: ESIM_PROVIDER=esimaccess needs ESIMACCESS_ACCESS_CODE/,
    );
    expect(() => readEnv({ ESIM_PROVIDER: 'vodafone' })).toThrow(/ESIM_PROVIDER: .*simulator.*airalo.*esimaccess/);
    expect(() => readEnv({ PRICING_ROUNDING: 'up' })).toThrow(/PRICING_ROUNDING/);
    expect(() => readEnv({ PRICING_MARGIN_PERCENT: '-5' })).toThrow(/PRICING_MARGIN_PERCENT/);
  });

  it('ESIM_PROVIDERS names several providers in order (ESIM_PROVIDER stays an alias); each needs its credentials', () => {
    expect(readEnv({})).toMatchObject({ ESIM_PROVIDER: 'simulator', ESIM_PROVIDERS: ['simulator'] });
    expect(readEnv({ ESIM_PROVIDER: 'airalo', AIRALO_CLIENT_ID: 'id', AIRALO_CLIENT_SECRET: 's' })).toMatchObject({
      ESIM_PROVIDER: 'airalo',
      ESIM_PROVIDERS: ['airalo'],
    });
    const both = readEnv({
      ESIM_PROVIDERS: ' simulator, airalo ,esimaccess,airalo',
      AIRALO_CLIENT_ID: 'id',
      AIRALO_CLIENT_SECRET: 's',
      ESIMACCESS_ACCESS_CODE: 'c',
      ESIMACCESS_SECRET_KEY: 'k',
    });
    expect(both).toMatchObject({ ESIM_PROVIDER: 'simulator', ESIM_PROVIDERS: ['simulator', 'airalo', 'esimaccess'] });
    // ESIM_PROVIDERS wins over the alias.
    expect(readEnv({ ESIM_PROVIDER: 'airalo', ESIM_PROVIDERS: 'simulator' }).ESIM_PROVIDERS).toEqual(['simulator']);
    expect(() => readEnv({ ESIM_PROVIDERS: 'simulator,airalo' })).toThrow(
      /AIRALO_CLIENT_ID: ESIM_PROVIDERS=simulator,airalo needs AIRALO_CLIENT_ID/,
    );
    expect(() => readEnv({ ESIM_PROVIDERS: 'simulator,vodafone' })).toThrow(
      /ESIM_PROVIDERS: .*unknown provider "vodafone".*simulator, airalo, esimaccess/,
    );
    expect(() => readEnv({ ESIM_PROVIDERS: ' , ' })).toThrow(/ESIM_PROVIDERS/);
  });

  it('reads credentials, base URLs (production by default) and the pricing rule', () => {
    const airalo = readEnv({ ESIM_PROVIDER: 'airalo', AIRALO_CLIENT_ID: 'id', AIRALO_CLIENT_SECRET: 'secret', AIRALO_ASYNC: '1' });
    expect(airalo).toMatchObject({ AIRALO_BASE_URL: 'https://partners-api.airalo.com', AIRALO_ASYNC: true });
    const access = readEnv({
      ESIM_PROVIDER: 'esimaccess',
      ESIMACCESS_ACCESS_CODE: 'code',
      ESIMACCESS_SECRET_KEY: 'key',
      ESIMACCESS_BASE_URL: 'http://127.0.0.1:9/',
    });
    expect(access.ESIMACCESS_BASE_URL).toBe('http://127.0.0.1:9/');
    expect(readEnv({})).toMatchObject({
      PRICING_MARGIN_PERCENT: 40,
      PRICING_FLOOR_MINOR: 199,
      PRICING_ROUNDING: 'charm',
      ESIM_PROVIDER: 'simulator',
    });
  });

  it.each([
    ['airalo', { AIRALO_CLIENT_ID: 'id', AIRALO_CLIENT_SECRET: 'top-secret-value' }],
    ['esimaccess', { ESIMACCESS_ACCESS_CODE: 'code', ESIMACCESS_SECRET_KEY: 'top-secret-value' }],
  ])('the server refuses demo payments with %s, and its message holds no secret', async (provider, creds) => {
    const h = createDb(':memory:');
    await migrateToLatest(h.db);
    try {
      const lines: string[] = [];
      const env = testEnv({ ESIM_PROVIDER: provider, ...creds });
      let error: unknown;
      try {
        buildServices(
          env,
          h.db,
          createLogger('debug', (line) => lines.push(line)),
        );
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/demo payments/i);
      expect((error as Error).message).not.toContain('top-secret-value');
      expect(lines.join('\n')).not.toContain('top-secret-value');
    } finally {
      await h.close();
    }
  });
});

describe('several providers (ESIM_PROVIDERS)', () => {
  it('the server builds every provider in order (the first is the default) and refuses demo payments when any is real', async () => {
    const h = createDb(':memory:');
    await migrateToLatest(h.db);
    try {
      const log = createLogger('silent', () => {});
      const both = {
        ESIM_PROVIDERS: 'simulator,airalo,esimaccess',
        AIRALO_CLIENT_ID: 'id',
        AIRALO_CLIENT_SECRET: 'secret',
        ESIMACCESS_ACCESS_CODE: 'code',
        ESIMACCESS_SECRET_KEY: 'key',
      };
      expect(() => buildServices(testEnv(both), h.db, log)).toThrow(/demo payments/i);
      const services = buildServices(
        testEnv({ ...both, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
        h.db,
        log,
      );
      expect(services.esim.name).toBe('simulator');
      expect(services.esimProviders?.map((p) => p.name)).toEqual(['simulator', 'airalo', 'esimaccess']);
      const simulatorOnly = buildServices(testEnv({ ESIM_PROVIDERS: 'simulator' }), h.db, log);
      expect(simulatorOnly.esimProviders?.map((p) => p.name)).toEqual(['simulator']);
    } finally {
      await h.close();
    }
  });
});

describe('HEAD /api/webhooks/esim', () => {
  it('answers 200 without a body (the provider checks the URL when it is registered)', async () => {
    const t = await createOrdersApp();
    try {
      const res = await t.app.request('/api/webhooks/esim', { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
    } finally {
      await t.close();
    }
  });
});
