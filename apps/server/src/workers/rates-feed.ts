// The exchange-rate feed worker (issue 28): with EXCHANGE_RATES_FEED_URL set (off by default: no
// outside host is contacted unless configured), one pass at start and then every `intervalMs`
// reads the provider's latest publication (the ECB's daily reference rates, providers/rates/ecb.ts)
// and applies it (services/admin/rates.ts applyRatesFeed: an owner's rate holds until a later
// publication; a rate outside its sane band is refused). A failed pass is logged; the stored rates stay.
// Started by serve.ts; stop() waits for the pass in flight. tick() runs one pass now.
import { applyRatesFeed, type ExchangeRateProvider, type RatesFeedResult } from '@esim/api';
import type { AppDeps } from '../types.ts';
import { errorText, every, singleFlight } from './loop.ts';

export interface RatesFeedWorker {
  start(): void;
  tick(): Promise<RatesFeedResult | null>;
  stop(): Promise<void>;
}

export function createRatesFeedWorker(
  deps: Pick<AppDeps, 'db' | 'services' | 'log'>,
  provider: ExchangeRateProvider,
  opts: { intervalMs: number; keepAlive?: boolean },
): RatesFeedWorker {
  const passes = singleFlight(
    async (): Promise<RatesFeedResult> => {
      const snapshot = await provider.latest();
      const result = await applyRatesFeed(deps.db, deps.services, provider.name, snapshot);
      if (result.updated.length || result.refused.length) deps.log.info('exchange rates feed', { provider: provider.name, ...result });
      return result;
    },
    (err) => deps.log.error('exchange rates feed failed', { provider: provider.name, error: errorText(err) }),
  );
  const timer = every(opts.intervalMs, () => void passes.run(), { keepAlive: opts.keepAlive });
  return {
    start() {
      timer.start();
      void passes.run();
    },
    tick: () => passes.run(),
    async stop() {
      timer.stop();
      await passes.stop();
    },
  };
}
