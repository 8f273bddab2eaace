import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps, AppEnv } from '../types.ts';

/** Client address and whether the request came over https, honouring a proxy only when TRUST_PROXY is set. */
export function requestFacts(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const trustProxy = deps.env.TRUST_PROXY;
  return async (c, next) => {
    let ip = 'unknown';
    try {
      ip = getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      /* app.request() in tests has no socket */
    }
    let secure = c.req.url.startsWith('https:');
    if (trustProxy) {
      const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
      if (fwd) ip = fwd;
      const proto = c.req.header('x-forwarded-proto');
      if (proto) secure = proto.split(',')[0]?.trim() === 'https';
    }
    c.set('ip', ip);
    c.set('secure', secure);
    c.set('user', null);
    c.set('sessionId', null);
    c.set('sessionCookie', null);
    await next();
  };
}
