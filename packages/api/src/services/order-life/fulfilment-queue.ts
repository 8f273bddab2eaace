// In-process background work after a payment is recorded: provisioning an order, sending an
// e-mail. Bounded concurrency, one job per key at a time (a second run of a key that is queued
// or running is dropped: the job re-reads the database anyway), and idle() for tests.
// This is only the fast path: every job is also picked up by the worker's tick from the database
// (leases, next_attempt_at), so a lost job — a crash, a full queue — delays work, never loses it.

export interface JobQueueOptions {
  /** Jobs running at once (default 4). */
  concurrency?: number | undefined;
  /** Jobs waiting beyond this are dropped and left to the worker (default 10 000). */
  maxQueued?: number | undefined;
  onError?: ((error: unknown, key: string) => void) | undefined;
  /**
   * false: run() queues nothing and the work waits for a worker's tick — for a web process whose
   * fulfilment runs in a separate worker process (FULFILMENT_INLINE=0). Default true.
   */
  enabled?: boolean | undefined;
}

export class JobQueue {
  private readonly concurrency: number;
  private readonly maxQueued: number;
  private readonly onError: (error: unknown, key: string) => void;
  private readonly waiting: { key: string; fn: () => Promise<unknown> }[] = [];
  private readonly keys = new Set<string>();
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  private paused = false;
  readonly enabled: boolean;

  constructor(opts: JobQueueOptions = {}) {
    this.enabled = opts.enabled ?? true;
    this.concurrency = Math.max(1, opts.concurrency ?? 4);
    this.maxQueued = opts.maxQueued ?? 10_000;
    this.onError = opts.onError ?? (() => undefined);
  }

  /** Queues `fn` under `key`; false when the key is already queued or running, or the queue is full. */
  run(key: string, fn: () => Promise<unknown>): boolean {
    if (!this.enabled || this.keys.has(key) || this.waiting.length >= this.maxQueued) return false;
    this.keys.add(key);
    this.waiting.push({ key, fn });
    this.pump();
    return true;
  }

  get size(): number {
    return this.waiting.length + this.running;
  }

  /** Stops starting jobs (running ones finish); for shutdown. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    if (this.size === 0 || (this.paused && this.running === 0)) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (!this.paused && this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running++;
      // Start on a later tick, so the caller's response goes out first.
      setImmediate(() => {
        job
          .fn()
          .catch((e: unknown) => this.onError(e, job.key))
          .finally(() => {
            this.running--;
            this.keys.delete(job.key);
            this.pump();
            if (this.size === 0 || (this.paused && this.running === 0)) {
              const waiters = this.idleWaiters;
              this.idleWaiters = [];
              for (const w of waiters) w();
            }
          });
      });
    }
  }
}
