// An app for the HTTP tests of checkout, orders, webhooks and the worker: a migrated in-memory
// SQLite with a small catalogue, a fake clock, the providers built by buildServices (demo or
// Stripe), the eSIM simulator and an in-memory mailer.
import type { Services } from '@esim/api';
import {
  EsimSimulator,
  fakeClock,
  memoryDb,
  memoryMailer,
  seedCatalog,
  seededRandom,
  settleJobs,
  type FakeClock,
  type MemoryMailer,
  type PLANS,
} from '@esim/api/testing';
import type { Db } from '@esim/db';
import { createApp } from '../src/app.ts';
import { buildServices } from '../src/deps.ts';
import { silentLogger } from '../src/logger.ts';
import type { AppDeps } from '../src/types.ts';
import { sameSite, testEnv } from './test-env.ts';

export { T0, counts } from '@esim/api/testing';
export { ORIGIN, sameSite } from './test-env.ts';

export interface OrdersApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: Db;
  services: Services;
  plans: typeof PLANS;
  clock: FakeClock;
  esim: EsimSimulator;
  mailer: MemoryMailer;
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function createOrdersApp(opts: { env?: Record<string, string>; overrides?: Partial<Services> } = {}): Promise<OrdersApp> {
  const handle = await memoryDb();
  const plans = await seedCatalog(handle.db);
  const clock = fakeClock();
  const env = testEnv({ PROVISION_MAX_ATTEMPTS: '3', PROVISION_RETRY_BASE_MS: '1000', MAIL_RETRY_BASE_MS: '1000', ...opts.env });
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
    settle: () => settleJobs(services),
    close: () => handle.close(),
  };
}

export function post(app: OrdersApp['app'], path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, { method: 'POST', headers: sameSite(headers), body: typeof body === 'string' ? body : JSON.stringify(body) });
}

export const CARD_OK = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
export const CARD_DECLINED = { number: '4000000000000002', expMonth: 12, expYear: 2030, cvc: '123' };
