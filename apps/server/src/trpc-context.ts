// Builds the tRPC context for a request, from what the Hono middlewares put on c.var.
// Used by the tRPC mount and by the REST adapters (through callerFor), so both see the same user.
import type { Context as HonoContext } from 'hono';
import { createCaller, type Context } from '@esim/api';
import type { AppDeps, AppEnv } from './types.ts';

export function createContext(deps: AppDeps, c: HonoContext<AppEnv>): Context {
  return {
    db: deps.db,
    services: deps.services,
    user: c.get('user') ?? null,
    sessionId: c.get('sessionId') ?? null,
    req: {
      ip: c.get('ip') ?? 'unknown',
      userAgent: c.req.header('user-agent') ?? '',
      secure: c.get('secure') ?? false,
      currency: c.req.header('x-currency') ?? undefined,
    },
    res: {
      setSessionCookie: (token, expiresAt) => c.set('sessionCookie', { token, expiresAt }),
      clearSessionCookie: () => c.set('sessionCookie', 'clear'),
    },
  };
}

/** A server-side caller of the same procedures, for the REST adapters. */
export function callerFor(deps: AppDeps, c: HonoContext<AppEnv>) {
  return createCaller(createContext(deps, c));
}
