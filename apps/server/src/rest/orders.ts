// GET /api/orders: the signed-in user's orders (401 signed out); an empty list until checkout lands.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { answer } from './auth.ts';

export function ordersRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/orders', (c) => answer(c, () => callerFor(deps, c).orders.list()));
  return app;
}
