// Test rig for checkout, orders and fulfilment: a migrated in-memory SQLite with a small
// catalogue, a fake clock, the demo provider (state in the db) or a given one, the eSIM
// simulator, an in-memory mailer, and "browsers" that keep the session cookie the procedures set.
import { createDb, migrateToLatest, type Db, type DbHandle } from '@esim/db';
import { createServices, type Services } from '../../src/context.ts';
import { createCaller } from '../../src/root.ts';
import type { Context } from '../../src/trpc.ts';
import { validateSessionToken } from '../../src/services/sessions.ts';
import { toSessionUser } from '../../src/services/users.ts';
import { EsimSimulator, seededRandom } from '../../src/providers/esim/index.ts';
import type { SimulatorOptions } from '../../src/providers/esim/index.ts';
import type { AnyPaymentProvider, DemoPaymentProvider } from '../../src/providers/payments/index.ts';
import { memoryMailer, type MemoryMailer } from '../../src/services/mail-outbox-memory.ts';
import { DEFAULT_FULFILMENT_POLICY, type FulfilmentPolicy } from '../../src/services/fulfilment-policy.ts';
import { createShopPaymentProvider } from '../../src/services/payments-provider.ts';
import type { Mailer } from '../../src/providers/mail/index.ts';

export const T0 = new Date('2026-03-01T12:00:00.000Z');

export const PLANS = {
  japan1: { id: 0, slug: 'jp-1gb-7d', name: 'Japan 1GB 7 Days', price_minor: 450, data_amount: '1GB', data_mb: 1024, validity_days: 7 },
  japan5: { id: 0, slug: 'jp-5gb-30d', name: 'Japan 5GB 30 Days', price_minor: 1999, data_amount: '5GB', data_mb: 5120, validity_days: 30 },
  tiny: { id: 0, slug: 'jp-tiny', name: 'Japan Tiny', price_minor: 40, data_amount: '100MB', data_mb: 100, validity_days: 1 },
  /** 0.55 USD: fine once, but 85% of it (0.47) is under the minimum. */
  edge: { id: 0, slug: 'jp-edge', name: 'Japan Edge', price_minor: 55, data_amount: '200MB', data_mb: 200, validity_days: 1 },
};

export const FAST_POLICY: FulfilmentPolicy = {
  ...DEFAULT_FULFILMENT_POLICY,
  provisionMaxAttempts: 4,
  provisionBaseMs: 1000,
  provisionMaxMs: 8000,
  provisionPollMs: 500,
  mailMaxAttempts: 3,
  mailBaseMs: 1000,
  mailMaxMs: 4000,
  leaseMs: 60_000,
};

export interface OrdersRig {
  db: Db;
  handle: DbHandle;
  services: Services;
  clock: { now: Date; advance(ms: number): void };
  esim: EsimSimulator;
  mailer: MemoryMailer;
  plans: typeof PLANS;
  browser(opts?: { userAgent?: string; currency?: string; ip?: string }): Browser;
  /** Background fulfilment finished. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface Browser {
  token: string | null;
  caller(): Promise<ReturnType<typeof createCaller>>;
  context(): Promise<Context>;
}

export async function seedCatalog(db: Db): Promise<typeof PLANS> {
  const region = await db
    .insertInto('regions')
    .values({ code: 'JP', name: 'Japan', continent: 'Asia', flag_icon: null, kind: 'country' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const plans = structuredClone(PLANS);
  for (const p of Object.values(plans)) {
    const { id } = await db
      .insertInto('plans')
      .values({
        region_id: region.id,
        slug: p.slug,
        name: p.name,
        description: '',
        price_minor: p.price_minor,
        currency: 'USD',
        validity_days: p.validity_days,
        data_amount: p.data_amount,
        data_mb: p.data_mb,
        features: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    p.id = id;
  }
  const now = T0.toISOString();
  await db
    .insertInto('exchange_rates')
    .values([
      { currency: 'USD', name: 'US Dollar', symbol: '$', rate_micros: 1_000_000, updated_at: now },
      { currency: 'GBP', name: 'British Pound', symbol: '£', rate_micros: 790_000, updated_at: now },
      { currency: 'EUR', name: 'Euro', symbol: '€', rate_micros: 930_000, updated_at: now },
    ])
    .execute();
  return plans;
}

export interface RigOptions {
  /** A ready database (PostgreSQL tests); default: in-memory SQLite, migrated. */
  handle?: DbHandle;
  simulator?: SimulatorOptions;
  policy?: Partial<FulfilmentPolicy>;
  /** Build the payment provider (default: demo with the db store). */
  payments?: (db: Db, services: () => Services) => AnyPaymentProvider;
  mailer?: Mailer;
  seed?: boolean;
}

export async function createOrdersRig(opts: RigOptions = {}): Promise<OrdersRig> {
  const handle = opts.handle ?? createDb(':memory:');
  if (!opts.handle) await migrateToLatest(handle.db);
  const db = handle.db;
  const plans = opts.seed === false ? structuredClone(PLANS) : await seedCatalog(db);
  const clock = {
    now: new Date(T0),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const esim = new EsimSimulator({ random: seededRandom(42), now: () => clock.now.getTime(), ...opts.simulator });
  const mailer = memoryMailer();
  let services!: Services;
  const payments = (opts.payments ?? ((d, s) => createShopPaymentProvider(d, s, {})))(db, () => services);
  services = createServices(
    db,
    { publicUrl: 'http://localhost:3000', productName: 'Travel eSIM', supportEmail: 'help@shop.example', phone: '0', postalAddress: 'x' },
    { now: () => clock.now, esim, mailer: opts.mailer ?? mailer, payments, fulfilment: { ...FAST_POLICY, ...opts.policy } },
  );

  function browser(bopts: { userAgent?: string; currency?: string; ip?: string } = {}): Browser {
    const b: Browser = {
      token: null,
      async context() {
        const valid = b.token ? await validateSessionToken(db, b.token, clock.now) : null;
        return {
          db,
          services,
          user: valid ? toSessionUser(valid.user) : null,
          sessionId: valid?.id ?? null,
          req: { ip: bopts.ip ?? '203.0.113.9', userAgent: bopts.userAgent ?? 'vitest', secure: false, currency: bopts.currency },
          res: {
            setSessionCookie(token) {
              b.token = token;
            },
            clearSessionCookie() {
              b.token = null;
            },
          },
        };
      },
      async caller() {
        return createCaller(await b.context());
      },
    };
    return b;
  }

  return {
    db,
    handle,
    services,
    clock,
    esim,
    mailer,
    plans,
    browser,
    settle: async () => {
      // Jobs may queue more jobs (provisioning → e-mail): wait until quiet twice in a row.
      for (let i = 0; i < 50; i++) {
        await services.jobs.idle();
        await new Promise((r) => setImmediate(r));
        if (services.jobs.size === 0) return;
      }
    },
    close: () => handle.close(),
  };
}

export function demo(rig: OrdersRig): DemoPaymentProvider {
  const p = rig.services.payments;
  if (p.name !== 'demo') throw new Error('not demo payments');
  return p;
}

export const CARDS = {
  ok: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
  declined: { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2030, cvc: '123' },
  insufficient: { number: '4000 0000 0000 9995', expMonth: 12, expYear: 2030, cvc: '123' },
  threeDs: { number: '4000 0027 6000 3184', expMonth: 12, expYear: 2030, cvc: '123' },
};

let seq = 0;
export function account(over: Partial<{ username: string; email: string }> = {}) {
  seq++;
  return { username: over.username ?? `buyer${seq}`, email: over.email ?? `buyer${seq}@traveller.example`, password: 'correct horse battery', fullName: `Buyer ${seq}` };
}

/** Counts of what exactly-once is about. */
export async function counts(db: Db) {
  const n = async (table: 'orders' | 'esims' | 'email_outbox', where?: (q: any) => any) => {
    let q: any = db.selectFrom(table).select((eb: any) => eb.fn.countAll().as('n'));
    if (where) q = where(q);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return {
    orders: await n('orders'),
    paid: await n('orders', (q) => q.where('status', 'in', ['paid', 'provisioning', 'fulfilled'])),
    fulfilled: await n('orders', (q) => q.where('status', '=', 'fulfilled')),
    esims: await n('esims'),
    emails: await n('email_outbox'),
    sent: await n('email_outbox', (q) => q.where('status', '=', 'sent')),
  };
}

/** Tokens of the password reset links sent to `to`, oldest first. */
export function resetTokens(sent: readonly { to: string; text: string }[], to: string): string[] {
  return sent
    .filter((m) => m.to === to)
    .map((m) => m.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1])
    .filter((t): t is string => Boolean(t));
}

/** Tokens of the e-mail verification links sent to `to`, oldest first. */
export function verificationTokens(sent: readonly { to: string; text: string }[], to: string): string[] {
  return sent
    .filter((m) => m.to === to)
    .map((m) => m.text.match(/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1])
    .filter((t): t is string => Boolean(t));
}
