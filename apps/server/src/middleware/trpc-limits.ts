// Limits on /api/trpc/* requests, checked before anything is read or called:
// - at most MAX_TRPC_BATCH_CALLS procedure calls in one request (a batch names them in its path:
//   /api/trpc/a,b,c?batch=1), for GET and POST alike;
// - a body of at most MAX_JSON_BODY (the REST paths' limit): refused by its Content-Length, or,
//   for a chunked body, while it streams in (the tRPC adapter then reads the copy bodyLimit made).
// Both answer 413 in the REST shape { error: { code: 'PAYLOAD_TOO_LARGE', message, details } }
// (not tRPC's envelope: the request is refused before tRPC sees it, and the web client never
// sends one, its httpBatchLink has the same maxItems). close-on-refusal.ts closes the connection.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.ts';
import { MAX_JSON_BODY, fastJsonBodyLimit, payloadTooLarge } from '../rest/body.ts';

/** The web client's httpBatchLink uses the same number as its maxItems (apps/web/src/lib/trpc.ts). */
export const MAX_TRPC_BATCH_CALLS = 20;

/** Procedure calls a tRPC path names: one plus its commas, plain or percent-encoded (tRPC decodes them). */
export function trpcCallCount(pathAfterEndpoint: string): number {
  return (pathAfterEndpoint.match(/,|%2c/gi)?.length ?? 0) + 1;
}

export function trpcLimits(endpoint = '/api/trpc'): MiddlewareHandler<AppEnv> {
  const bodyLimit = fastJsonBodyLimit(MAX_JSON_BODY);
  const prefixLength = endpoint.length + 1;
  return async (c, next) => {
    const calls = trpcCallCount(c.req.path.slice(prefixLength));
    if (calls > MAX_TRPC_BATCH_CALLS) {
      return payloadTooLarge(c, `Too many calls in one request: ${calls}; at most ${MAX_TRPC_BATCH_CALLS} per batch.`, {
        maxCalls: MAX_TRPC_BATCH_CALLS,
        calls,
      });
    }
    return bodyLimit(c, next);
  };
}
