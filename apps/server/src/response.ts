// Responses built whole on the hot path. The REST catalogue and the tRPC query fast path
// answer with a plain header record that already holds the security headers (c.var.baseHeaders,
// set by middleware/security.ts), Vary and, when the client takes it, a precompressed body, so
// the header middlewares after them have nothing to add. @hono/node-server then writes the
// record straight to the socket; touching c.res.headers afterwards would first turn it into a
// web Headers object (a measurable share of a catalogue request; bench/README.md).
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { AppEnv } from './types.ts';

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
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(body, { level: 9 }),
  );
}

/**
 * A one-off body: complete when small; a large one is left to the compression middleware
 * (and so is not complete).
 */
export function sendOneOff(c: Context<AppEnv>, body: string, headers: Record<string, string>): Response {
  return body.length < MIN_COMPRESS ? completeResponse(c, body, 200, headers) : c.body(body, 200, headers);
}
