// REST equivalents of the support procedures (the spec shows no call for these forms; these are ours).
//   POST /api/contact     { name, email, subject, message } → { id, createdAt }; 400 BAD_INPUT naming the field; 429 (+ Retry-After)
//   POST /api/newsletter  { email, locale?, source? }       → { ok: true } for a new and a known address alike
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { errorResponse } from '../response.ts';
import { jsonBodyLimit, readJsonBody } from './body.ts';

async function reply(c: Context<AppEnv>, call: () => Promise<object>): Promise<Response> {
  c.header('Cache-Control', 'private, no-store');
  try {
    return c.json(await call());
  } catch (err) {
    const { status, body } = errorResponse(err);
    const retry = (body.error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (status === 429 && typeof retry === 'number') c.header('Retry-After', String(retry));
    return c.json(body, status);
  }
}

export function supportRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('/contact', jsonBodyLimit());
  app.use('/newsletter', jsonBodyLimit());

  app.post('/contact', (c) => reply(c, async () => callerFor(deps, c).support.contact((await readJsonBody(c)) as never)));
  app.post('/newsletter', (c) => reply(c, async () => callerFor(deps, c).support.subscribe((await readJsonBody(c)) as never)));

  return app;
}
