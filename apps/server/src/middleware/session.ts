// Resolves the signed-in user from the `session` cookie (Lucia's session guide) and writes any
// cookie the procedures asked for.
//
// - Before the handler: a well-formed token is looked up by its SHA-256; an expired session (30
//   days idle, or 90 days after sign-in) is deleted and its cookie cleared; one with fewer than 15
//   days left slides, and the cookie is sent again with the new date.
// - After the handler: c.var.sessionCookie (set by login/register/logout through ctx.res) becomes
//   Set-Cookie: `HttpOnly; SameSite=Lax; Path=/; Expires=…`, plus `Secure` over https.
//   A response that sets a cookie is never cacheable.
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE_NAME, sessionUsers, validateSessionToken } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';

export function sessionCookieHeader(token: string, expiresAt: Date, secure: boolean): string {
  const parts = [`${SESSION_COOKIE_NAME}=${token}`, 'Path=/', `Expires=${expiresAt.toUTCString()}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearSessionCookieHeader(secure: boolean): string {
  const parts = [`${SESSION_COOKIE_NAME}=`, 'Path=/', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function sessionLayer(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE_NAME);
    if (token !== undefined) {
      const session = await validateSessionToken(deps.db, token, deps.services.now());
      if (session) {
        // A traveller still owing the second factor is `pendingUser`, not `user` (issue 27).
        const { user, pendingUser } = sessionUsers(session);
        c.set('user', user);
        c.set('pendingUser', pendingUser);
        c.set('sessionId', session.id);
        if (session.refreshed) c.set('sessionCookie', { token, expiresAt: session.expiresAt });
      } else {
        c.set('sessionCookie', 'clear');
      }
    }

    await next();

    const cookie = c.get('sessionCookie');
    if (!cookie) return;
    const secure = c.get('secure');
    const header = cookie === 'clear' ? clearSessionCookieHeader(secure) : sessionCookieHeader(cookie.token, cookie.expiresAt, secure);
    let res = c.res;
    try {
      res.headers.append('Set-Cookie', header);
    } catch {
      // immutable headers (a Response from fetch()): copy it
      res = new Response(res.body, res);
      res.headers.append('Set-Cookie', header);
      c.res = res;
    }
    c.res.headers.set('Cache-Control', 'private, no-store');
  };
}
