// The fulfilment worker: every `intervalMs` it runs one pass of due work (provisioning retries
// with back-off, asynchronous eSIM polls, refunds after the last attempt, e-mail retries).
// Started by main.ts after the startup reconciliation; stop() waits for the pass in flight and
// the background queue. tick() runs one pass now (tests call it).
import { runDueWork, type DueWorkResult } from '@esim/api';
import type { AppDeps } from '../types.ts';

export interface FulfilmentWorker {
  start(): void;
  /** One pass now (or the one already running). */
  tick(): Promise<DueWorkResult | null>;
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
      timer = setInterval(() => void tick(), opts.intervalMs);
      if (!opts.keepAlive) timer.unref();
    },
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      deps.services.jobs.pause();
      await running;
      await deps.services.jobs.idle();
    },
  };
}
