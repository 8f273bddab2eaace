import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';

/**
 * Resolves the signed-in user from the session cookie (Lucia's session guide) and
 * writes any cookie the procedures asked for. Placeholder until the accounts work lands:
 * every request is a guest.
 */
export function sessionLayer(_deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    await next();
  };
}
