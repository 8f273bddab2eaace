// Security headers on every response. Hand-rolled rather than hono/secure-headers so the
// values are computed once at start (only HSTS varies, with c.var.secure) and so responses
// built whole (response.ts) can carry them in their own header record.
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';
import { isComplete } from '../response.ts';

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

/** Stripe is live (and its hosts enter the CSP) only when its keys are configured; demo payments need none. */
export function stripeConfigured(deps: {
  env: { STRIPE_PUBLISHABLE_KEY?: string | undefined; STRIPE_SECRET_KEY?: string | undefined };
}): boolean {
  return Boolean(deps.env.STRIPE_PUBLISHABLE_KEY && deps.env.STRIPE_SECRET_KEY);
}

export const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const stripe = stripeConfigured(deps);
  const plain: Readonly<Record<string, string>> = Object.freeze({
    'Content-Security-Policy': contentSecurityPolicy({ stripe }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': `camera=(), microphone=(), geolocation=(), usb=(), payment=(self${stripe ? ' "https://js.stripe.com"' : ''})`,
  });
  // HSTS over plain http is ignored by browsers and would pin a dev laptop's localhost; send it on https only.
  const secure: Readonly<Record<string, string>> = Object.freeze({ ...plain, 'Strict-Transport-Security': HSTS });
  return async (c, next) => {
    const headers = c.get('secure') ? secure : plain;
    c.set('baseHeaders', headers);
    await next();
    if (isComplete(c.res)) return;
    const h = c.res.headers;
    for (const k in headers) h.set(k, headers[k]!);
  };
}
