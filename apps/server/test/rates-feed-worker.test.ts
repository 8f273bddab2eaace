// The exchange-rate feed worker (issue 28): off unless EXCHANGE_RATES_FEED_URL is set; each pass
// applies the provider's latest publication (here the fake provider; the ECB's format is tested in
// packages/api test/rates); a failed pass is logged and leaves the stored rates; GET
// /api/exchange-rates shows the new rate at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeExchangeRates } from '../../../packages/api/src/providers/rates/ecb.ts';
import { readEnv } from '../src/env.ts';
import { createRatesFeedWorker } from '../src/workers/rates-feed.ts';
import { createOrdersApp, type OrdersApp } from './orders-app.ts';

let t: OrdersApp;
beforeEach(async () => {
  t = await createOrdersApp();
});
afterEach(async () => {
  await t.close();
});

function memoryLog() {
  const lines: { level: string; msg: string; data?: unknown }[] = [];
  const at = (level: string) => (msg: string, data?: unknown) => void lines.push({ level, msg, data });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') } as never };
}

describe('rates feed worker', () => {
  it('is off by default: no URL in the environment', () => {
    const env = readEnv({ NODE_ENV: 'test' } as never);
    expect(env.EXCHANGE_RATES_FEED_URL).toBeUndefined();
    expect(env.EXCHANGE_RATES_FEED_INTERVAL_MS).toBe(6 * 3_600_000);
  });

  it('a pass applies the publication; the shop serves it; a failing provider changes nothing', async () => {
    const day = t.clock.now.toISOString().slice(0, 10);
    const feed = new FakeExchangeRates({ date: day, perUsdMicros: { USD: 1_000_000, GBP: 800_000, EUR: 940_000 } });
    const { lines, log } = memoryLog();
    const worker = createRatesFeedWorker({ db: t.db, services: t.services, log }, feed, { intervalMs: 60_000 });
    expect(await worker.tick()).toEqual({ date: day, updated: ['GBP', 'EUR'], keptAdmin: [], refused: [] });
    const res = await t.app.request('/api/exchange-rates');
    expect(((await res.json()) as { rates: Record<string, number> }).rates).toMatchObject({ GBP: 0.8, EUR: 0.94 });

    feed.snapshot = new Error('feed down');
    expect(await worker.tick()).toBeNull();
    expect(lines.some((l) => l.level === 'error' && l.msg === 'exchange rates feed failed')).toBe(true);
    const row = await t.db
      .selectFrom('exchange_rates')
      .select(['rate_micros', 'source'])
      .where('currency', '=', 'GBP')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rate_micros: 800_000, source: 'feed:fake' });
    await worker.stop();
    expect(await worker.tick()).toBeNull();
  });
});
