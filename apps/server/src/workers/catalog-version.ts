// Watches the catalogue version row (app_settings 'catalog_version') that every catalogue change
// bumps in its transaction (an admin edit through any instance, `cli.js catalog sync`): when
// another process changed the catalogue, this server's in-memory catalogue is dropped and the next
// read loads the new one.
//
//   PostgreSQL: one dedicated connection LISTENs on esim_catalog; the bump's NOTIFY arrives when
//   its transaction commits, so siblings reload within milliseconds. The connection reconnects
//   with back-off when it drops (and re-reads the version then: notifications sent meanwhile are
//   lost). The poll below keeps running as the fallback.
//   SQLite (one machine): the poll alone, one indexed single-row read every `intervalMs`.
//
// Timers and the connection never hold a request. Started by serve.ts; stop() ends both.
import { CATALOG_CHANNEL, readCatalogVersion } from '@esim/api';
import { dbKindOf, listenPg, type PgListener } from '@esim/db';
import type { AppDeps } from '../types.ts';
import { every, singleFlight } from './loop.ts';

export interface CatalogVersionWatcher {
  start(): Promise<void>;
  /** One check now: true when the version changed and the cache was invalidated. */
  check(): Promise<boolean>;
  /** True while the PostgreSQL LISTEN connection is up (always false on SQLite). */
  readonly listening: boolean;
  stop(): void;
}

export function createCatalogVersionWatcher(
  deps: Pick<AppDeps, 'db' | 'services' | 'log'> & { env?: Pick<AppDeps['env'], 'DATABASE_URL'> },
  opts: { intervalMs: number; listen?: boolean },
): CatalogVersionWatcher {
  let seen: string | null = null;
  let listener: PgListener | null = null;

  /** Records `version`; invalidates the cache when it differs from the one seen before. */
  const observe = (version: string, via: string): boolean => {
    if (seen === null || version === seen) {
      seen = version;
      return false;
    }
    seen = version;
    deps.services.catalog.invalidate();
    deps.log.info('catalogue changed by another process; reloaded', { version, via });
    return true;
  };

  const check = async (): Promise<boolean> => observe(await readCatalogVersion(deps.db), 'poll');

  const warn = (e: unknown) => deps.log.warn('catalogue version check failed', { error: String((e as Error)?.message ?? e) });
  // The poll: one check at a time (a slow read is not stacked up by the next tick).
  const polls = singleFlight(check, warn);
  const timer = every(opts.intervalMs, () => void polls.run());

  return {
    async start() {
      await check().catch(() => undefined);
      const url = deps.env?.DATABASE_URL;
      if (opts.listen !== false && url && dbKindOf(url) === 'postgres') {
        let lost = false;
        listener = listenPg(url, CATALOG_CHANNEL, {
          onNotify: (version) => {
            if (version) observe(version, 'notify');
            else check().catch(warn);
          },
          onConnect: () => {
            if (lost) deps.log.info('catalogue LISTEN connection restored');
            lost = false;
            // Changes made while nobody listened were not heard: look once.
            check().catch(warn);
          },
          onError: (error, retryInMs) => {
            if (!lost) deps.log.warn('catalogue LISTEN connection lost; polling until it is back', { error: error.message, retryInMs });
            lost = true;
          },
        });
      }
      timer.start();
    },
    check,
    get listening() {
      return listener?.connected ?? false;
    },
    stop() {
      timer.stop();
      void polls.stop();
      void listener?.close();
      listener = null;
    },
  };
}
