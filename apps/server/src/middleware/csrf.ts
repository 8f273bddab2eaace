// Refuses cross-site state-changing requests (conventions 6: an Origin check AND the
// X-Requested-With header the spec's client sends).
//
// For every method other than GET/HEAD/OPTIONS under /api/* (except /api/webhooks/*, which are
// authenticated by their signatures, and /api/newsletter/unsubscribe/<token>, RFC 8058's one-click
// POST, authenticated by its signed token):
// - the Origin header (or, when a browser sent none, the origin of the Referer) must be one of the
//   configured origins (trustedOrigins below): PUBLIC_URL's and TRUSTED_ORIGINS. The Host header
//   is never consulted: whoever sends the request chooses it, so a request whose Host was set to
//   match a foreign Origin is refused like any other. 'null' and absent origins are refused;
// - and X-Requested-With must be present (the client sends 'XMLHttpRequest'). A custom header
//   cannot be sent cross-origin without a CORS preflight, which this server never grants.
// This holds for every content type: JSON, multipart/form-data, text/plain, urlencoded, and for
// tRPC mutations as much as the REST adapters. Anything else → 403 { error: { code: 'FORBIDDEN' } }.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';
import type { Env } from '../env.ts';
import { sendError } from '../response.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** RFC 8058 one-click unsubscribe: the mail provider POSTs without Origin or cookies; the signed token is the authority. */
const ONE_CLICK_UNSUBSCRIBE = /^\/api\/newsletter\/unsubscribe\/[^/]+$/;

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Vite's dev server and its preview (apps/web/vite.config.ts), which proxy /api to this server. */
const VITE_PORTS = [5173, 4173];

/**
 * The origins state-changing requests may come from: PUBLIC_URL's and TRUSTED_ORIGINS'. When
 * PUBLIC_URL is not set (a laptop: it defaults to http://localhost:PORT), also the same port by
 * its loopback addresses, http://127.0.0.1:PORT and http://[::1]:PORT, and with
 * NODE_ENV=development Vite's dev server and preview on localhost and 127.0.0.1. When PUBLIC_URL
 * is set, only it and TRUSTED_ORIGINS.
 */
export function trustedOrigins(
  env: Pick<Env, 'PUBLIC_URL' | 'PUBLIC_URL_DEFAULTED' | 'TRUSTED_ORIGINS' | 'PORT' | 'NODE_ENV'>,
): Set<string> {
  const candidates = [env.PUBLIC_URL, ...env.TRUSTED_ORIGINS.split(',')];
  if (env.PUBLIC_URL_DEFAULTED) {
    candidates.push(`http://127.0.0.1:${env.PORT}`, `http://[::1]:${env.PORT}`);
    if (env.NODE_ENV === 'development') {
      for (const port of VITE_PORTS) candidates.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
    }
  }
  const trusted = new Set<string>();
  for (const candidate of candidates) {
    const origin = originOf(candidate.trim());
    if (origin) trusted.add(origin);
  }
  return trusted;
}

export function csrfGuard(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const trusted = trustedOrigins(deps.env);

  const refuse = (c: Context<AppEnv>, message: string) => sendError(c, 403, 'FORBIDDEN', message);

  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith('/api/webhooks/') || ONE_CLICK_UNSUBSCRIBE.test(c.req.path)) return next();

    const origin = originOf(c.req.header('origin')) ?? (c.req.header('origin') ? null : originOf(c.req.header('referer')));
    if (!origin || !trusted.has(origin)) {
      return refuse(
        c,
        "Cross-site request refused: the Origin of this request is not this site. Open the shop at its public address (the server's PUBLIC_URL or TRUSTED_ORIGINS).",
      );
    }
    if (!c.req.header('x-requested-with')) {
      return refuse(c, 'Request refused: the X-Requested-With header is missing.');
    }
    return next();
  };
}
