// Exponential back-off: the delay before a retry. The retrying itself belongs to its callers,
// which keep their state between attempts in the database (provisioning, e-mails, refunds) or
// honour the provider's Retry-After (providers/esim/http.ts).

/** Delay before retry number `retry` (1-based): baseMs × factor^(retry−1), capped at maxMs. */
export function backoffDelay(retry: number, baseMs: number, maxMs = 30_000, factor = 2): number {
  return Math.min(maxMs, baseMs * factor ** Math.max(0, retry - 1));
}
