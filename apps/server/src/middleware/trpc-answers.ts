// Headers of every /api/trpc/* answer (the GET fast path's and tRPC's fetch adapter's alike):
// - a signed-in request's answer (or one that sets the session cookie) is `Cache-Control: private,
//   no-store`, as the REST answers are: a shared cache or the browser's disk keeps no account data;
// - exactly one Content-Type: tRPC's own and the one responseMeta adds for an error envelope were
//   both sent (joined 'application/json, application/json'), and an error found before a call ran
//   had none; every tRPC error envelope is JSON.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.ts';

export function trpcAnswerHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type');
    const oneType = type?.includes(',')
      ? (type.split(',')[0] ?? '').trim()
      : type === null && res.status >= 400
        ? 'application/json'
        : null;
    const privateAnswer = c.get('user') !== null || c.get('pendingUser') !== null || res.headers.has('set-cookie');
    if (!oneType && !privateAnswer) return;
    const apply = (headers: Headers) => {
      if (oneType) headers.set('content-type', oneType);
      if (privateAnswer) headers.set('cache-control', 'private, no-store');
    };
    try {
      apply(res.headers);
    } catch {
      // immutable headers: copy the answer
      const copy = new Response(res.body, res);
      apply(copy.headers);
      c.res = copy;
    }
  };
}
