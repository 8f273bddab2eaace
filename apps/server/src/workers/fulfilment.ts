// The fulfilment worker: every `intervalMs` it runs one pass of due work (provisioning retries
// with back-off, asynchronous eSIM polls, refunds after the last attempt, e-mail retries, refunds
// travellers asked for that were left half-done), and,
// on its own track so slow payment-provider calls never hold up deliveries, one pass of the
// pending-order expiry sweep (its cursor lives here; a round that reached its end waits
// expirySweepMs before the next).
// Once a minute (sooner while there is a backlog) it also deletes a bounded batch of request-limit
// counters of past windows and stale failure-throttle rows (pruneRateLimits), off the request path.
// Started by main.ts after the startup reconciliation; stop() waits for the passes in flight and
// the background queue. The timer and the passes are loop.ts's, as in the other workers. tick() runs one pass now; sweep() one expiry pass; prune() one pruning pass (tests call them).
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
import { errorText, every, singleFlight } from './loop.ts';

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
  const failed = (what: string) => (err: unknown) => deps.log.error(what, { error: errorText(err) });

  const cursor = newExpiryCursor();
  let nextSweepAt = 0;
  const sweeps = singleFlight(
    () =>
      expireStaleOrders(deps.db, deps.services, cursor).then(
        (r) => {
          nextSweepAt = r.roundDone ? Date.now() + deps.services.fulfilment.expirySweepMs : 0;
          return r;
        },
        (err: unknown) => {
          nextSweepAt = Date.now() + deps.services.fulfilment.expirySweepMs;
          throw err;
        },
      ),
    failed('pending order expiry pass failed'),
  );

  let nextPruneAt = 0;
  const prunes = singleFlight(async () => {
    nextPruneAt = Date.now() + PRUNE_INTERVAL_MS;
    const r = await pruneRateLimits(deps.db, deps.services.now(), PRUNE_BATCH);
    // a full batch: more are waiting, so go on at the next tick
    if (r.counters === PRUNE_BATCH || r.throttles === PRUNE_BATCH) nextPruneAt = 0;
    return r;
  }, failed('rate-limit pruning failed'));

  const passes = singleFlight(async () => {
    const work = await runDueWork(deps.db, deps.services);
    // Refunds a traveller asked for that a crash or an outage left half-done.
    await finishClaimedRefunds(deps.db, deps.services).catch(failed('finishing claimed refunds failed'));
    return work;
  }, failed('fulfilment worker pass failed'));

  let stopped = false;
  const timer = every(
    opts.intervalMs,
    () => {
      void passes.run();
      if (Date.now() >= nextSweepAt) void sweeps.run();
      if (Date.now() >= nextPruneAt) void prunes.run();
    },
    opts,
  );

  return {
    start() {
      if (!stopped) timer.start();
    },
    tick: passes.run,
    sweep: sweeps.run,
    prune: prunes.run,
    async stop() {
      stopped = true;
      timer.stop();
      deps.services.jobs.pause();
      await Promise.all([passes.stop(), sweeps.stop(), prunes.stop()]);
      await deps.services.jobs.idle();
    },
  };
}
