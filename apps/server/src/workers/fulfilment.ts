// The fulfilment worker: every `intervalMs` it runs one pass of due work (provisioning retries
// with back-off, asynchronous eSIM polls, refunds after the last attempt, e-mail retries), and,
// on its own track so slow payment-provider calls never hold up deliveries, one pass of the
// pending-order expiry sweep (its cursor lives here; a round that reached its end waits
// expirySweepMs before the next).
// Started by main.ts after the startup reconciliation; stop() waits for the passes in flight and
// the background queue. tick() runs one pass now; sweep() one expiry pass (tests call them).
import { expireStaleOrders, newExpiryCursor, runDueWork, type DueWorkResult, type ExpirySweepResult } from '@esim/api';
import type { AppDeps } from '../types.ts';

export interface FulfilmentWorker {
  start(): void;
  /** One pass now (or the one already running). */
  tick(): Promise<DueWorkResult | null>;
  /** One pass of the expiry sweep now (or the one already running), whatever its pause. */
  sweep(): Promise<ExpirySweepResult | null>;
  stop(): Promise<void>;
}

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

  const tick = (): Promise<DueWorkResult | null> => {
    if (running) return running;
    if (stopped) return Promise.resolve(null);
    running = runDueWork(deps.db, deps.services)
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
      }, opts.intervalMs);
      if (!opts.keepAlive) timer.unref();
    },
    tick,
    sweep,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      deps.services.jobs.pause();
      await running;
      await sweeping;
      await deps.services.jobs.idle();
    },
  };
}
