// Everything a procedure can reach besides its input: the db, the configured
// providers and caches, and the request facts. Built once per process by
// createServices(), then per request by the server (see apps/server/src/trpc-context.ts).
import type { Db } from '@esim/db';
import { CatalogCache } from './services/catalog-cache.ts';
import { EsimSimulator } from './providers/esim/index.ts';
import type { EsimProvider } from './providers/esim/index.ts';
import type { Mailer } from './providers/mail/index.ts';
import type { AnyPaymentProvider, PaymentEvent } from './providers/payments/index.ts';
import { JobQueue } from './services/fulfilment-queue.ts';
import { DEFAULT_FULFILMENT_POLICY, type FulfilmentPolicy } from './services/fulfilment-policy.ts';
import { memoryMailer } from './services/mail-outbox-memory.ts';
import { createShopPaymentProvider } from './services/payments-provider.ts';

export interface ShopConfig {
  /** Public origin, e.g. http://localhost:3000; used for links in e-mails and the CSRF origin check. */
  publicUrl: string;
  productName: string;
  supportEmail: string;
  phone: string;
  postalAddress: string;
}

export interface Services {
  config: ShopConfig;
  /** The clock; tests pass a fake one. */
  now(): Date;
  /** Regions, plans, coverage and rates held in memory; invalidate() after catalogue edits. */
  catalog: CatalogCache;
  /** Stripe or demo payments (createShopPaymentProvider). Default: demo, its state in the db. */
  payments: AnyPaymentProvider;
  /** eSIM provisioning. Default: the simulator. */
  esim: EsimProvider;
  /** Default: an in-memory mailer (the server passes SMTP or the .eml outbox). */
  mailer: Mailer;
  /** Background fulfilment work (provisioning, e-mail) after a payment; idle() in tests. */
  jobs: JobQueue;
  /** Retry and back-off settings for provisioning and e-mail. */
  fulfilment: FulfilmentPolicy;
  /** Where the services report what operators need to see (e-mail outbox paths, retries). */
  log: ServiceLog;
  /** Test hooks (the server's crash test): called before a payment event is acted on. */
  testHooks?: { beforePaymentEvent?: ((event: PaymentEvent) => void) | undefined } | undefined;
}

export interface ServiceLog {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

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
    ...overrides,
  };
  if (!overrides.payments) services.payments = createShopPaymentProvider(db, () => services, {});
  return services;
}
