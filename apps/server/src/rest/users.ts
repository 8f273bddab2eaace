// The spec's profile path (§7) and the password change, over the same tRPC procedures.
//   PATCH /api/users/profile   { fullName?, email?, username?, firstName?, lastName?, mobile?, photoUrl?, travelPreferences? }
//                              → PublicUser; 401 signed out; 409 { details: { field } } when taken
//   POST  /api/users/password  { currentPassword, newPassword } → { ok: true }; 400 { details: { field: 'currentPassword' } }
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { answer } from './auth.ts';
import { jsonBodyLimit, readJsonBody } from './body.ts';

export function usersRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('/users/*', jsonBodyLimit());

  app.patch('/users/profile', (c) => answer(c, async () => callerFor(deps, c).users.updateProfile((await readJsonBody(c)) as never)));
  app.post('/users/password', (c) => answer(c, async () => callerFor(deps, c).users.changePassword((await readJsonBody(c)) as never)));

  return app;
}
