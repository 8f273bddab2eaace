// Response compression without the per-request cost hono/compress has on the hot path:
// after next() it calls c.header('Vary'), which makes @hono/node-server turn its lightweight
// Response into a full web Response with a ReadableStream (measured: ~30% of a catalogue
// request). Here clients that accept no gzip/deflate (benchmarks, curl, proxies that
// decompress) only get the Vary header set in place; the others go through hono/compress.
// Already-encoded answers (the REST catalogue sends precompressed bytes) pass untouched.
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from '../types.ts';

const ACCEPTS = /\b(?:gzip|deflate|\*)\b/i;

export function compression(): MiddlewareHandler<AppEnv> {
  const full = compress();
  return async (c, next) => {
    const accepted = c.req.header('accept-encoding');
    if (accepted && ACCEPTS.test(accepted) && c.req.method !== 'HEAD') return full(c, next);
    await next();
    const h = c.res.headers;
    const vary = h.get('vary');
    if (!vary) h.set('Vary', 'Accept-Encoding');
    else if (vary !== '*' && !/accept-encoding/i.test(vary)) h.set('Vary', `${vary}, Accept-Encoding`);
  };
}
