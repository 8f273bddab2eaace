// An app for the HTTP tests of checkout, orders, webhooks and the worker: a migrated in-memory
// SQLite with a small catalogue, a fake clock, the providers built by buildServices (demo or
// Stripe), the eSIM simulator and an in-memory mailer.
import type { Services } from '@esim/api';
import { createDb, migrateToLatest, type Db } from '@esim/db';
import { seedCatalog, type PLANS } from '../../../packages/api/test/orders/rig.ts';
import { memoryMailer, type MemoryMailer } from '../../../packages/api/src/services/mail-outbox-memory.ts';
import { EsimSimulator, seededRandom } from '../../../packages/api/src/providers/esim/index.ts';
import { createApp } from '../src/app.ts';
import { buildServices } from '../src/deps.ts';
import { readEnv } from '../src/env.ts';
import { silentLogger } from '../src/logger.ts';
import type { AppDeps } from '../src/types.ts';

export const ORIGIN = 'http://localhost:3000';
export const T0 = new Date('2026-03-01T12:00:00.000Z');

export interface OrdersApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: Db;
  services: Services;
  plans: typeof PLANS;
  clock: { now: Date; advance(ms: number): void };
  esim: EsimSimulator;
  mailer: MemoryMailer;
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function createOrdersApp(opts: { env?: Record<string, string>; overrides?: Partial<Services> } = {}): Promise<OrdersApp> {
  const handle = createDb(':memory:');
  await migrateToLatest(handle.db);
  const plans = await seedCatalog(handle.db);
  const clock = {
    now: new Date(T0),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const env = readEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'silent',
    PROVISION_MAX_ATTEMPTS: '3',
    PROVISION_RETRY_BASE_MS: '1000',
    MAIL_RETRY_BASE_MS: '1000',
    ...opts.env,
  });
  const esim = new EsimSimulator({ random: seededRandom(7), now: () => clock.now.getTime() });
  const mailer = memoryMailer();
  const services = buildServices(env, handle.db, silentLogger, { overrides: { now: () => clock.now, esim, mailer, ...opts.overrides } });
  const deps: AppDeps = { db: handle.db, env, log: silentLogger, webDist: null, services };
  return {
    app: createApp(deps),
    deps,
    db: handle.db,
    services,
    plans,
    clock,
    esim,
    mailer,
    settle: async () => {
      for (let i = 0; i < 50; i++) {
        await services.jobs.idle();
        await new Promise((r) => setImmediate(r));
        if (services.jobs.size === 0) return;
      }
    },
    close: () => handle.close(),
  };
}

/** Headers of a same-origin request from the spec's client. */
export function sameSite(extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: ORIGIN, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', ...extra };
}

export function post(app: OrdersApp['app'], path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, { method: 'POST', headers: sameSite(headers), body: typeof body === 'string' ? body : JSON.stringify(body) });
}

export async function counts(db: Db) {
  const n = async (table: 'orders' | 'esims' | 'email_outbox', status?: string) => {
    let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (status) q = q.where('status', '=', status as never);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return { orders: await n('orders'), fulfilled: await n('orders', 'fulfilled'), esims: await n('esims'), emails: await n('email_outbox'), sent: await n('email_outbox', 'sent') };
}

export const CARD_OK = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
export const CARD_DECLINED = { number: '4000000000000002', expMonth: 12, expYear: 2030, cvc: '123' };
