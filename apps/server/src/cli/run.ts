// runCli(argv): node dist/cli.js <command> (cli.ts) and `esim-shop <command>` (the release binary): database chores, with DATABASE_URL from env.ts.
//   migrate   apply pending migrations
//   seed      insert missing catalogue rows (idempotent)
//   setup     migrate + seed (what `npm start` runs first)
//   esim      esim simulate <iccid> install|activate|use <MB>|expire (the simulator; cli/esim.ts)
//   subscriptions  subscriptions advance <SUB-…> [--fail] (demo renewals; cli/subscriptions.ts)
//   catalog   catalog sync [--dry-run]: the eSIM provider's packages into regions and plans (cli/catalog.ts)
//   payments  payments register-domain [domain]: the domain with Stripe for Apple Pay and Google Pay (cli/payments.ts)
//   worker    run the fulfilment worker (provisioning, e-mail, retries, refunds) until SIGTERM, for a
//             web server started with FULFILMENT_INLINE=0 (several workers may share the database)
import { reconcileOrders } from '@esim/api';
import { createDb, migrateToLatest, seed } from '@esim/db';
import { buildServices } from '../deps.ts';
import { loadDotEnv, readEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { createMetrics, startMetricsServer } from '../metrics.ts';
import { runShutdown } from '../shutdown.ts';
import { createFulfilmentWorker } from '../workers/fulfilment.ts';
import { createEsimLifeWorker } from '../workers/esim-life.ts';
import { resolveEsimWebhookSecret } from '../esim-secret.ts';
import { esimCommand } from './esim.ts';
import { catalogCommand } from './catalog.ts';
import { subscriptionsCommand } from './subscriptions.ts';
import { backupCommand, restoreCommand } from './backup.ts';
import { healthCommand } from './health.ts';
import { paymentsCommand } from './payments.ts';
import { CliExit, type CliCommandSpec } from './types.ts';

export const commands: Record<string, CliCommandSpec> = {
  esim: esimCommand,
  catalog: catalogCommand,
  subscriptions: subscriptionsCommand,
  backup: backupCommand,
  restore: restoreCommand,
  health: healthCommand,
  payments: paymentsCommand,
  migrate: {
    help: 'apply pending migrations',
    run: async ({ db, log }) => {
      const applied = await migrateToLatest(db);
      log.info('migrate', { applied });
    },
  },
  seed: {
    help: 'insert missing catalogue rows (idempotent)',
    run: async ({ db, log }) => {
      log.info('seed', { inserted: await seed(db) });
    },
  },
  worker: {
    help: 'run the fulfilment worker until SIGTERM (beside a server with FULFILMENT_INLINE=0)',
    run: async ({ db, log }) => {
      const env = { ...readEnv(), FULFILMENT_INLINE: true };
      // Its own metrics listener (same METRICS_PORT; taken by a server on this machine: a warning, no metrics).
      const metrics = env.METRICS_PORT > 0 ? createMetrics({ db, log, http: false }) : undefined;
      const services = buildServices(env, db, log, { esimWebhookSecret: await resolveEsimWebhookSecret(env, db), metrics });
      const worker = createFulfilmentWorker({ db, services, log }, { intervalMs: env.WORKER_INTERVAL_MS, keepAlive: true });
      const esimWorker = createEsimLifeWorker(
        { db, services, log },
        { intervalMs: env.ESIM_POLL_INTERVAL_MS, batch: env.ESIM_POLL_BATCH, timeScale: env.ESIM_SIMULATOR_TIME_SCALE, keepAlive: true },
      );
      let signalled: (signal: string) => void = () => undefined;
      const stopped = new Promise<string>((resolve) => {
        signalled = resolve;
      });
      let signals = 0;
      const onSignal = (signal: string) => {
        signals += 1;
        if (signals === 1) return signalled(signal);
        log.error('second signal during shutdown: exiting now', { signal });
        process.exit(1);
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
      const metricsServer = metrics
        ? await startMetricsServer(metrics.registry, { host: env.METRICS_HOST ?? env.HOST, port: env.METRICS_PORT, log })
        : null;
      // Leases of a dead worker expire on their own; a live web server may hold some, so keep them.
      await reconcileOrders(db, services);
      worker.start();
      esimWorker.start();
      log.info('fulfilment worker running', { intervalMs: env.WORKER_INTERVAL_MS, esimPollIntervalMs: env.ESIM_POLL_INTERVAL_MS });
      const signal = await stopped;
      log.info('shutting down', { signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
      // No new jobs are claimed; the ones held finish. runCli closes the database afterwards.
      const result = await runShutdown(
        [
          [
            { name: 'fulfilment worker', run: () => worker.stop() },
            { name: 'eSIM worker', run: () => esimWorker.stop() },
          ],
          [
            { name: 'metrics listener', run: () => metricsServer?.close() ?? Promise.resolve() },
            { name: 'mailer', run: () => services.mailer.close() },
          ],
        ],
        { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, log },
      );
      if (!result.ok) {
        log.error('shutdown timed out', { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, stillRunning: result.pending });
        process.exit(1);
      }
      log.info('shut down', { signal });
    },
  },
  setup: {
    help: 'migrate + seed',
    run: async (ctx, args) => {
      await commands.migrate!.run(ctx, args);
      await commands.seed!.run(ctx, args);
    },
  },
};

function usage(): string {
  return `usage: node dist/cli.js <command>\n${Object.entries(commands)
    .map(([name, c]) => `  ${name.padEnd(14)}${c.help}`)
    .join('\n')}\n`;
}

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(usage());
    return name === '--help' || name === 'help' ? 0 : 2;
  }
  let env: ReturnType<typeof readEnv>;
  try {
    loadDotEnv();
    env = readEnv();
  } catch (e) {
    // A setting a person must fix (e.g. a provider chosen without its credentials): the message, no stack.
    process.stderr.write(`${(e as Error).message}
`);
    return 2;
  }
  const log = createLogger(env.LOG_LEVEL);
  const handle = command.needsDb === false ? null : createDb(env.DATABASE_URL);
  try {
    if (command.needsDb === false) await command.run({ log }, args);
    else await command.run({ db: handle!.db, log }, args);
    return 0;
  } catch (err) {
    if (err instanceof CliExit) {
      process.stderr.write(`${err.message}\n`);
      return err.exitCode;
    }
    log.error(`${name} failed`, { error: String((err as Error)?.message ?? err) });
    return 1;
  } finally {
    await handle?.close();
  }
}
