// startServer(): env → db (migrated) → services → app → @hono/node-server. main.ts (node dist/main.js)
// and the release binary (release/entry.ts) call it.
// SIGTERM/SIGINT drain, within SHUTDOWN_TIMEOUT_MS: /api/ready answers 503 at once, no new
// connections, idle keep-alive connections closed, in-flight requests finish (their answers say
// Connection: close), the workers stop claiming and finish the jobs they hold; then the metrics
// listener, the mailer and the database close and the process exits 0. Past the bound it exits 1
// with a line naming what was still running. A second signal exits 1 at once.
import { serve } from '@hono/node-server';
import { createDb, migrateToLatest } from '@esim/db';
import { createApp } from './app.ts';
import { buildDeps, resolveWebDist } from './deps.ts';
import { loadDotEnv, readEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { createMetrics, startMetricsServer } from './metrics.ts';
import { closeHttpServer, runShutdown } from './shutdown.ts';
import type { Lifecycle } from './types.ts';
import { reconcileOrders } from '@esim/api';
import { createFulfilmentWorker } from './workers/fulfilment.ts';
import { createEsimLifeWorker } from './workers/esim-life.ts';
import { createChatSweep } from './workers/chat-sweep.ts';
import { createCatalogVersionWatcher } from './workers/catalog-version.ts';
import { createRatesFeedWorker } from './workers/rates-feed.ts';
import { EcbDailyRates } from '@esim/api';
import { resolveEsimWebhookSecret } from './esim-secret.ts';

export async function startServer(): Promise<void> {
  loadDotEnv();
  const env = readEnv();
  const log = createLogger(env.LOG_LEVEL);
  const handle = createDb(env.DATABASE_URL);
  const applied = await migrateToLatest(handle.db);
  if (applied.length) log.info('migrated', { applied });

  const lifecycle: Lifecycle = { draining: false, inFlight: 0 };
  const metrics = env.METRICS_PORT > 0 ? createMetrics({ db: handle.db, log, http: true, inFlight: () => lifecycle.inFlight }) : undefined;
  const deps = buildDeps(env, handle.db, log, resolveWebDist(env, log), {
    esimWebhookSecret: await resolveEsimWebhookSecret(env, handle.db),
    metrics,
    lifecycle,
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
  // Live chat: unanswered chats become tickets (every instance sweeps; each chat moves once).
  const chatSweep = createChatSweep(deps, { intervalMs: 5_000 });
  chatSweep.start();
  // Exchange rates: the daily feed, only when configured (no outside host otherwise).
  const ratesWorker = env.EXCHANGE_RATES_FEED_URL
    ? createRatesFeedWorker(deps, new EcbDailyRates(env.EXCHANGE_RATES_FEED_URL), { intervalMs: env.EXCHANGE_RATES_FEED_INTERVAL_MS })
    : null;
  ratesWorker?.start();
  reconcileOrders(handle.db, deps.services, { runWork: env.FULFILMENT_INLINE })
    .catch((err: unknown) => log.error('startup reconciliation failed', { error: String((err as Error)?.stack ?? err) }))
    .finally(() => {
      if (env.FULFILMENT_INLINE) {
        worker.start();
        esimWorker.start();
      }
    });

  // Taken (another instance on this machine): a warning, and the shop goes on without metrics.
  const metricsServer = metrics
    ? await startMetricsServer(metrics.registry, { host: env.METRICS_HOST ?? env.HOST, port: env.METRICS_PORT, log })
    : null;

  const stop = async (signal: string) => {
    if (lifecycle.draining) {
      log.error('second signal during shutdown: exiting now', { signal, inFlightRequests: lifecycle.inFlight });
      process.exit(1);
    }
    lifecycle.draining = true;
    log.info('shutting down', { signal, inFlightRequests: lifecycle.inFlight, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
    catalogWatcher.stop();
    const result = await runShutdown(
      [
        [
          { name: 'http requests', run: () => closeHttpServer(server as never) },
          { name: 'fulfilment worker', run: () => worker.stop() },
          { name: 'eSIM worker', run: () => esimWorker.stop() },
          { name: 'chat sweep', run: () => chatSweep.stop() },
          { name: 'exchange rates feed', run: () => ratesWorker?.stop() ?? Promise.resolve() },
        ],
        [
          { name: 'metrics listener', run: () => metricsServer?.close() ?? Promise.resolve() },
          { name: 'mailer', run: () => deps.services.mailer.close() },
        ],
        [{ name: 'database', run: () => handle.close() }],
      ],
      { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, log },
    );
    if (result.ok) {
      log.info('shut down', { signal });
      process.exit(0);
    }
    log.error('shutdown timed out', {
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      stillRunning: result.pending,
      inFlightRequests: lifecycle.inFlight,
    });
    process.exit(1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
