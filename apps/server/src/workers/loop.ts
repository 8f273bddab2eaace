// What the server's periodic workers (fulfilment.ts, esim-life.ts, catalog-version.ts) share:
//   singleFlight(work, onError): a pass of work that never overlaps itself. run() starts one, or
//     returns the one in flight; a failure goes to onError and the pass resolves to null (a
//     worker's loop never dies of one bad pass); once stopped, run() starts nothing.
//   every(intervalMs, onTick): the timer. It calls onTick every intervalMs from start() until
//     stop(); it keeps the process alive only with keepAlive (the stand-alone `cli.js worker`),
//     never in the web server, which exits on its own signals.
// A worker's stop() stops its timer first, then awaits its passes' stop(): no new pass starts,
// and the ones in flight finish.

export interface SingleFlight<T> {
  /** One pass now, or the one already running; null once stopped, or when the pass failed. */
  run(): Promise<T | null>;
  /** Starts no more passes; resolves when the one in flight has ended. */
  stop(): Promise<void>;
}

export function singleFlight<T>(work: () => Promise<T>, onError: (err: unknown) => void): SingleFlight<T> {
  let running: Promise<T | null> | null = null;
  let stopped = false;
  return {
    run() {
      if (running) return running;
      if (stopped) return Promise.resolve(null);
      running = work()
        .catch((err: unknown) => {
          onError(err);
          return null;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

export interface Every {
  /** Starts the timer (again after stop() too); a second start() while it runs does nothing. */
  start(): void;
  stop(): void;
  readonly running: boolean;
}

export function every(intervalMs: number, onTick: () => void, opts: { keepAlive?: boolean } = {}): Every {
  let timer: NodeJS.Timeout | null = null;
  return {
    start() {
      if (timer) return;
      timer = setInterval(onTick, intervalMs);
      if (!opts.keepAlive) timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    get running() {
      return timer !== null;
    },
  };
}

/** The log line of a failed pass: the error's stack, or the value thrown. */
export const errorText = (err: unknown): string => String((err as Error)?.stack ?? err);
