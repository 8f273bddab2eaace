// Retry with exponential back-off; the caller decides what is worth retrying. The sleep (and
// jitter) come in as options so tests run without waiting.

export interface RetryOptions {
  /** Total attempts, including the first (≥ 1). */
  attempts: number;
  /** Delay before the first retry; doubles (× factor) each time. */
  baseMs: number;
  /** Cap on one delay (default 30 000 ms). */
  maxMs?: number | undefined;
  /** Default 2. */
  factor?: number | undefined;
  /** Default: setTimeout. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Returns a number in [0, 1); the delay is scaled by 0.5 + r/2 ("equal jitter"). Default: no jitter. */
  jitter?: (() => number) | undefined;
  /** Whether this error is worth another attempt (default: always). */
  shouldRetry?: ((error: unknown, attempt: number) => boolean) | undefined;
  onRetry?: ((error: unknown, attempt: number, delayMs: number) => void) | undefined;
}

/** Delay before retry number `retry` (1-based): baseMs × factor^(retry−1), capped at maxMs. */
export function backoffDelay(retry: number, baseMs: number, maxMs = 30_000, factor = 2): number {
  return Math.min(maxMs, baseMs * factor ** Math.max(0, retry - 1));
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Calls fn(attempt) until it resolves or the attempts run out; rethrows the last error. */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const attempts = Math.max(1, Math.floor(opts.attempts));
  const sleep = opts.sleep ?? realSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (attempt >= attempts || (opts.shouldRetry && !opts.shouldRetry(e, attempt))) throw e;
      let delay = backoffDelay(attempt, opts.baseMs, opts.maxMs, opts.factor);
      if (opts.jitter) delay = Math.round(delay * (0.5 + opts.jitter() / 2));
      opts.onRetry?.(e, attempt, delay);
      await sleep(delay);
    }
  }
}
