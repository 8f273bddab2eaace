// Everything a procedure can reach besides its input: the db, the configured
// providers and caches, and the request facts. Built once per process by
// createServices(), then per request by the server (see apps/server/src/trpc-context.ts).
import type { Db } from '@esim/db';
import { CatalogCache } from './services/catalog/catalog-cache.ts';
import { EsimSimulator } from './providers/esim/index.ts';
import { JobQueue } from './services/order-life/fulfilment-queue.ts';
import { DEFAULT_FULFILMENT_POLICY } from './services/order-life/fulfilment-policy.ts';
import { memoryMailer } from './services/mail/mail-outbox-memory.ts';
import { createShopPaymentProvider } from './services/payments/payments-provider.ts';
import { createRateLimitSettings } from './services/shared/rate-limit.ts';
import { DEFAULT_ADMIN_POLICY, type ServiceLog, type Services, type ShopConfig } from './services/types.ts';

export type { ServiceLog, Services, ShopConfig } from './services/types.ts';

const quietLog: ServiceLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function createServices(db: Db, config: ShopConfig, overrides: Partial<Services> = {}): Services {
  const log = overrides.log ?? quietLog;
  // The demo provider delivers its events to payment-events.ts handlePaymentEvent (the webhook's
  // handler) with the finished services; it is made before them, so it reaches them through
  // `built`, set below before any payment can be made (a call earlier is a programming error).
  let built: Services | undefined;
  const finished = (): Services => {
    if (!built) throw new Error('createServices: a demo payment event arrived before the services were built');
    return built;
  };
  built = {
    config,
    now: () => new Date(),
    catalog: new CatalogCache(db),
    esim: new EsimSimulator(),
    mailer: memoryMailer(),
    jobs: new JobQueue({ onError: (e, key) => log.error('background job failed', { key, error: String(e) }) }),
    fulfilment: DEFAULT_FULFILMENT_POLICY,
    log,
    rateLimits: createRateLimitSettings(),
    adminPolicy: DEFAULT_ADMIN_POLICY,
    ...overrides,
    ...(overrides.esimProviders?.length && !overrides.esim ? { esim: overrides.esimProviders[0]! } : {}),
    payments: overrides.payments ?? createShopPaymentProvider(db, finished, {}),
  };
  return built;
}
