// Builds what createApp needs from the environment: shop config, services, the web build folder.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_FULFILMENT_POLICY,
  JobQueue,
  assertProvidersCompatible,
  createEsimProviders,
  createMailer,
  DbSimulatorStore,
  DbTokenStore,
  createServices,
  createShopPaymentProvider,
  createViesChecker,
  parseVatRates,
  createRateLimitSettings,
  describeSmtpUrl,
  type EsimProvider,
  type EsimProviderConfig,
  type PricingRule,
  type Services,
  type ShopConfig,
} from '@esim/api';
import type { Db } from '@esim/db';
import type { Env } from './env.ts';
import type { ShopMetrics } from './metrics.ts';
import type { AppDeps, Lifecycle, Logger } from './types.ts';

export function shopConfig(env: Env): ShopConfig {
  return {
    publicUrl: env.PUBLIC_URL,
    productName: env.PRODUCT_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    phone: env.SUPPORT_PHONE,
    postalAddress: env.POSTAL_ADDRESS,
    renewalReminderDays: env.RENEWAL_REMINDER_DAYS,
    referrals: {
      discountPercent: env.REFERRAL_DISCOUNT_PERCENT,
      rewardPoints: env.REFERRAL_REWARD_POINTS,
      maxRewardsPerMonth: env.REFERRAL_MAX_REWARDS_PER_MONTH,
    },
    invoice: {
      seller: {
        companyName: env.INVOICE_COMPANY_NAME,
        companyNumber: env.INVOICE_COMPANY_NUMBER,
        vatNumber: env.INVOICE_VAT_NUMBER,
        address: env.INVOICE_REGISTERED_ADDRESS.split(/\s*[,|]\s*/).filter((l) => l !== ''),
      },
      vatRates: parseVatRates(env.VAT_RATES),
      defaultCountry: env.VAT_DEFAULT_COUNTRY,
    },
  };
}

/**
 * WEB_DIST, or apps/web/dist next to this bundle (dist/main.js → ../../web/dist).
 * Null (API only, with a warning) when the folder has no index.html.
 */
export function resolveWebDist(env: Env, log: Logger, here = dirname(fileURLToPath(import.meta.url))): string | null {
  const dir = resolve(env.WEB_DIST ?? resolve(here, '../../web/dist'));
  if (existsSync(resolve(dir, 'index.html'))) return dir;
  log.warn('no web build found; serving the API only (build apps/web or set WEB_DIST)', { webDist: dir });
  return null;
}

/**
 * The eSIM provider's settings from the environment: the simulator (state in the database), or a
 * real wholesaler's credentials and base URL. The HTTP adapters get the logger for paths, statuses
 * and provider error codes only; no credential is ever logged (only the provider's name and base URL).
 */
export function esimProviderConfig(env: Env, db: Db, log: Logger, esimWebhookSecret?: string): EsimProviderConfig {
  const http = { log: { warn: (msg: string, extra?: Record<string, unknown>) => log.warn(msg, extra) } };
  const config: EsimProviderConfig = {
    provider: env.ESIM_PROVIDER,
    providers: env.ESIM_PROVIDERS,
    simulator: {
      mode: env.ESIM_SIMULATOR_MODE,
      ...(env.ESIM_SIMULATOR_FAIL_RATE > 0 ? { failRate: env.ESIM_SIMULATOR_FAIL_RATE } : {}),
      // Its eSIMs in the database: the CLI (another process) moves them through their life.
      store: new DbSimulatorStore(db),
      ...((esimWebhookSecret ?? env.ESIM_WEBHOOK_SECRET) ? { webhookSecret: esimWebhookSecret ?? env.ESIM_WEBHOOK_SECRET } : {}),
    },
  };
  if (env.ESIM_PROVIDERS.includes('airalo') && env.AIRALO_CLIENT_ID && env.AIRALO_CLIENT_SECRET) {
    // Built as a variable: the adapter also reads `async` (AiraloOptions) beyond the shared config.
    const airalo = {
      ...http,
      baseUrl: env.AIRALO_BASE_URL,
      clientId: env.AIRALO_CLIENT_ID,
      clientSecret: env.AIRALO_CLIENT_SECRET,
      webhookSecret: env.AIRALO_WEBHOOK_SECRET,
      async: env.AIRALO_ASYNC,
      // One token for every process (server, workers, CLI runs): Airalo allows 3 token requests a minute.
      tokenStore: new DbTokenStore(db),
    };
    config.airalo = airalo;
  }
  if (env.ESIM_PROVIDERS.includes('esimaccess') && env.ESIMACCESS_ACCESS_CODE && env.ESIMACCESS_SECRET_KEY) {
    config.esimaccess = {
      ...http,
      baseUrl: env.ESIMACCESS_BASE_URL,
      accessCode: env.ESIMACCESS_ACCESS_CODE,
      secretKey: env.ESIMACCESS_SECRET_KEY,
      webhookSecret: env.ESIMACCESS_WEBHOOK_SECRET,
    };
  }
  return config;
}

/** The (first) eSIM provider alone (what `cli.js catalog sync` needs: no payment keys). */
export function buildEsimProvider(env: Env, db: Db, log: Logger, esimWebhookSecret?: string): EsimProvider {
  return buildEsimProviders(env, db, log, esimWebhookSecret)[0]!;
}

/** Every configured eSIM provider (ESIM_PROVIDERS), in order. */
export function buildEsimProviders(env: Env, db: Db, log: Logger, esimWebhookSecret?: string): EsimProvider[] {
  const list = createEsimProviders(esimProviderConfig(env, db, log, esimWebhookSecret));
  for (const esim of list)
    log.info('eSIM provider', { esim: esim.name, ...(baseUrlOf(env, esim.name) ? { baseUrl: baseUrlOf(env, esim.name) } : {}) });
  return list;
}

function baseUrlOf(env: Env, name: string = env.ESIM_PROVIDER): string | undefined {
  if (name === 'airalo') return env.AIRALO_BASE_URL;
  if (name === 'esimaccess') return env.ESIMACCESS_BASE_URL;
  return undefined;
}

/** The pricing rule of `catalog sync` (PRICING_*). */
export function pricingRule(env: Env): PricingRule {
  return { marginPercent: env.PRICING_MARGIN_PERCENT, floorMinor: env.PRICING_FLOOR_MINOR, rounding: env.PRICING_ROUNDING };
}

/**
 * The services with their providers: Stripe or demo payments (demo state in the db), the eSIM
 * provider, SMTP or the .eml outbox. Refuses demo payments with a real eSIM provider.
 * `exit` is the crash test's way out (CRASH_AFTER_PAYMENT, a test hook).
 */
export function buildServices(
  env: Env,
  db: Db,
  log: Logger,
  opts: {
    exit?: ((code: number) => void) | undefined;
    overrides?: Partial<Services> | undefined;
    /** The simulator's webhook key (resolveEsimWebhookSecret); default ESIM_WEBHOOK_SECRET, else the simulator's test key. */
    esimWebhookSecret?: string | undefined;
    /** Counts the providers' failed calls (esim_provider_errors_total, esim_payment_provider_errors_total). */
    metrics?: ShopMetrics | undefined;
  } = {},
): Services {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let services!: Services;
  let payments =
    opts.overrides?.payments ??
    createShopPaymentProvider(db, () => services, {
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    });
  // Every configured provider (ESIM_PROVIDERS); an override of `esim` stands for the first one (tests).
  let esimProviders: EsimProvider[] = opts.overrides?.esimProviders
    ? [...opts.overrides.esimProviders]
    : opts.overrides?.esim
      ? [opts.overrides.esim]
      : createEsimProviders(esimProviderConfig(env, db, log, opts.esimWebhookSecret));
  if (opts.overrides?.esim && !esimProviders.includes(opts.overrides.esim)) esimProviders = [opts.overrides.esim, ...esimProviders];
  const metrics = opts.metrics;
  if (metrics) {
    const paymentsName = payments.name;
    esimProviders = esimProviders.map((p) => {
      const esimName = p.name;
      return countingFailures(p, ESIM_OPERATIONS, (operation) => metrics.esimProviderError(esimName, operation));
    });
    payments = countingFailures(payments, PAYMENT_OPERATIONS, (operation) => metrics.paymentProviderError(paymentsName, operation));
  }
  const esim = esimProviders[0]!;
  for (const p of esimProviders) assertProvidersCompatible(payments, p);
  const mailer = opts.overrides?.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, outboxDir: env.OUTBOX_DIR, from: env.MAIL_FROM });
  log.info('checkout providers', {
    payments: payments.name,
    esim: esimProviders.map((p) => p.name).join(','),
    ...(baseUrlOf(env) ? { esimBaseUrl: baseUrlOf(env) } : {}),
    mail: env.SMTP_URL ? describeSmtpUrl(env.SMTP_URL) : `outbox ${resolve(env.OUTBOX_DIR)}`,
  });
  services = createServices(db, shopConfig(env), {
    ...(env.VIES_CHECK ? { vatIds: createViesChecker({ baseUrl: env.VIES_URL }) } : {}),
    payments,
    esim,
    esimProviders,
    mailer,
    log,
    rateLimits: createRateLimitSettings({
      allowlist: env.RATE_LIMIT_ALLOWLIST,
      multiplier: env.RATE_LIMIT_MULTIPLIER,
      secret: env.RATE_LIMIT_SECRET,
    }),
    adminPolicy: { supportRefundLimitUsdMinor: env.SUPPORT_REFUND_LIMIT_USD_MINOR },
    supportMail: { inboundAddress: env.INBOUND_MAIL_ADDRESS && env.INBOUND_MAIL_SECRET ? env.INBOUND_MAIL_ADDRESS : null },
    jobs: new JobQueue({
      concurrency: env.FULFILMENT_CONCURRENCY,
      enabled: env.FULFILMENT_INLINE,
      onError: (e, key) => log.error('background job failed', { key, error: String((e as Error)?.stack ?? e) }),
    }),
    fulfilment: {
      ...DEFAULT_FULFILMENT_POLICY,
      provisionMaxAttempts: env.PROVISION_MAX_ATTEMPTS,
      provisionBaseMs: env.PROVISION_RETRY_BASE_MS,
      mailMaxAttempts: env.MAIL_MAX_ATTEMPTS,
      mailBaseMs: env.MAIL_RETRY_BASE_MS,
      leaseMs: env.FULFILMENT_LEASE_MS,
      pendingOrderTtlMs: Math.round(env.PENDING_ORDER_TTL_HOURS * 3600_000),
    },
    testHooks: env.CRASH_AFTER_PAYMENT
      ? {
          beforePaymentEvent: (event) => {
            if (event.type !== 'payment_intent.succeeded') return;
            log.error('CRASH_AFTER_PAYMENT: exiting after the payment, before fulfilment (test hook)', { eventId: event.id });
            exit(86);
          },
        }
      : undefined,
    // An override given as undefined leaves the one built here (tests ask for the real mailer so).
    // (payments and esim were taken above, and may have been wrapped for the metrics.)
    ...Object.fromEntries(
      Object.entries(opts.overrides ?? {}).filter(([k, v]) => v !== undefined && k !== 'payments' && k !== 'esim' && k !== 'esimProviders'),
    ),
  });
  return services;
}

export function buildDeps(
  env: Env,
  db: Db,
  log: Logger,
  webDist: string | null,
  opts: { esimWebhookSecret?: string; metrics?: ShopMetrics | undefined; lifecycle?: Lifecycle | undefined } = {},
): AppDeps {
  return { db, env, log, webDist, metrics: opts.metrics, lifecycle: opts.lifecycle, services: buildServices(env, db, log, opts) };
}

/** The eSIM provider's calls to the wholesaler (parseWebhook checks a delivery here: a bad one is the sender's failure, not the provider's). */
const ESIM_OPERATIONS = ['order', 'getEsim', 'usage', 'cancel', 'topUp', 'listPackages'] as const;
/** The payment provider's calls (verifyWebhook likewise left out). */
const PAYMENT_OPERATIONS = [
  'createPaymentIntent',
  'retrievePaymentIntent',
  'cancelPaymentIntent',
  'refund',
  'createSubscription',
  'retrieveSubscription',
  'cancelSubscriptionAtPeriodEnd',
  'resumeSubscription',
  'paymentCard',
] as const;

/**
 * The provider as it is, except that a listed operation that throws or rejects is counted (then
 * fails as before). Built once: an object over the provider whose every method (own or inherited)
 * and accessor calls the provider itself, so private fields work; its data fields are read through
 * the prototype. Not a Proxy: a Proxy's trap ran on every property read of the hot checkout path.
 */
export function countingFailures<T extends object>(provider: T, operations: readonly string[], count: (operation: string) => void): T {
  const counted = new Set(operations);
  const wrapper = Object.create(provider) as Record<PropertyKey, unknown>;
  const done = new Set<PropertyKey>(['constructor']);
  for (let o: object | null = provider; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const prop of Reflect.ownKeys(o)) {
      if (done.has(prop)) continue;
      done.add(prop);
      const d = Object.getOwnPropertyDescriptor(o, prop)!;
      if (d.get || d.set) {
        Object.defineProperty(wrapper, prop, {
          get: d.get ? () => d.get!.call(provider) : undefined,
          set: d.set ? (v: unknown) => d.set!.call(provider, v) : undefined,
          enumerable: d.enumerable ?? false,
        });
        continue;
      }
      if (typeof d.value !== 'function') continue;
      const original = d.value as (...args: unknown[]) => unknown;
      if (typeof prop === 'string' && counted.has(prop)) {
        const failed = (err: unknown) => {
          count(prop);
          throw err;
        };
        wrapper[prop] = function countedCall(...args: unknown[]) {
          let result: unknown;
          try {
            result = original.apply(provider, args);
          } catch (err) {
            return failed(err);
          }
          return result instanceof Promise ? result.then(undefined, failed) : result;
        };
      } else {
        wrapper[prop] = (...args: unknown[]) => original.apply(provider, args);
      }
    }
  }
  return wrapper as T;
}
