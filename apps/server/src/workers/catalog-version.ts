// Watches the catalogue version row (app_settings 'catalog_version') that `cli.js catalog sync`
// bumps in its transaction: when another process changed the catalogue, this server's in-memory
// catalogue is dropped and the next read loads the new one. One small query every `intervalMs`
// on a timer, never on a request. Started by main.ts; stop() ends it.
import { readCatalogVersion } from '@esim/api';
import type { AppDeps } from '../types.ts';

export interface CatalogVersionWatcher {
  start(): Promise<void>;
  /** One check now: true when the version changed and the cache was invalidated. */
  check(): Promise<boolean>;
  stop(): void;
}

export function createCatalogVersionWatcher(
  deps: Pick<AppDeps, 'db' | 'services' | 'log'>,
  opts: { intervalMs: number },
): CatalogVersionWatcher {
  let seen: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let busy = false;

  const check = async (): Promise<boolean> => {
    const version = await readCatalogVersion(deps.db);
    if (seen === null || version === seen) {
      seen = version;
      return false;
    }
    seen = version;
    deps.services.catalog.invalidate();
    deps.log.info('catalogue changed by another process; reloaded', { version });
    return true;
  };

  return {
    async start() {
      await check().catch(() => undefined);
      timer = setInterval(() => {
        if (busy) return;
        busy = true;
        check()
          .catch((e: unknown) => deps.log.warn('catalogue version check failed', { error: String((e as Error)?.message ?? e) }))
          .finally(() => {
            busy = false;
          });
      }, opts.intervalMs);
      timer.unref();
    },
    check,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
