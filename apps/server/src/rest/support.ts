// REST equivalents of the support procedures (the spec shows no call for these forms; these are ours).
//   POST /api/contact     { name, email, subject, message } → { id, createdAt }; 400 BAD_INPUT naming the field; 429 (+ Retry-After)
//   POST /api/newsletter  { email, locale?, source? }       → { ok: true } for a new and a known address alike
//   POST /api/newsletter/unsubscribe/:token                 → 200 { ok, message }: off the list (RFC 8058 one-click: the
//        List-Unsubscribe header's URL; mail providers POST 'List-Unsubscribe=One-Click' with no cookie and no
//        Origin, so the CSRF guard lets this path through — the token is the authority, and the only effect is
//        leaving the list). 404 for a link that is not valid.
//   GET  /api/newsletter/unsubscribe/:token                 → 303 to the blog's page for the same link (a mail client
//        that opens the header's URL in a browser; a GET never unsubscribes: link scanners fetch URLs); 404 for a link that
//        is not valid
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { errorResponse, sendError } from '../response.ts';
import { isUnsubscribeToken } from '@esim/api';
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

  app.post('/newsletter/unsubscribe/:token', (c) =>
    reply(c, async () => {
      await callerFor(deps, c).support.unsubscribe({ token: c.req.param('token') });
      return { ok: true, message: 'You are unsubscribed from the newsletter.' };
    }),
  );
  app.get('/newsletter/unsubscribe/:token', async (c) => {
    const token = c.req.param('token');
    c.header('Cache-Control', 'private, no-store');
    if (token.length > 600 || !(await isUnsubscribeToken(deps.db, token)))
      return sendError(c, 404, 'NOT_FOUND', 'This link is not valid. Subscribe again from the blog to get a new one.');
    return c.redirect(`/blog?${new URLSearchParams({ newsletter: token })}`, 303);
  });

  return app;
}
