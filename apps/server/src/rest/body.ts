// Request bodies for the REST adapters and tRPC: JSON, bounded in size; malformed JSON is a 400,
// never a 500. A body over the limit is refused before it is read: by its Content-Length when it
// has one, else while it streams in (chunked), stopping at the limit.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '@esim/api';
import type { AppEnv } from '../types.ts';
import { closeConnectionAfterResponse } from '../middleware/close-on-refusal.ts';
import { sendError } from '../response.ts';

export const MAX_JSON_BODY = 64 * 1024;

/**
 * 413 { error: { code: 'PAYLOAD_TOO_LARGE', message, details? } } with `Connection: close`: the
 * body was not read, so the connection ends after this answer (middleware/close-on-refusal.ts).
 */
export function payloadTooLarge(
  c: Context<AppEnv>,
  message = 'The request body is too large.',
  details?: Record<string, unknown>,
): Response {
  closeConnectionAfterResponse(c);
  return sendError(c, 413, 'PAYLOAD_TOO_LARGE', message, details ? { details } : undefined);
}

const tooLargeMessage = (maxSize: number) => `The request body is too large (at most ${Math.floor(maxSize / 1024)} KiB).`;

/** Refuses bodies over `maxSize` (default MAX_JSON_BODY) with 413 { error: { code: 'PAYLOAD_TOO_LARGE' } }. */
export function jsonBodyLimit(maxSize = MAX_JSON_BODY): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize, onError: (c) => payloadTooLarge(c, tooLargeMessage(maxSize), { maxBytes: maxSize }) });
}

/**
 * jsonBodyLimit's check without its cost when the request says its length: hono's bodyLimit reads
 * c.req.raw.body, which makes @hono/node-server build a web ReadableStream for every request
 * (about a third of a checkout call's CPU in the orders bench); c.req.text() then reads the Node
 * stream directly. Chunked bodies (no Content-Length) still go through bodyLimit, which stops
 * reading at the limit and hands the handler a copy of what it read.
 */
export function fastJsonBodyLimit(maxSize = MAX_JSON_BODY): MiddlewareHandler<AppEnv> {
  const fallback = jsonBodyLimit(maxSize);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined && /^\d{1,15}$/.test(length)) {
      if (Number(length) > maxSize) return payloadTooLarge(c, tooLargeMessage(maxSize), { maxBytes: maxSize });
      return next();
    }
    return fallback(c, next);
  };
}

/** The parsed JSON body; an empty body is {}. Malformed JSON → AppError BAD_INPUT (400). */
export async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BAD_INPUT', 'The request body is not valid JSON.');
  }
}
