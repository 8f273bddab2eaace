// Liveness and readiness, for load balancers, orchestrators and `esim-shop health`.
//   GET /api/health  200 { status: 'ok', time }: the process answers; never touches the database.
//   GET /api/ready   200 { status: 'ready', database: 'ok', fulfilment: {…}, email: {…} } when the
//                    database answers `select 1` within READY_DB_TIMEOUT_MS; the backlogs are counts
//                    and the oldest item's age in seconds (services/shared/operations-stats.ts).
//                    503 { status: 'draining' } from the shutdown signal on (take this instance out
//                    of rotation), 503 { status: 'unavailable', database: 'unreachable' } when the
//                    database does not answer (the reason goes to the log, not to the client).
// Mounted before the session, CSRF and body layers: no cookie lookup, no rate limit. Answers are
// `Cache-Control: no-store`. The database reading is shared for READY_CACHE_MS, so probes from
// anywhere cannot load the database.
import { Hono } from 'hono';
import { pingDatabase, readBacklog, type BacklogStats } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';

export const READY_DB_TIMEOUT_MS = 2000;
export const READY_CACHE_MS = 1000;

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

type Reading = { ok: true; backlog: BacklogStats } | { ok: false };

export function healthRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  let reading: Promise<Reading> | null = null;
  let readAt = 0;
  const read = (): Promise<Reading> => {
    const now = Date.now();
    if (reading && now - readAt < READY_CACHE_MS) return reading;
    readAt = now;
    reading = (async (): Promise<Reading> => {
      try {
        await pingDatabase(deps.db, READY_DB_TIMEOUT_MS);
        return { ok: true, backlog: await readBacklog(deps.db, deps.services.now()) };
      } catch (err) {
        deps.log.warn('readiness: the database did not answer', { route: '/api/ready', error: String((err as Error)?.message ?? err) });
        return { ok: false };
      }
    })();
    return reading;
  };

  app.get('/health', (c) => c.json({ status: 'ok', time: deps.services.now().toISOString() }, 200, NO_STORE));

  app.get('/ready', async (c) => {
    if (deps.lifecycle?.draining) return c.json({ status: 'draining' }, 503, NO_STORE);
    const r = await read();
    // The signal may have come while the database was read.
    if (deps.lifecycle?.draining) return c.json({ status: 'draining' }, 503, NO_STORE);
    if (!r.ok) return c.json({ status: 'unavailable', database: 'unreachable' }, 503, NO_STORE);
    return c.json({ status: 'ready', database: 'ok', ...r.backlog }, 200, NO_STORE);
  });

  return app;
}
