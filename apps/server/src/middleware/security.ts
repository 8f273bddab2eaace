// Security headers on every response. Hand-rolled rather than hono/secure-headers so the
// header values are computed once at start (they don't vary per request, except HSTS).
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';

type Directives = Record<string, string[]>;

const BASE_CSP: Directives = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  // Mantine injects <style> tags at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  'script-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

/**
 * STRIPE_CSP: the hosts Stripe.js and its Payment Element need, and nothing broader
 * (shared/reference/esim-and-payments.md). Added only when Stripe keys are configured.
 */
export const STRIPE_CSP: Directives = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

export function contentSecurityPolicy(opts: { stripe: boolean }): string {
  const d: Directives = Object.fromEntries(Object.entries(BASE_CSP).map(([k, v]) => [k, [...v]]));
  if (opts.stripe) {
    for (const [k, v] of Object.entries(STRIPE_CSP)) d[k] = [...(d[k] ?? []), ...v];
  }
  return Object.entries(d)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

/**
 * Whether the card payment provider is live: the payments work adds STRIPE_PUBLISHABLE_KEY to env.ts;
 * until it does (or while it is unset) the CSP allows no third-party host at all.
 */
export function stripeConfigured(deps: Pick<AppDeps, 'env'>): boolean {
  const env = deps.env as { STRIPE_PUBLISHABLE_KEY?: string | undefined };
  return Boolean(env.STRIPE_PUBLISHABLE_KEY);
}

export const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const stripe = stripeConfigured(deps);
  const fixed: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy({ stripe })],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    [
      'Permissions-Policy',
      `camera=(), microphone=(), geolocation=(), usb=(), payment=(self${stripe ? ' "https://js.stripe.com"' : ''})`,
    ],
  ];
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    for (const [k, v] of fixed) h.set(k, v);
    // HSTS over plain http is ignored by browsers and would pin a dev laptop's localhost; send it on https only.
    if (c.get('secure')) h.set('Strict-Transport-Security', HSTS);
  };
}
