// The spec's auth paths (§7) over the same tRPC procedures the web app calls.
//   POST /api/auth/register   { fullName?, username, email, password, confirmPassword? } → PublicUser (sets the cookie)
//   POST /api/auth/login      { username, password } → PublicUser & { secondFactorRequired } (sets the cookie); 401 / 429
//                             (+ Retry-After). secondFactorRequired: a traveller with an authenticator app or a passkey,
//                             whose session answers the account 403 SECOND_FACTOR_REQUIRED until tRPC factors.* gets it
//   POST /api/auth/logout     no body → { ok: true } (deletes the session, clears the cookie)
//   GET  /api/auth/me         PublicUser, or 401 when signed out
//   POST /api/auth/forgot-password  { identifier (e-mail or username), locale? } → { ok: true, message }, the same
//                             for every address; 429 (+ Retry-After) per address and per client
//   POST /api/auth/reset-password   { token, password, confirmPassword? } → { ok: true } (every session of the
//                             account ends); 400 { details: { field: 'token', reason } } for a link that does not work
import { Hono } from 'hono';
import type { Context } from 'hono';
import { AppError } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { errorResponse } from '../response.ts';
import { jsonBodyLimit, readJsonBody } from './body.ts';

/** Runs a procedure call and answers with its JSON, or the mapped error (with Retry-After on 429). */
export async function answer(c: Context<AppEnv>, call: () => Promise<unknown>): Promise<Response> {
  c.header('Cache-Control', 'private, no-store');
  try {
    return c.json((await call()) as object);
  } catch (err) {
    const { status, body } = errorResponse(err);
    const retry = (body.error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (status === 429 && typeof retry === 'number') c.header('Retry-After', String(retry));
    return c.json(body, status);
  }
}

export function authRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('/auth/*', jsonBodyLimit());

  app.post('/auth/register', (c) => answer(c, async () => callerFor(deps, c).auth.register((await readJsonBody(c)) as never)));
  app.post('/auth/login', (c) => answer(c, async () => callerFor(deps, c).auth.login((await readJsonBody(c)) as never)));
  app.post('/auth/logout', (c) => answer(c, () => callerFor(deps, c).auth.logout()));
  app.post('/auth/verify-email', (c) => answer(c, async () => callerFor(deps, c).auth.verifyEmail((await readJsonBody(c)) as never)));
  app.post('/auth/resend-verification', (c) => answer(c, () => callerFor(deps, c).auth.resendVerification()));
  app.post('/auth/forgot-password', (c) =>
    answer(c, async () => callerFor(deps, c).auth.requestPasswordReset((await readJsonBody(c)) as never)),
  );
  app.post('/auth/reset-password', (c) => answer(c, async () => callerFor(deps, c).auth.resetPassword((await readJsonBody(c)) as never)));
  app.get('/auth/me', (c) =>
    answer(c, async () => {
      const me = await callerFor(deps, c).auth.me();
      if (!me) throw new AppError('UNAUTHORIZED');
      return me;
    }),
  );

  return app;
}
