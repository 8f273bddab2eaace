import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';

/** Refuses cross-origin state-changing requests. Placeholder until the accounts work lands. */
export function csrfGuard(_deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    await next();
  };
}
