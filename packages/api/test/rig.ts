// What every test rig of the api and of the server is built from: a migrated in-memory SQLite,
// a fake clock, a small catalogue, the eSIM simulator and an in-memory mailer, background jobs
// run to the end, "browsers" that keep the session cookie the procedures set, and the counts
// that exactly-once is about. apps/server's tests import it as `@esim/api/testing`.
import type { Db, DbHandle } from '@esim/db';
import { migratedMemoryDb } from '@esim/db/testing';
import { createCaller } from '../src/root.ts';
import { ARGON2_OPTIONS, setPasswordHashing } from '../src/services/accounts/auth.ts';
import type { ShopLanguage } from '../src/domain/language.ts';
import type { Context, Services } from '../src/services/types.ts';
import { sessionUsers, validateSessionToken } from '../src/services/accounts/sessions.ts';
import type { BackOfficeLifetimes } from '../src/domain/session.ts';
import { enrolTotpDirectly, totpCodeAt, totpStep } from '../src/services/accounts/second-factor.ts';

export { EsimSimulator, seededRandom } from '../src/providers/esim/index.ts';
export type { SimulatorOptions } from '../src/providers/esim/index.ts';
export { memoryMailer, type MemoryMailer } from '../src/services/mail/mail-outbox-memory.ts';

/**
 * argon2id parameters for tests that do not test hashing: the smallest argon2 allows (8 KiB, one
 * pass) instead of 19 MiB and two. Importing this rig switches to them; password-hashing.test.ts
 * switches back to the production parameters and tests those.
 */
export const TEST_PASSWORD_HASHING = { algorithm: ARGON2_OPTIONS.algorithm, memoryCost: 8, timeCost: 1, parallelism: 1 };

/** Hash with TEST_PASSWORD_HASHING in this test file (importing this rig does it). */
export function cheapPasswordHashing(): Promise<void> {
  return setPasswordHashing(TEST_PASSWORD_HASHING);
}

// Every test file that builds on this rig (the api's and the server's) hashes cheaply; a file that
// imports no rig loads none of the app for it.
await cheapPasswordHashing();

export const T0 = new Date('2026-03-01T12:00:00.000Z');
export const DAY = 24 * 60 * 60 * 1000;
export const TEST_ORIGIN = 'http://localhost:3000';

export interface FakeClock {
  now: Date;
  advance(ms: number): void;
}

/** A clock that moves only when told; services read it through `now: () => clock.now`. */
export function fakeClock(start: Date = T0): FakeClock {
  const clock: FakeClock = {
    now: new Date(start),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  return clock;
}

/** A migrated in-memory SQLite of its own: a copy of one migrated once per test file (@esim/db/testing). */
export function memoryDb(): Promise<DbHandle> {
  return migratedMemoryDb();
}

export const PLANS = {
  japan1: { id: 0, slug: 'jp-1gb-7d', name: 'Japan 1GB 7 Days', price_minor: 450, data_amount: '1GB', data_mb: 1024, validity_days: 7 },
  japan5: { id: 0, slug: 'jp-5gb-30d', name: 'Japan 5GB 30 Days', price_minor: 1999, data_amount: '5GB', data_mb: 5120, validity_days: 30 },
  tiny: { id: 0, slug: 'jp-tiny', name: 'Japan Tiny', price_minor: 40, data_amount: '100MB', data_mb: 100, validity_days: 1 },
  /** 0.55 USD: fine once, but 85% of it (0.47) is under the minimum. */
  edge: { id: 0, slug: 'jp-edge', name: 'Japan Edge', price_minor: 55, data_amount: '200MB', data_mb: 200, validity_days: 1 },
};

/** Japan with the four PLANS (their ids filled in) and the USD, GBP and EUR rates. */
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

/** Background jobs done: they may queue more (provisioning → e-mail), so wait until quiet. */
export async function settleJobs(services: Pick<Services, 'jobs'>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    await services.jobs.idle();
    await new Promise((r) => setImmediate(r));
    if (services.jobs.size === 0) return;
  }
}

export interface Browser {
  /** The token in this browser's cookie jar (null = no cookie). */
  token: string | null;
  /** Cookie writes the procedures asked for, newest last. */
  cookieLog: Array<{ token: string; expiresAt: Date } | 'clear'>;
  /** A caller for the next request, with ctx.user resolved from the jar. */
  caller(): Promise<ReturnType<typeof createCaller>>;
  context(): Promise<Context>;
}

export interface BrowserOptions {
  ip?: string;
  userAgent?: string;
  currency?: string;
  /** ctx.locale, as the server resolves it from Accept-Language (default 'en'). */
  locale?: ShopLanguage;
  /**
   * Back-office session lifetimes. Default: none, so admin tests whose fake clock moves days do not
   * sign in again at every step; the session tests pass BACK_OFFICE_LIFETIMES (the server's).
   */
  backOffice?: BackOfficeLifetimes;
  /** Issue 29: ctx.req.deviceHash (the device cookie's hash, 64 hex); default none. */
  deviceHash?: string;
}

const NO_BACK_OFFICE_LIMITS: BackOfficeLifetimes = { idleMs: Number.POSITIVE_INFINITY, absoluteMs: Number.POSITIVE_INFINITY };

/**
 * A browser for createCaller tests: keeps the session cookie the procedures set and resolves it
 * to ctx.user the way the server's session layer does (a dead cookie is cleared).
 */
export function sessionBrowser(
  db: Db,
  services: Services,
  clock: { now: Date },
  {
    ip = '203.0.113.7',
    userAgent = 'vitest',
    currency,
    locale = 'en',
    backOffice = NO_BACK_OFFICE_LIMITS,
    deviceHash,
  }: BrowserOptions = {},
): Browser {
  const b: Browser = {
    token: null,
    cookieLog: [],
    async context() {
      const valid = b.token ? await validateSessionToken(db, b.token, clock.now, backOffice) : null;
      if (b.token && !valid) b.token = null;
      return {
        db,
        services,
        ...sessionUsers(valid),
        sessionId: valid?.id ?? null,
        locale,
        req: { ip, userAgent, secure: false, currency, ...(deviceHash ? { deviceHash } : {}) },
        res: {
          setSessionCookie(token, expiresAt) {
            b.token = token;
            b.cookieLog.push({ token, expiresAt });
          },
          clearSessionCookie() {
            b.token = null;
            b.cookieLog.push('clear');
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

/** The TOTP key of every admin the rigs make (giveSecondFactor); authenticator codes come from testTotpCode. */
export const TEST_TOTP_KEY = new Uint8Array(20).map((_, i) => i + 1);

/** The code an authenticator app holding TEST_TOTP_KEY shows at `now` (offset in 30-second steps). */
export function testTotpCode(now: Date, stepOffset = 0): string {
  return totpCodeAt(TEST_TOTP_KEY, totpStep(now) + stepOffset);
}

/**
 * An account with a second factor already enrolled (TOTP with TEST_TOTP_KEY) and every session it
 * has now counting as having given it at `now`: what admin tests that are not about second factors
 * start from (the back office refuses a password-only session, trpc.ts).
 */
export async function giveSecondFactor(db: Db, who: { username: string } | { id: number }, now: Date): Promise<void> {
  const user = await ('id' in who
    ? db.selectFrom('users').select('id').where('id', '=', who.id)
    : db.selectFrom('users').select('id').where('username', '=', who.username)
  ).executeTakeFirstOrThrow();
  await enrolTotpDirectly(db, user.id, TEST_TOTP_KEY, now);
  await db.updateTable('sessions').set({ second_factor_at: now.toISOString() }).where('user_id', '=', user.id).execute();
}

/** Makes `username` an admin with a second factor given in its sessions (giveSecondFactor). */
export async function makeAdmin(db: Db, username: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ role: 'admin', admin_role: 'owner' }).where('username', '=', username).execute();
  await giveSecondFactor(db, { username }, now);
}

/** Counts of what exactly-once is about. */
export async function counts(db: Db) {
  const n = async (table: 'orders' | 'esims' | 'email_outbox', statuses?: readonly string[]) => {
    let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (statuses) q = q.where('status', 'in', statuses as never);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return {
    orders: await n('orders'),
    paid: await n('orders', ['paid', 'provisioning', 'fulfilled']),
    fulfilled: await n('orders', ['fulfilled']),
    esims: await n('esims'),
    emails: await n('email_outbox'),
    sent: await n('email_outbox', ['sent']),
  };
}

/** Stripe's test cards, as the demo provider reads them. */
export const CARDS = {
  ok: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
  declined: { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2030, cvc: '123' },
  insufficient: { number: '4000 0000 0000 9995', expMonth: 12, expYear: 2030, cvc: '123' },
  threeDs: { number: '4000 0027 6000 3184', expMonth: 12, expYear: 2030, cvc: '123' },
};
