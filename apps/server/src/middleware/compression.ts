// Response compression without the per-request cost hono/compress has on the hot path:
// it calls c.header('Vary') after next(), which makes @hono/node-server turn its lightweight
// Response into a full web Response with a ReadableStream (a large share of a catalogue
// request; bench/README.md). Here:
//   - responses built whole (response.ts: the REST catalogue, the tRPC query fast path) carry
//     their own Vary and, when worth it, precompressed bytes: left alone;
//   - clients that accept neither gzip nor deflate only get Vary set in place;
//   - everything else goes through hono/compress.
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from '../types.ts';
import { isComplete } from '../response.ts';

const ACCEPTS = /\b(?:gzip|deflate|\*)\b/i;
const done = async () => {};

export function compression(): MiddlewareHandler<AppEnv> {
  const full = compress();
  return async (c, next) => {
    await next();
    if (isComplete(c.res)) return;
    const accepted = c.req.header('accept-encoding');
    if (accepted && ACCEPTS.test(accepted) && c.req.method !== 'HEAD') {
      await full(c, done); // hono/compress's work on the response that is already there
      return;
    }
    const h = c.res.headers;
    const vary = h.get('vary');
    if (!vary) h.set('Vary', 'Accept-Encoding');
    else if (vary !== '*' && !/accept-encoding/i.test(vary)) h.set('Vary', `${vary}, Accept-Encoding`);
  };
}
