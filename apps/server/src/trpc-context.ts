// Builds the tRPC context for a request, from what the Hono middlewares put on c.var.
// Used by the tRPC mount and by the REST adapters (through callerFor), so both see the same user.
import type { Context as HonoContext } from 'hono';
import { appRouter, createCaller, languageFromAcceptLanguage, type Context, type Services } from '@esim/api';
import type { AppDeps, AppEnv } from './types.ts';

/**
 * The services for this request: deps.services whose `log` writes the request's id into every
 * line (c.var.log, set by middleware/request-log.ts), and so does work they start (jobs enqueued).
 */
export function servicesFor(deps: Pick<AppDeps, 'services'>, c: HonoContext<AppEnv>): Services {
  const log = c.get('log');
  return log ? { ...deps.services, log } : deps.services;
}

export function createContext(deps: AppDeps, c: HonoContext<AppEnv>): Context {
  return {
    db: deps.db,
    services: servicesFor(deps, c),
    user: c.get('user') ?? null,
    pendingUser: c.get('pendingUser') ?? null,
    sessionId: c.get('sessionId') ?? null,
    locale: languageFromAcceptLanguage(c.req.header('accept-language')),
    req: {
      ip: c.get('ip') ?? 'unknown',
      userAgent: c.req.header('user-agent') ?? '',
      secure: c.get('secure') ?? false,
      currency: c.req.header('x-currency') ?? undefined,
      deviceHash: c.get('deviceHash') ?? undefined,
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

/** A procedure as appRouter holds it at run time: callable the way createCaller calls it. */
export type RawProcedure = ((opts: {
  ctx: Context;
  path: string;
  type: 'query' | 'mutation';
  getRawInput: () => Promise<unknown>;
  signal: AbortSignal | undefined;
  batchIndex: number;
}) => Promise<unknown>) & { _def: { type: string } };

// At run time a flat map from dotted path to procedure ("catalog.plans").
const procedures = appRouter._def.procedures as unknown as Record<string, RawProcedure | undefined>;

/** The procedure at a dotted path, or undefined (never an inherited property). */
export function procedureAt(path: string): RawProcedure | undefined {
  return Object.hasOwn(procedures, path) ? procedures[path] : undefined;
}

/**
 * One procedure called the way createCaller calls it (same context, input validation and
 * middlewares), without building createCaller's proxy per request: for the checkout's two hot
 * REST paths (bench/orders.mjs). `path` is a dotted procedure path, e.g. 'payments.createIntent'.
 */
export function callProcedure(deps: AppDeps, c: HonoContext<AppEnv>, path: string, input: unknown): Promise<unknown> {
  const proc = procedureAt(path);
  if (!proc || (proc._def.type !== 'query' && proc._def.type !== 'mutation')) throw new Error(`no procedure ${path}`);
  return proc({
    ctx: createContext(deps, c),
    path,
    type: proc._def.type,
    getRawInput: async () => input,
    signal: undefined,
    batchIndex: 0,
  });
}
