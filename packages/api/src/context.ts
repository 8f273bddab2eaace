// Everything a procedure can reach besides its input: the db, the configured
// providers and caches, and the request facts. Built once per process by
// createServices(), then per request by the server (see apps/server/src/trpc-context.ts).
import type { Db } from '@esim/db';
import { CatalogCache } from './services/catalog-cache.ts';
import { EsimSimulator } from './providers/esim/index.ts';
import type { AnyPaymentProvider } from './providers/payments/index.ts';
import { JobQueue } from './services/fulfilment-queue.ts';
import { DEFAULT_FULFILMENT_POLICY } from './services/fulfilment-policy.ts';
import { memoryMailer } from './services/mail-outbox-memory.ts';
import { createShopPaymentProvider } from './services/payments-provider.ts';
import { createRateLimitSettings } from './services/rate-limit.ts';
import type { ServiceLog, Services, ShopConfig } from './services/types.ts';

export type { ServiceLog, Services, ShopConfig } from './services/types.ts';

const quietLog: ServiceLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function createServices(db: Db, config: ShopConfig, overrides: Partial<Services> = {}): Services {
  const log = overrides.log ?? quietLog;
  const services: Services = {
    config,
    now: () => new Date(),
    catalog: new CatalogCache(db),
    // Replaced below unless overridden: the demo provider needs the finished services object.
    payments: undefined as unknown as AnyPaymentProvider,
    esim: new EsimSimulator(),
    mailer: memoryMailer(),
    jobs: new JobQueue({ onError: (e, key) => log.error('background job failed', { key, error: String(e) }) }),
    fulfilment: DEFAULT_FULFILMENT_POLICY,
    log,
    rateLimits: createRateLimitSettings(),
    ...overrides,
  };
  if (!overrides.payments) services.payments = createShopPaymentProvider(db, () => services, {});
  return services;
}
