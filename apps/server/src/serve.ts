// startServer(): env → db (migrated) → services → app → @hono/node-server. main.ts (node dist/main.js)
// and the release binary (release/entry.ts) call it.
// SIGTERM/SIGINT close the server and the db, then exit, so Ctrl-C frees the port.
import { serve } from '@hono/node-server';
import { createDb, migrateToLatest } from '@esim/db';
import { createApp } from './app.ts';
import { buildDeps, resolveWebDist } from './deps.ts';
import { loadDotEnv, readEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { reconcileOrders } from '@esim/api';
import { createFulfilmentWorker } from './workers/fulfilment.ts';
import { createEsimLifeWorker } from './workers/esim-life.ts';
import { createCatalogVersionWatcher } from './workers/catalog-version.ts';
import { resolveEsimWebhookSecret } from './esim-secret.ts';

export async function startServer(): Promise<void> {
  loadDotEnv();
  const env = readEnv();
  const log = createLogger(env.LOG_LEVEL);
  const handle = createDb(env.DATABASE_URL);
  const applied = await migrateToLatest(handle.db);
  if (applied.length) log.info('migrated', { applied });

  const deps = buildDeps(env, handle.db, log, resolveWebDist(env, log), {
    esimWebhookSecret: await resolveEsimWebhookSecret(env, handle.db),
  });
  await deps.services.catalog.snapshot(); // warm the catalogue before the first request
  // `cli.js catalog sync` (another process) changes the catalogue: reload it when its version moves.
  const catalogWatcher = createCatalogVersionWatcher(deps, { intervalMs: env.CATALOG_VERSION_POLL_MS });
  await catalogWatcher.start();
  const app = createApp(deps);

  const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
    const host = info.address === '0.0.0.0' || info.address === '::' ? 'localhost' : info.address;
    log.info('listening', { url: `http://${host}:${info.port}`, publicUrl: env.PUBLIC_URL, db: handle.kind });
  });

  // Orders: finish what a previous run left (payments that succeeded while nobody listened, paid
  // orders not yet delivered, unsent e-mails), then keep retrying due work in the background.
  // With FULFILMENT_INLINE=0 a separate `node dist/cli.js worker` does the provisioning and e-mail.
  const worker = createFulfilmentWorker(deps, { intervalMs: env.WORKER_INTERVAL_MS });
  // eSIMs: usage re-read from the provider (a lost webhook), validity alerts, the simulator's autoplay.
  const esimWorker = createEsimLifeWorker(deps, {
    intervalMs: env.ESIM_POLL_INTERVAL_MS,
    batch: env.ESIM_POLL_BATCH,
    timeScale: env.ESIM_SIMULATOR_TIME_SCALE,
  });
  reconcileOrders(handle.db, deps.services, { runWork: env.FULFILMENT_INLINE })
    .catch((err: unknown) => log.error('startup reconciliation failed', { error: String((err as Error)?.stack ?? err) }))
    .finally(() => {
      if (env.FULFILMENT_INLINE) {
        worker.start();
        esimWorker.start();
      }
    });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    // Keep-alive connections would hold close() open; end idle ones now, the rest after a grace period.
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    catalogWatcher.stop();
    server.close(() => {
      Promise.all([worker.stop(), esimWorker.stop()])
        .catch(() => undefined)
        .then(() => deps.services.mailer.close().catch(() => undefined))
        .then(() => handle.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
