// The one place that reads process.env. Every setting has a laptop-friendly default
// and is listed, commented, in .env.example.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { parseAllowlist } from '@esim/api/domain';
import { ESIM_PROVIDER_NAMES, parseVatRates, type EsimProviderName } from '@esim/api';

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** SQLite file by default; a postgres:// URL selects PostgreSQL. */
    DATABASE_URL: z.string().default('file:./data/shop.sqlite'),
    /**
     * Public origin used for e-mail links and the CSRF origin check; defaults to http://localhost:PORT.
     * Unset, state-changing requests are also taken from http://127.0.0.1:PORT and http://[::1]:PORT
     * (and, with NODE_ENV=development, from Vite's dev server on :5173 and preview on :4173).
     */
    PUBLIC_URL: z.string().url().optional(),
    /** Extra origins allowed to send state-changing requests (comma-separated). */
    TRUSTED_ORIGINS: z.string().default(''),
    /** Where the built web app lives. */
    WEB_DIST: z.string().optional(),
    /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
    TRUST_PROXY: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
    /**
     * Client addresses exempt from the per-client request limits (comma-separated IPs or CIDR
     * blocks, e.g. '127.0.0.1,::1' for a benchmark on this machine, or an office's block). Empty: none.
     * Sign-in throttling and the per-order decline lock still apply to them.
     */
    RATE_LIMIT_ALLOWLIST: z
      .string()
      .default('')
      .superRefine((v, ctx) => {
        try {
          parseAllowlist(v);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
        }
      }),
    /** Every request limit (checkouts, payment attempts, cards, registrations, e-mails) times this; 1 = the README's limits. */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().min(0.01).max(1_000_000).default(1),
    /**
     * The largest refund the back office's support role may give, in US cents (converted at the
     * order's own rate); larger ones are an owner's, with the second factor again. Default 5000 ($50).
     */
    SUPPORT_REFUND_LIMIT_USD_MINOR: z.coerce.number().int().min(0).max(100_000_000).default(5000),
    /** Days before each subscription renewal the reminder e-mail (price, date, one-click cancel) goes out; 0: none. */
    RENEWAL_REMINDER_DAYS: z.coerce.number().int().min(0).max(28).default(3),
    /** Issue 29: a referred friend's discount on their first order, whole percent. */
    REFERRAL_DISCOUNT_PERCENT: z.coerce.number().int().min(1).max(90).default(10),
    /** Issue 29: points a referrer earns per friend once the friend's order is past the refund window. */
    REFERRAL_REWARD_POINTS: z.coerce.number().int().min(1).max(100_000).default(500),
    /** Issue 29: rewards per referrer per calendar month (UTC); more are refused ('monthly_limit'). */
    REFERRAL_MAX_REWARDS_PER_MONTH: z.coerce.number().int().min(0).max(1000).default(5),
    /**
     * Key of the card-number fingerprints the card-testing limit counts (never the numbers). Set the
     * same value on every server process sharing a database; unset: random per process.
     */
    RATE_LIMIT_SECRET: optionalText(),
    /**
     * Support tickets' inbound mail (issue 30): the address replies go to (its plus form,
     * support+t12-…@…, is each ticket e-mail's Reply-To), and the shared secret the inbound mail
     * provider sends as the password of HTTP Basic auth on POST /api/webhooks/inbound-mail. Both
     * unset: no Reply-To; the e-mails link back to the thread.
     */
    INBOUND_MAIL_ADDRESS: optionalText().pipe(
      z
        .string()
        .regex(/^[^\s@<>"+]+@[^\s@<>"]+\.[^\s@<>"]+$/, 'an e-mail address without a + part, e.g. support@inbound.shop.example')
        .optional(),
    ),
    INBOUND_MAIL_SECRET: optionalText(),
    // ── the shop's public facts: read at run time, served to the web app and its pre-rendered pages ──
    PRODUCT_NAME: shopText('eSIM Shop', 'the shop\'s name, e.g. PRODUCT_NAME="Globetrotter Data"'),
    SUPPORT_EMAIL: shopEmail('support@example.com'),
    SALES_EMAIL: shopEmail('sales@example.com'),
    SUPPORT_PHONE: shopPhone('+44 20 0000 0000'),
    WHATSAPP_PHONE: shopPhone('+44 7700 900000'),
    /** Lines separated by commas (or '|'). */
    POSTAL_ADDRESS: shopText('1 Example Street, London, EC1A 1AA, United Kingdom', 'lines separated by commas or |'),
    FACEBOOK_URL: shopLink('https://www.facebook.com/'),
    INSTAGRAM_URL: shopLink('https://www.instagram.com/'),
    LINKEDIN_URL: shopLink('https://www.linkedin.com/'),

    // ── invoices (issue 31): the seller's facts and the VAT table; an issued invoice keeps the values of its day ──
    INVOICE_COMPANY_NAME: shopText('eSIM Shop Ltd', 'the legal name, e.g. INVOICE_COMPANY_NAME="Globetrotter Data Ltd"'),
    /** The company registration number (Companies House in the UK). */
    INVOICE_COMPANY_NUMBER: shopText('00000000', 'e.g. INVOICE_COMPANY_NUMBER=12345678'),
    /** Empty: not registered for VAT (every invoice 0%, with a note). */
    INVOICE_VAT_NUMBER: z.string().trim().max(24, 'at most 24 characters').default('GB000000000'),
    /** Lines separated by commas (or '|'). */
    INVOICE_REGISTERED_ADDRESS: shopText('1 Example Street, London, EC1A 1AA, United Kingdom', 'lines separated by commas or |'),
    /** Where the seller is registered for VAT, and the rate: COUNTRY:PERCENT, comma-separated. Countries not listed: 0% with a note. */
    VAT_RATES: z
      .string()
      .default('GB:20')
      .superRefine((v, ctx) => {
        try {
          parseVatRates(v);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
        }
      }),
    /** The customer's country for VAT when the order gives none (no business details at payment). */
    VAT_DEFAULT_COUNTRY: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
      .default('GB')
      .transform((v) => v.toUpperCase()),
    /** '1': check EU VAT IDs against VIES (the Commission's REST API); '0' (default): format only. */
    VIES_CHECK: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    /** VIES REST API base URL (default the Commission's). */
    VIES_URL: z.string().url().optional(),

    // ── operating ──
    /** 'warn' writes warnings and errors only; 'debug' adds detail lines. */
    LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
    /** One JSON access-log line per request (at info level): '1' (default) or '0'. */
    ACCESS_LOG: z
      .enum(['0', '1'])
      .default('1')
      .transform((v) => v === '1'),
    /** Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics; 0 turns them off. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    /** Interface of the metrics listener; default: HOST's. */
    METRICS_HOST: optionalText(),
    /** On SIGTERM/SIGINT: in-flight requests and jobs get this long to finish before the process exits (ms). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /**
     * How long a process holds a claimed job (an order's provisioning, an e-mail) before another
     * may take it over. Leases are never cleared at start-up (a sibling may be working); a crashed
     * process's leases simply expire.
     */
    FULFILMENT_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),

    // ── payments, eSIMs, e-mail ──
    /** Stripe: set all three for card payments; none for demo payments ('Demo payments: no real charge'). */
    STRIPE_SECRET_KEY: optionalText(),
    STRIPE_PUBLISHABLE_KEY: optionalText(),
    STRIPE_WEBHOOK_SECRET: optionalText(),
    /**
     * Apple Pay in the Payment Element (issue 28): the path of Apple's domain association file (from
     * Stripe: Settings → Payment method domains), served at
     * /.well-known/apple-developer-merchantid-domain-association; unset: that path is 404. Register
     * the domain with `payments register-domain` (cli/payments.ts).
     */
    APPLE_PAY_DOMAIN_ASSOCIATION_FILE: optionalText(),
    /**
     * eSIM provisioning: 'simulator' (built in, nothing real), 'airalo' (Airalo Partner API v2) or
     * 'esimaccess' (eSIM Access). A real provider needs its credentials below, and Stripe payments.
     */
    ESIM_PROVIDER: z.enum(ESIM_PROVIDER_NAMES).default('simulator'),
    /**
     * Several providers at once (issue 25): a comma list such as 'simulator,airalo,esimaccess', in
     * order of preference (the first breaks ties between equal offers and is the default provider).
     * Unset: ESIM_PROVIDER alone (the older single-provider variable, kept as an alias).
     */
    ESIM_PROVIDERS: optionalText(),
    /** Airalo Partner API v2: OAuth client credentials from the Airalo Partners platform. */
    AIRALO_CLIENT_ID: optionalText(),
    AIRALO_CLIENT_SECRET: optionalText(),
    /** Default production; the sandbox is https://sandbox-partners-api.airalo.com. */
    AIRALO_BASE_URL: z.string().url().default('https://partners-api.airalo.com'),
    /** Key of the airalo-signature HMAC-SHA512 on webhooks; unset: AIRALO_CLIENT_SECRET (Airalo signs with the API secret). */
    AIRALO_WEBHOOK_SECRET: optionalText(),
    /** '1': order through /v2/orders-async (the eSIM arrives by webhook or poll); '0' (default): synchronous orders. */
    AIRALO_ASYNC: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    /** eSIM Access: the access code and secret key from its console (Developer → API). */
    ESIMACCESS_ACCESS_CODE: optionalText(),
    ESIMACCESS_SECRET_KEY: optionalText(),
    ESIMACCESS_BASE_URL: z.string().url().default('https://api.esimaccess.com'),
    /** Key its webhook deliveries are checked with when they carry RT-* signature headers; unset: ESIMACCESS_SECRET_KEY. */
    ESIMACCESS_WEBHOOK_SECRET: optionalText(),
    /**
     * Addresses allowed to POST /api/webhooks/esim (comma-separated IPs or CIDR blocks, e.g. the
     * addresses eSIM Access sends from, whose deliveries are unsigned). Empty: any sender (every
     * delivery is still re-read from the provider's API before anything is applied).
     */
    ESIM_WEBHOOK_ALLOWED_IPS: z
      .string()
      .default('')
      .superRefine((v, ctx) => {
        try {
          parseAllowlist(v);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
        }
      }),
    /**
     * `cli.js catalog sync` prices: retail = wholesale × (100 + margin) / 100, at least the floor
     * (USD cents), rounded up to the next .49/.99 ('charm') or left as computed ('none').
     */
    PRICING_MARGIN_PERCENT: z.coerce.number().min(0).max(1000).default(40),
    PRICING_FLOOR_MINOR: z.coerce.number().int().min(0).max(10_000_000).default(199),
    PRICING_ROUNDING: z.enum(['charm', 'none']).default('charm'),
    /**
     * How often the server checks whether another process (an admin edit through a sibling instance,
     * `catalog sync`) changed the catalogue (ms): one indexed single-row read. On PostgreSQL a
     * LISTEN connection hears the change at once and this poll is the fallback.
     */
    CATALOG_VERSION_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(500),
    /**
     * `cli.js catalog sync` refuses to hide more than this share (percent) of the visible plans in
     * one run unless given --force (a provider answering an incomplete catalogue empties no shop).
     */
    CATALOG_SYNC_MAX_HIDE_PERCENT: z.coerce.number().min(0).max(100).default(50),
    /** Simulator knobs (demos and tests): 'sync' or 'async' orders, and a random failure rate 0–1. */
    ESIM_SIMULATOR_MODE: z.enum(['sync', 'async']).default('sync'),
    ESIM_SIMULATOR_FAIL_RATE: z.coerce.number().min(0).max(1).default(0),
    /**
     * Key of the eSIM provider's webhook signatures (X-Esim-Signature, HMAC-SHA256). Unset: one is
     * generated once and kept in the database (app_settings), so the server and `cli.js esim
     * simulate` agree.
     */
    ESIM_WEBHOOK_SECRET: optionalText(),
    /**
     * The daily exchange-rate feed: the URL of a document in the ECB's eurofxref-daily.xml format
     * (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml). Unset (the default): no feed,
     * the rates are the seed's and the admin page's. Read every EXCHANGE_RATES_FEED_INTERVAL_MS.
     */
    EXCHANGE_RATES_FEED_URL: z.string().url().optional(),
    EXCHANGE_RATES_FEED_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(60_000)
      .max(86_400_000)
      .default(6 * 3_600_000),
    /** How often the eSIM reconciliation re-reads usage from the provider (ms; default 5 minutes). */
    ESIM_POLL_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
    /** eSIMs re-read per reconciliation pass, least recently synced first. */
    ESIM_POLL_BATCH: z.coerce.number().int().min(1).max(1000).default(50),
    /**
     * Simulator autoplay: simulated time runs this many times faster and installed simulated eSIMs
     * use data on their own (1440 = a day per minute), so a person trying the shop sees usage move.
     * 0 (default): off.
     */
    ESIM_SIMULATOR_TIME_SCALE: z.coerce.number().min(0).max(1_000_000).default(0),
    /** SMTP delivery (smtp://user:pass@host:587); unset: e-mails are written as .eml files to OUTBOX_DIR. */
    SMTP_URL: optionalText(),
    OUTBOX_DIR: z.string().default('./data/outbox'),
    /**
     * Sender (From) of the shop's e-mails, e.g. '"Travel eSIM" <orders@shop.example>' or a bare
     * address. Default: the shop's name at no-reply@ PUBLIC_URL's host name ('"eSIM Shop"
     * <no-reply@localhost>' on a laptop; 'localhost' when the host is an IP address).
     */
    MAIL_FROM: optionalText().refine((v) => v === undefined || isMailbox(v), {
      message: 'MAIL_FROM must be an e-mail address, optionally with a name: "Shop name" <orders@shop.example>',
    }),
    /** eSIM provisioning attempts before the order is refunded, and the first retry delay (doubling, capped at 30 min). */
    PROVISION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    PROVISION_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
    /** E-mail send attempts, and the first retry delay (doubling, capped at 1 h). */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
    /** How often the fulfilment worker looks for due retries. */
    WORKER_INTERVAL_MS: z.coerce.number().int().min(10).max(86_400_000).default(1000),
    /**
     * An order not paid this many hours after it was placed expires (its payment is canceled at the
     * provider first; a payment that succeeds anyway still delivers the eSIM). Fractions allowed.
     */
    PENDING_ORDER_TTL_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(24 * 365)
      .default(24),
    /** Background fulfilment jobs (provisioning, e-mail) running at once. */
    FULFILMENT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /**
     * '1' (default): this process provisions eSIMs and sends e-mail right after a payment, and runs
     * the retry worker. '0': it only records payments; run `node dist/cli.js worker` beside it.
     */
    FULFILMENT_INLINE: z
      .enum(['0', '1'])
      .default('1')
      .transform((v) => v === '1'),
    /**
     * TEST HOOK (the crash test): '1' makes the process exit right after a payment is recorded as
     * succeeded and before fulfilment, to prove the restart reconciles. Never set it in production.
     */
    CRASH_AFTER_PAYMENT: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
  })
  .superRefine((env, ctx) => {
    // A real provider without its credentials would fail at the first order: refuse to start instead.
    const need: Record<string, Array<[keyof typeof env, string]>> = {
      airalo: [
        ['AIRALO_CLIENT_ID', 'the client id'],
        ['AIRALO_CLIENT_SECRET', 'the client secret'],
      ],
      esimaccess: [
        ['ESIMACCESS_ACCESS_CODE', 'the access code'],
        ['ESIMACCESS_SECRET_KEY', 'the secret key'],
      ],
    };
    const listed = env.ESIM_PROVIDERS === undefined ? [env.ESIM_PROVIDER] : splitProviders(env.ESIM_PROVIDERS);
    const unknown = listed.filter((n) => !(ESIM_PROVIDER_NAMES as readonly string[]).includes(n));
    if (env.ESIM_PROVIDERS !== undefined && (listed.length === 0 || unknown.length > 0))
      ctx.addIssue({
        code: 'custom',
        path: ['ESIM_PROVIDERS'],
        message: `ESIM_PROVIDERS=${env.ESIM_PROVIDERS}: ${unknown.length ? `unknown provider ${unknown.map((n) => JSON.stringify(n)).join(', ')}; ` : ''}expected a comma list of ${ESIM_PROVIDER_NAMES.join(', ')}`,
      });
    const setting = env.ESIM_PROVIDERS === undefined ? 'ESIM_PROVIDER' : 'ESIM_PROVIDERS';
    for (const name of listed) {
      for (const [key, what] of need[name] ?? []) {
        if (env[key] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${setting}=${setting === 'ESIM_PROVIDER' ? name : env.ESIM_PROVIDERS} needs ${key} (${what} from the provider's partner console); see "Connecting a wholesale provider" in the README`,
          });
      }
    }
  });

/** 'simulator, airalo,,esimaccess' → ['simulator', 'airalo', 'esimaccess'] (trimmed, lower case, each once). */
function splitProviders(list: string): string[] {
  return [
    ...new Set(
      list
        .split(',')
        .map((n) => n.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** 'a@b.example' or 'Name <a@b.example>' / '"Name" <a@b.example>': one address, no line breaks. */
function isMailbox(v: string): boolean {
  if (/[\r\n]/.test(v)) return false;
  const address = /<([^<>\s]+)>\s*$/.exec(v)?.[1] ?? v;
  return /^[^\s@<>"]+@[^\s@<>"]+$/.test(address);
}

/** '"<PRODUCT_NAME>" <no-reply@<PUBLIC_URL's host name>>'; an IP address or no host: no-reply@localhost. */
export function defaultMailFrom(productName: string, publicUrl: string): string {
  let host = 'localhost';
  try {
    const name = new URL(publicUrl).hostname;
    if (name && !/^[\d.]+$/.test(name) && !name.includes(':') && !name.startsWith('[')) host = name;
  } catch {
    // PUBLIC_URL is validated as a URL; keep the default host.
  }
  const display = productName.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '\\$&');
  return `"${display}" <no-reply@${host}>`;
}

// The shop's public facts: shown on every page, so refused at start when they could not be shown.
function shopText(fallback: string, hint: string) {
  return z
    .string()
    .trim()
    .min(1, `must not be empty (${hint})`)
    .max(200, 'at most 200 characters')
    .refine((v) => !/[\r\n]/.test(v), 'one line (no line breaks)')
    .default(fallback);
}
function shopEmail(fallback: string) {
  return z
    .string()
    .trim()
    .regex(/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/, 'an e-mail address, e.g. support@shop.example')
    .default(fallback);
}
function shopPhone(fallback: string) {
  return z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{4,30}$/, 'a phone number of digits, spaces and + ( ) - ., e.g. +44 20 7946 0000')
    .default(fallback);
}
function shopLink(fallback: string) {
  return z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s"<>]+$/i, 'an http(s) address, e.g. https://www.instagram.com/yourshop')
    .default(fallback);
}

/** An optional setting where '' means unset. */
function optionalText() {
  return z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
}

export type Env = Omit<z.infer<typeof ZEnv>, 'MAIL_FROM' | 'ESIM_PROVIDERS'> & {
  /** The configured eSIM providers in order (ESIM_PROVIDERS, else [ESIM_PROVIDER]); ESIM_PROVIDER is the first. */
  ESIM_PROVIDERS: EsimProviderName[];
  /** MAIL_FROM, or defaultMailFrom(PRODUCT_NAME, PUBLIC_URL). */
  MAIL_FROM: string;
  PUBLIC_URL: string;
  /** PUBLIC_URL was not set: it holds the http://localhost:PORT default. */
  PUBLIC_URL_DEFAULTED: boolean;
};

/**
 * Reads a `.env` file (KEY=value lines, Node's own parser) into `target` without overriding what is
 * already set: the environment wins. ENV_FILE names another file; a missing file is no error unless
 * ENV_FILE named it. Returns the path read, or null. Called once at process start.
 */
export function loadDotEnv(target: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const named = target.ENV_FILE?.trim();
  const path = resolve(cwd, named || '.env');
  if (!existsSync(path)) {
    if (named) throw new Error(`ENV_FILE=${named}: no such file (${path})`);
    return null;
  }
  const parsed = parseEnv(readFileSync(path, 'utf8'));
  for (const [key, value] of Object.entries(parsed)) if (target[key] === undefined) target[key] = value;
  return path;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const providers = (env.ESIM_PROVIDERS === undefined ? [env.ESIM_PROVIDER] : splitProviders(env.ESIM_PROVIDERS)) as EsimProviderName[];
  return {
    ...env,
    ESIM_PROVIDER: providers[0]!,
    ESIM_PROVIDERS: providers,
    MAIL_FROM: env.MAIL_FROM ?? defaultMailFrom(env.PRODUCT_NAME, publicUrl),
    PUBLIC_URL: publicUrl,
    PUBLIC_URL_DEFAULTED: env.PUBLIC_URL === undefined,
  };
}

/**
 * A secret whose variable is named at run time (the admin CLI's --password-env, default
 * ADMIN_PASSWORD), read here so that env.ts stays the one place that reads process.env.
 */
export function readNamedSecret(name: string, source: NodeJS.ProcessEnv = process.env): string | undefined {
  const v = source[name];
  return v === undefined || v === '' ? undefined : v;
}

/**
 * The release binary: gives a setting a default before readEnv() runs (WEB_DIST → the web app it
 * unpacked). What the environment or .env already sets wins.
 */
export function setSettingDefault(name: 'WEB_DIST', value: string, target: NodeJS.ProcessEnv = process.env): void {
  if (target[name] === undefined || target[name] === '') target[name] = value;
}

/** The release binary's cache root: $XDG_CACHE_HOME when set (else it uses ~/.cache, then the temp folder). */
export function readCacheHome(source: NodeJS.ProcessEnv = process.env): string | undefined {
  const v = source.XDG_CACHE_HOME?.trim();
  return v ? v : undefined;
}
