// POST /api/webhooks/esim: the eSIM provider's events (issue 13). STUB: built by the eSIM-life helper.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';

export function esimWebhookRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
