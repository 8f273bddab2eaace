// The fulfilment worker: every `intervalMs` it runs one pass of due work (provisioning retries
// with back-off, asynchronous eSIM polls, refunds after the last attempt, e-mail retries, refunds
// travellers asked for that were left half-done), and,
// on its own track so slow payment-provider calls never hold up deliveries, one pass of the
// pending-order expiry sweep (its cursor lives here; a round that reached its end waits
// expirySweepMs before the next).
// Once a minute (sooner while there is a backlog) it also deletes a bounded batch of request-limit
// counters of past windows and stale failure-throttle rows (pruneRateLimits), off the request path.
// Started by main.ts after the startup reconciliation; stop() waits for the passes in flight and
// the background queue. tick() runs one pass now; sweep() one expiry pass; prune() one pruning pass (tests call them).
import {
  expireStaleOrders,
  finishClaimedRefunds,
  newExpiryCursor,
  pruneRateLimits,
  runDueWork,
  type DueWorkResult,
  type ExpirySweepResult,
} from '@esim/api';
import type { AppDeps } from '../types.ts';

export interface FulfilmentWorker {
  start(): void;
  /** One pass now (or the one already running). */
  tick(): Promise<DueWorkResult | null>;
  /** One pass of the expiry sweep now (or the one already running), whatever its pause. */
  sweep(): Promise<ExpirySweepResult | null>;
  /** One pruning pass of the request-limit tables now (or the one already running). */
  prune(): Promise<PruneResult | null>;
  stop(): Promise<void>;
}

type PruneResult = Awaited<ReturnType<typeof pruneRateLimits>>;

/** How often the request-limit tables are pruned, and how many rows of each a pass deletes at most. */
const PRUNE_INTERVAL_MS = 60_000;
const PRUNE_BATCH = 1000;

export function createFulfilmentWorker(
  deps: Pick<AppDeps, 'db' | 'services' | 'log'>,
  /** keepAlive: the timer holds the process open (the stand-alone worker); default: it does not (the web server). */
  opts: { intervalMs: number; keepAlive?: boolean },
): FulfilmentWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DueWorkResult | null> | null = null;
  let stopped = false;

  const cursor = newExpiryCursor();
  let sweeping: Promise<ExpirySweepResult | null> | null = null;
  let nextSweepAt = 0;

  const sweep = (): Promise<ExpirySweepResult | null> => {
    if (sweeping) return sweeping;
    if (stopped) return Promise.resolve(null);
    sweeping = expireStaleOrders(deps.db, deps.services, cursor)
      .then((r) => {
        nextSweepAt = r.roundDone ? Date.now() + deps.services.fulfilment.expirySweepMs : 0;
        return r;
      })
      .catch((err: unknown) => {
        deps.log.error('pending order expiry pass failed', { error: String((err as Error)?.stack ?? err) });
        nextSweepAt = Date.now() + deps.services.fulfilment.expirySweepMs;
        return null;
      })
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };

  let pruning: Promise<PruneResult | null> | null = null;
  let nextPruneAt = 0;

  const prune = (): Promise<PruneResult | null> => {
    if (pruning) return pruning;
    if (stopped) return Promise.resolve(null);
    nextPruneAt = Date.now() + PRUNE_INTERVAL_MS;
    pruning = pruneRateLimits(deps.db, deps.services.now(), PRUNE_BATCH)
      .then((r) => {
        // a full batch: more are waiting, so go on at the next tick
        if (r.counters === PRUNE_BATCH || r.throttles === PRUNE_BATCH) nextPruneAt = 0;
        return r;
      })
      .catch((err: unknown) => {
        deps.log.error('rate-limit pruning failed', { error: String((err as Error)?.stack ?? err) });
        return null;
      })
      .finally(() => {
        pruning = null;
      });
    return pruning;
  };

  const tick = (): Promise<DueWorkResult | null> => {
    if (running) return running;
    if (stopped) return Promise.resolve(null);
    running = runDueWork(deps.db, deps.services)
      .then(async (work) => {
        // Refunds a traveller asked for that a crash or an outage left half-done.
        await finishClaimedRefunds(deps.db, deps.services).catch((err: unknown) =>
          deps.log.error('finishing claimed refunds failed', { error: String((err as Error)?.stack ?? err) }),
        );
        return work;
      })
      .catch((err: unknown) => {
        deps.log.error('fulfilment worker pass failed', { error: String((err as Error)?.stack ?? err) });
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => {
        void tick();
        if (Date.now() >= nextSweepAt) void sweep();
        if (Date.now() >= nextPruneAt) void prune();
      }, opts.intervalMs);
      if (!opts.keepAlive) timer.unref();
    },
    tick,
    sweep,
    prune,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      deps.services.jobs.pause();
      await running;
      await sweeping;
      await pruning;
      await deps.services.jobs.idle();
    },
  };
}
