// How the server shapes its answers, in one place:
// - errors: whatever a procedure threw → a 4xx/5xx JSON answer { error: { code, message, details? } }
//   (the REST adapters and app.onError);
// - JSON 200s for the REST catalogue, with an ETag and a short public cache;
// - responses built whole on the hot path. The REST catalogue and the tRPC query fast path
//   answer with a plain header record that already holds the security headers (c.var.baseHeaders,
//   set by middleware/security.ts), Vary and, when the client takes it, a precompressed body, so
//   the header middlewares after them have nothing to add. @hono/node-server then writes the
//   record straight to the socket; touching c.res.headers afterwards would first turn it into a
//   web Headers object (a measurable share of a catalogue request; bench/README.md).
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, APP_ERRORS, TRPC_TO_HTTP, serialized, type Serialized } from '@esim/api';
import type { AppEnv } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Errors

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function errorResponse(err: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  const cause = err instanceof TRPCError ? (err.cause ?? err) : err;
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

/** An error the server answers itself (not thrown by a procedure), in the same shape: { error: { code, message, …extra } }. */
export function sendError(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra?: Record<string, unknown>,
): Response {
  return c.json({ error: { code, message, ...extra } }, status);
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

// ---------------------------------------------------------------------------------------------
// Responses built whole

const complete = new WeakSet<Response>();

/** True for responses made by completeResponse() or OwnedBodies: security headers and encoding are final. */
export function isComplete(res: Response): boolean {
  return complete.has(res);
}

export function completeResponse(
  c: Context<AppEnv>,
  body: string | Uint8Array | null,
  status: number,
  headers: Record<string, string>,
): Response {
  const base = c.get('baseHeaders');
  const res = new Response(body, { status, headers: base ? { ...base, ...headers } : headers });
  if (base) complete.add(res);
  return res;
}

/** Bodies shorter than this go out as they are (as hono/compress does). */
export const MIN_COMPRESS = 1024;

/** The best encoding the client accepts for a precompressed body: br, then gzip (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p))) continue;
    const name = rawName.trim();
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

interface Owned {
  br?: Uint8Array;
  gzip?: Uint8Array;
  /** Final header records, per security-header set and encoding. */
  records: Map<object | undefined, Partial<Record<'br' | 'gzip' | 'identity', Readonly<Record<string, string>>>>>;
}

/**
 * Answers whose body belongs to a long-lived object (a cached, frozen value): the compressed
 * copies of the body and the complete header records are made on first request and kept as long
 * as that object lives. Contract: for one instance, the body and headers passed with an owner
 * must depend on that owner alone.
 */
export class OwnedBodies {
  private readonly memo = new WeakMap<object, Owned>();

  send(c: Context<AppEnv>, owner: object, body: string, headers: Readonly<Record<string, string>>): Response {
    let o = this.memo.get(owner);
    if (!o) this.memo.set(owner, (o = { records: new Map() }));
    const encoding = body.length < MIN_COMPRESS ? null : pickEncoding(c.req.header('accept-encoding'));
    const base = c.get('baseHeaders');
    let byEncoding = o.records.get(base);
    if (!byEncoding) o.records.set(base, (byEncoding = {}));
    const record = (byEncoding[encoding ?? 'identity'] ??= Object.freeze({
      ...base,
      ...headers,
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    }));
    const payload = encoding ? (o[encoding] ??= compress(body, encoding)) : body;
    const res = new Response(payload, { status: 200, headers: record });
    if (base) complete.add(res);
    return res;
  }
}

function compress(body: string, encoding: 'br' | 'gzip'): Uint8Array {
  return new Uint8Array(
    encoding === 'br' ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(body, { level: 9 }),
  );
}

/**
 * A one-off body: complete when small; a large one is left to the compression middleware
 * (and so is not complete).
 */
export function sendOneOff(c: Context<AppEnv>, body: string, headers: Record<string, string>): Response {
  return body.length < MIN_COMPRESS ? completeResponse(c, body, 200, headers) : c.body(body, 200, headers);
}

// ---------------------------------------------------------------------------------------------
// JSON for the REST catalogue

/** Catalogue answers may be cached briefly by anyone: the spec's client keeps plans for 60 s anyway. */
export const PUBLIC_SHORT_CACHE = 'public, max-age=60';

const ownedJson = new OwnedBodies();
const jsonHeaders = new WeakMap<Serialized, Readonly<Record<string, string>>>();

/**
 * A JSON 200 with an ETag (304 when the client has it) and a short public cache. Cached
 * (frozen) values are serialized once (serialized() in @esim/api), and their compressed bodies
 * and header records are made once (OwnedBodies).
 */
export function sendJson(c: Context<AppEnv>, value: unknown, opts: { varyLanguage?: boolean } = {}): Response {
  const s = serialized(value);
  // The answer depends on Accept-Language (the REST plans' composed names): shared caches must key on it.
  const vary = opts.varyLanguage ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding';
  let headers = jsonHeaders.get(s);
  if (!headers || headers.Vary !== vary) {
    headers = { 'Content-Type': 'application/json', ETag: s.etag, 'Cache-Control': PUBLIC_SHORT_CACHE, Vary: vary };
    if (Object.isFrozen(value)) jsonHeaders.set(s, headers);
  }
  if (c.req.header('if-none-match') === s.etag) {
    return completeResponse(c, null, 304, { ETag: s.etag, 'Cache-Control': PUBLIC_SHORT_CACHE, Vary: vary });
  }
  return Object.isFrozen(value) ? ownedJson.send(c, s, s.body, headers) : sendOneOff(c, s.body, { ...headers });
}
