// Shared by every REST adapter: turn whatever a procedure threw into a 4xx/5xx JSON
// answer of the shape { error: { code, message, details? } }.
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from 'hono';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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

/** A path or query value that must be a positive integer ('12'); anything else is BAD_INPUT naming the field. */
export function positiveIntParam(value: string | undefined, name: string): number {
  const n = value !== undefined && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) {
    throw new AppError('BAD_INPUT', `${name} must be a positive integer`, { field: name });
  }
  return n;
}

/** Brotli or gzip bytes of a memoized body, made on first request and kept with it. */
const encodedBodies = new WeakMap<Serialized, { br?: Buffer; gzip?: Buffer }>();
const MIN_COMPRESS = 1024;

/** The best encoding the client accepts for a precompressed body: br, then gzip (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

function encodedBody(s: Serialized, encoding: 'br' | 'gzip'): Buffer {
  let e = encodedBodies.get(s);
  if (!e) encodedBodies.set(s, (e = {}));
  return (e[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(s.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(s.body, { level: 9 }));
}

/**
 * A JSON 200 with an ETag (304 when the client has it) and a short public cache:
 * the spec's client caches plans for 60 s anyway. Cached (frozen) values are
 * serialized once (serialized() in @esim/api) and compressed once per encoding.
 */
export function sendJson(c: Context, value: unknown, cacheControl = 'public, max-age=60'): Response {
  const s = serialized(value);
  if (c.req.header('if-none-match') === s.etag) {
    return c.body(null, 304, { ETag: s.etag, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' });
  }
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ETag: s.etag,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
  };
  const encoding = s.body.length >= MIN_COMPRESS && Object.isFrozen(value) ? pickEncoding(c.req.header('accept-encoding')) : null;
  if (!encoding) return c.body(s.body, 200, headers);
  headers['Content-Encoding'] = encoding;
  return c.body(new Uint8Array(encodedBody(s, encoding)), 200, headers);
}
