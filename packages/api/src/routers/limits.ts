// Per-client request limits as procedure middleware (domain/rate-limit.ts rules, counted by
// services/shared/rate-limit.ts): put after .input(), so only requests with valid input are counted, and
// before the service runs. Allowlisted clients (RATE_LIMIT_ALLOWLIST) are not counted.
import type { RateRule } from '../domain/rate-limit.ts';
import { enforceClientRate } from '../services/shared/rate-limit.ts';
import { middleware } from '../trpc.ts';

/** Counts the request against each rule in turn; the first one over its limit answers 429 TOO_MANY_REQUESTS. */
export function limitPerClient(...rules: readonly RateRule[]) {
  return middleware(async ({ ctx, next }) => {
    for (const rule of rules) await enforceClientRate(ctx.db, ctx.services, rule, ctx.req.ip);
    return next();
  });
}
