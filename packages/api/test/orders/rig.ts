// Test rig for checkout, orders and fulfilment: a migrated in-memory SQLite with a small
// catalogue, a fake clock, the demo provider (state in the db) or a given one, the eSIM
// simulator, an in-memory mailer, and "browsers" that keep the session cookie the procedures set.
import type { Db, DbHandle } from '@esim/db';
import type { ShopLanguage } from '../../src/domain/language.ts';
import { createServices, type Services } from '../../src/context.ts';
import { EsimSimulator, seededRandom } from '../../src/providers/esim/index.ts';
import type { SimulatorOptions } from '../../src/providers/esim/index.ts';
import type { AnyPaymentProvider, DemoPaymentProvider } from '../../src/providers/payments/index.ts';
import { memoryMailer, type MemoryMailer } from '../../src/services/mail/mail-outbox-memory.ts';
import { DEFAULT_FULFILMENT_POLICY, type FulfilmentPolicy } from '../../src/services/order-life/fulfilment-policy.ts';
import { createShopPaymentProvider } from '../../src/services/payments/payments-provider.ts';
import type { Mailer } from '../../src/providers/mail/index.ts';
import { PLANS, fakeClock, memoryDb, seedCatalog, sessionBrowser, settleJobs, type Browser, type FakeClock } from '../rig.ts';

export { CARDS, PLANS, T0, counts, seedCatalog, type Browser } from '../rig.ts';

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
  clock: FakeClock;
  esim: EsimSimulator;
  mailer: MemoryMailer;
  plans: typeof PLANS;
  browser(opts?: { userAgent?: string; currency?: string; ip?: string; locale?: ShopLanguage; deviceHash?: string }): Browser;
  /** Background fulfilment finished. */
  settle(): Promise<void>;
  close(): Promise<void>;
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
  const handle = opts.handle ?? (await memoryDb());
  const db = handle.db;
  const plans = opts.seed === false ? structuredClone(PLANS) : await seedCatalog(db);
  const clock = fakeClock();
  const esim = new EsimSimulator({ random: seededRandom(42), now: () => clock.now.getTime(), ...opts.simulator });
  const mailer = memoryMailer();
  let services!: Services;
  const payments = (opts.payments ?? ((d, s) => createShopPaymentProvider(d, s, {})))(db, () => services);
  services = createServices(
    db,
    { publicUrl: 'http://localhost:3000', productName: 'Travel eSIM', supportEmail: 'help@shop.example', phone: '0', postalAddress: 'x' },
    { now: () => clock.now, esim, mailer: opts.mailer ?? mailer, payments, fulfilment: { ...FAST_POLICY, ...opts.policy } },
  );

  return {
    db,
    handle,
    services,
    clock,
    esim,
    mailer,
    plans,
    browser: (bopts = {}) => sessionBrowser(db, services, clock, { ip: '203.0.113.9', ...bopts }),
    settle: () => settleJobs(services),
    close: () => handle.close(),
  };
}

export function demo(rig: OrdersRig): DemoPaymentProvider {
  const p = rig.services.payments;
  if (p.name !== 'demo') throw new Error('not demo payments');
  return p;
}

let seq = 0;
export function account(over: Partial<{ username: string; email: string }> = {}) {
  seq++;
  return {
    username: over.username ?? `buyer${seq}`,
    email: over.email ?? `buyer${seq}@traveller.example`,
    password: 'correct horse battery',
    fullName: `Buyer ${seq}`,
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

/** France with one 1 GB plan (5.00 USD): a second destination for filters and the top list. Its plan id. */
export async function addFrancePlan(rig: OrdersRig): Promise<number> {
  const fr = await rig.db
    .insertInto('regions')
    .values({ code: 'FR', name: 'France', continent: 'Europe', flag_icon: null, kind: 'country' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const plan = await rig.db
    .insertInto('plans')
    .values({
      region_id: fr.id,
      slug: 'fr-1gb',
      name: 'France 1GB',
      description: '',
      price_minor: 500,
      currency: 'USD',
      validity_days: 7,
      data_amount: '1GB',
      data_mb: 1024,
      features: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  rig.services.catalog.invalidate();
  return plan.id;
}
