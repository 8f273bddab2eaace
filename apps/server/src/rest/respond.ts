// Shared by every REST adapter: turn whatever a procedure threw into a 4xx/5xx JSON
// answer of the shape { error: { code, message, details? } }.
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from 'hono';
import type { AppEnv } from '../types.ts';
import { OwnedBodies, completeResponse, sendOneOff } from '../response.ts';
import { AppError, APP_ERRORS, TRPC_TO_HTTP, serialized, type Serialized } from '@esim/api';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function errorResponse(err: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  const cause = err instanceof TRPCError ? err.cause ?? err : err;
  if (cause instanceof AppError) {
    const body: ErrorBody = { error: { code: cause.code, message: cause.message } };
    if (cause.details) body.error.details = cause.details;
    return { status: APP_ERRORS[cause.code].http as ContentfulStatusCode, body };
  }
  if (cause instanceof ZodError) {
    const issues = cause.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    const first = issues[0];
    const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
    return { status: 400, body: { error: { code: 'BAD_INPUT', message, details: issues } } };
  }
  if (err instanceof TRPCError) {
    const status = (TRPC_TO_HTTP[err.code] ?? 500) as ContentfulStatusCode;
    const code = status === 500 ? 'INTERNAL' : err.code;
    const message = status === 500 ? APP_ERRORS.INTERNAL.message : err.message;
    return { status, body: { error: { code, message } } };
  }
  return { status: 500, body: { error: { code: 'INTERNAL', message: APP_ERRORS.INTERNAL.message } } };
}

/** The Retry-After value for a 429 whose details say when to retry (seconds), else undefined. */
export function retryAfterOf(status: number, body: ErrorBody): string | undefined {
  const retry = (body.error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return status === 429 && typeof retry === 'number' ? String(retry) : undefined;
}

/** A path or query value that must be a positive integer ('12'); anything else is BAD_INPUT naming the field. */
export function positiveIntParam(value: string | undefined, name: string): number {
  const n = value !== undefined && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) {
    throw new AppError('BAD_INPUT', `${name} must be a positive integer`, { field: name });
  }
  return n;
}

/** Catalogue answers may be cached briefly by anyone: the spec's client keeps plans for 60 s anyway. */
export const PUBLIC_SHORT_CACHE = 'public, max-age=60';

const ownedJson = new OwnedBodies();
const jsonHeaders = new WeakMap<Serialized, Readonly<Record<string, string>>>();

/**
 * A JSON 200 with an ETag (304 when the client has it) and a short public cache. Cached
 * (frozen) values are serialized once (serialized() in @esim/api), and their compressed bodies
 * and header records are made once (OwnedBodies).
 */
export function sendJson(c: Context<AppEnv>, value: unknown): Response {
  const s = serialized(value);
  let headers = jsonHeaders.get(s);
  if (!headers) {
    headers = { 'Content-Type': 'application/json', ETag: s.etag, 'Cache-Control': PUBLIC_SHORT_CACHE, Vary: 'Accept-Encoding' };
    if (Object.isFrozen(value)) jsonHeaders.set(s, headers);
  }
  if (c.req.header('if-none-match') === s.etag) {
    return completeResponse(c, null, 304, { ETag: s.etag, 'Cache-Control': PUBLIC_SHORT_CACHE, Vary: 'Accept-Encoding' });
  }
  return Object.isFrozen(value) ? ownedJson.send(c, s, s.body, headers) : sendOneOff(c, s.body, { ...headers });
}
