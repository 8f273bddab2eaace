import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';

/**
 * Client address and whether the request came over https, honouring a proxy only when TRUST_PROXY
 * is set (then the client is the last X-Forwarded-For entry: what one proxy in front saw, and the
 * scheme the last X-Forwarded-Proto entry, the same hop's; the proxy must overwrite, not append to,
 * X-Forwarded-For — README). Read from the Node socket when there is one (cheaper than building the request URL,
 * which this did on every request); app.request() in tests has none, so the URL decides there.
 */
export function requestFacts(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const trustProxy = deps.env.TRUST_PROXY;
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    let ip = incoming?.socket.remoteAddress ?? 'unknown';
    let secure = incoming ? (incoming.socket as TLSSocket).encrypted === true : c.req.url.startsWith('https:');
    if (trustProxy) {
      // The last entry is the one the proxy added (the address it saw); entries before it come
      // from the client and can say anything, so they must not decide the request limits.
      const fwd = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
      if (fwd) ip = fwd;
      // The scheme from the same hop as the address: the last entry, the one the proxy added.
      const proto = c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim();
      if (proto) secure = proto.toLowerCase() === 'https';
    }
    c.set('ip', ip);
    c.set('secure', secure);
    c.set('user', null);
    c.set('pendingUser', null);
    c.set('sessionId', null);
    c.set('sessionCookie', null);
    await next();
  };
}
