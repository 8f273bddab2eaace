// The shop's app behind a real Node listener on 127.0.0.1 (as serve.ts runs it: the request id is
// set on the ServerResponse, the access line written on 'close'), with a logger that keeps its
// lines, metrics, a small web build, demo payments, the eSIM simulator and an in-memory mailer.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
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
import { createLogger, type LogLevel } from '../src/logger.ts';
import { createMetrics, type ShopMetrics } from '../src/metrics.ts';
import type { AppDeps, Lifecycle } from '../src/types.ts';
import { ORIGIN, testEnv } from './test-env.ts';

export { CARD_OK } from './orders-app.ts';
export { ORIGIN } from './test-env.ts';

export interface Line {
  time: string;
  level: string;
  msg: string;
  requestId?: string;
  [k: string]: unknown;
}

export interface ObserveApp {
  base: string;
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: Db;
  services: Services;
  plans: typeof PLANS;
  clock: FakeClock;
  mailer: MemoryMailer;
  metrics: ShopMetrics;
  lifecycle: Lifecycle;
  /** Every line the logger wrote, raw (what would reach stdout/stderr). */
  raw: string[];
  lines(): Line[];
  settle(): Promise<void>;
  /** Closes the database only (the listener keeps answering). */
  closeDb(): Promise<void>;
  close(): Promise<void>;
}

const INDEX = '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>';

export async function startObserveApp(
  opts: { env?: Record<string, string>; level?: LogLevel; overrides?: Partial<Services> } = {},
): Promise<ObserveApp> {
  const raw: string[] = [];
  const log = createLogger(opts.level ?? 'info', (line) => void raw.push(line));
  const handle = await memoryDb();
  const plans = await seedCatalog(handle.db);
  const clock = fakeClock();
  const web = mkdtempSync(join(tmpdir(), 'observe-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, 'assets/app-1234.js'), 'console.log(1);');
  const env = testEnv({ LOG_LEVEL: opts.level ?? 'info', ...opts.env });
  const esim = new EsimSimulator({ random: seededRandom(7), now: () => clock.now.getTime() });
  const mailer = memoryMailer();
  const metrics = createMetrics({ db: handle.db, log, http: true, now: () => clock.now, cacheMs: 0 });
  const services = buildServices(env, handle.db, log, {
    metrics,
    overrides: { now: () => clock.now, esim, mailer, ...opts.overrides },
  });
  const lifecycle: Lifecycle = { draining: false, inFlight: 0 };
  const deps: AppDeps = { db: handle.db, env, log, webDist: web, services, metrics, lifecycle };
  const app = createApp(deps);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  let dbOpen = true;
  return {
    base: `http://127.0.0.1:${port}`,
    app,
    deps,
    db: handle.db,
    services,
    plans,
    clock,
    mailer,
    metrics,
    lifecycle,
    raw,
    lines: () => raw.map((l) => JSON.parse(l) as Line),
    settle: () => settleJobs(services),
    closeDb: async () => {
      dbOpen = false;
      await handle.close();
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      if (dbOpen) await handle.close();
      rmSync(web, { recursive: true, force: true });
    },
  };
}

/** Headers of a same-origin request from the spec's client. */
export function sameSite(extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: ORIGIN, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', ...extra };
}

/** The access line of the request with this id (it is written when the answer has gone out). */
export async function accessLine(t: ObserveApp, requestId: string): Promise<Line> {
  for (let i = 0; i < 200; i++) {
    const line = t.lines().find((l) => l.msg === 'request' && l.requestId === requestId);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no access line for ${requestId}`);
}
