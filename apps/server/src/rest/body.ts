// Request bodies for the REST adapters: JSON, bounded in size; malformed JSON is a 400, never a 500.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '@esim/api';
import type { AppEnv } from '../types.ts';

export const MAX_JSON_BODY = 64 * 1024;

/** Refuses bodies over MAX_JSON_BODY with 413 { error: { code: 'PAYLOAD_TOO_LARGE' } }. */
export function jsonBodyLimit(): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: MAX_JSON_BODY,
    onError: (c) => c.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' } }, 413),
  });
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
