// Refuses cross-site state-changing requests (conventions 6: an Origin check AND the
// X-Requested-With header the spec's client sends).
//
// For every method other than GET/HEAD/OPTIONS under /api/* (except /api/webhooks/*, which are
// authenticated by their signatures):
// - the Origin header (or, when a browser sent none, the origin of the Referer) must be the
//   server's own origin (PUBLIC_URL, or the origin this request was addressed to: Host + scheme)
//   or one of TRUSTED_ORIGINS; 'null' and absent origins are refused;
// - and X-Requested-With must be present (the client sends 'XMLHttpRequest'). A custom header
//   cannot be sent cross-origin without a CORS preflight, which this server never grants.
// This holds for every content type: JSON, multipart/form-data, text/plain, urlencoded, and for
// tRPC mutations as much as the REST adapters. Anything else → 403 { error: { code: 'FORBIDDEN' } }.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The origin this request was addressed to (Host header + scheme), e.g. http://localhost:3000. */
function requestOrigin(c: Context<AppEnv>): string | null {
  let host = c.req.header('host');
  if (!host) {
    try {
      host = new URL(c.req.url).host;
    } catch {
      return null;
    }
  }
  return originOf(`${c.get('secure') ? 'https' : 'http'}://${host}`);
}

export function csrfGuard(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const trusted = new Set<string>();
  const own = originOf(deps.env.PUBLIC_URL);
  if (own) trusted.add(own);
  for (const o of deps.env.TRUSTED_ORIGINS.split(',')) {
    const origin = originOf(o.trim());
    if (origin) trusted.add(origin);
  }

  const refuse = (c: Context<AppEnv>, message: string) => c.json({ error: { code: 'FORBIDDEN', message } }, 403);

  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith('/api/webhooks/')) return next();

    const origin = originOf(c.req.header('origin')) ?? (c.req.header('origin') ? null : originOf(c.req.header('referer')));
    if (!origin || !(trusted.has(origin) || origin === requestOrigin(c))) {
      return refuse(c, 'Cross-site request refused: the Origin of this request is not this site.');
    }
    if (!c.req.header('x-requested-with')) {
      return refuse(c, 'Request refused: the X-Requested-With header is missing.');
    }
    return next();
  };
}
