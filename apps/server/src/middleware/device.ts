// Issue 29: a first-party device cookie, for one abuse rule only: a referral's reward is refused
// when the friend's order comes from a device the referrer signed in from ('same_device').
//
// The cookie is a random value the server makes (32 bytes, base64url), nothing read from the
// browser (no fingerprinting), set by this site only (no third party): `esim_dev`, HttpOnly, so
// scripts cannot read it, SameSite=Lax, Path=/, Secure over https, kept 400 days (the longest a
// browser keeps a cookie). The services see only its SHA-256 (ctx.req.deviceHash), and only that
// hash is stored: with the account's sign-ins (device_sightings) and with a referral's order.
// A request without a well-formed cookie gets a new one, and this request already uses its hash.
import { createHash, randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../types.ts';

export const DEVICE_COOKIE = 'esim_dev';
/** 400 days, in seconds (browsers cap a cookie's lifetime there). */
export const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;
const VALUE = /^[A-Za-z0-9_-]{43}$/;

export function deviceHashOf(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function deviceCookieHeader(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Max-Age=${DEVICE_COOKIE_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * For /api/* (not webhooks): reads the device cookie (c.var.deviceHash: its hash); a mutation (a
 * sign-in, a checkout: POST) without one gets one when it is answered (not refused). Reads (GET,
 * HEAD) never set it, so cacheable answers stay cacheable.
 */
export function deviceCookie(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path.startsWith('/api/webhooks/')) return next();
    const current = getCookie(c, DEVICE_COOKIE);
    const value = current && VALUE.test(current) ? current : null;
    if (value === null && (c.req.method === 'GET' || c.req.method === 'HEAD')) return next();
    const fresh = value ?? randomBytes(32).toString('base64url');
    c.set('deviceHash', deviceHashOf(fresh));
    await next();
    // Only a request that was answered (not refused: 4xx, 5xx) gets a new cookie.
    if (value !== null || c.res.status >= 400) return;
    const header = deviceCookieHeader(fresh, c.get('secure') ?? false);
    try {
      c.res.headers.append('Set-Cookie', header);
    } catch {
      // immutable headers (a Response from fetch()): copy it
      c.res = new Response(c.res.body, c.res);
      c.res.headers.append('Set-Cookie', header);
    }
    // A response that sets a cookie is never cacheable.
    c.res.headers.set('Cache-Control', 'private, no-store');
  };
}
