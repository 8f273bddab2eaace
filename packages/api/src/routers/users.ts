// users.updateProfile / users.changePassword. No id input: a procedure only ever touches ctx.user.
import { protectedProcedure, router } from '../trpc.ts';
import { ZChangePasswordInput, ZUpdateProfileInput } from '../domain/validation.ts';
import { changePassword } from '../services/accounts/auth.ts';
import { saveProfile } from '../services/accounts/profile.ts';
import { requestMeta } from './auth.ts';
import { z } from 'zod';
import { DATA_REQUESTS_PER_CLIENT } from '../domain/rate-limit.ts';
import { limitPerClient } from './limits.ts';
import { confirmAccountDeletion, exportUserData, requestAccountDeletion } from '../services/accounts/data-rights.ts';

const ZDeletionRequest = z.object({
  password: z.string().min(1, 'Enter your password to confirm.').max(1024, 'That password is too long.'),
});
const ZDeletionConfirm = z.object({
  token: z.string().trim().min(20, 'The link is incomplete.').max(200, 'The link is not valid.'),
});

export const usersRouter = router({
  /**
   * Partial update of the signed-in user's profile. → PublicUser & { pendingEmail }; 409 CONFLICT
   * { field: 'username' } when the username is taken. A new e-mail address takes effect when the
   * link sent to it is opened (pendingEmail names it; the answer is the same whether or not the
   * address has an account); 429 after too many address changes.
   */
  updateProfile: protectedProcedure
    .input(ZUpdateProfileInput)
    .mutation(({ ctx, input }) => saveProfile(ctx.db, ctx.services, ctx.user.id, input, { ip: ctx.req.ip, locale: ctx.locale })),

  /** Needs the current password (400 BAD_INPUT { field: 'currentPassword' } when wrong); ends the user's other sessions. */
  changePassword: protectedProcedure.input(ZChangePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.user.id, ctx.sessionId, input, requestMeta(ctx));
    return { ok: true as const };
  }),

  /** Issue 31: everything the shop holds about the signed-in traveller, as one JSON document (generated now, not stored). */
  exportData: protectedProcedure
    .use(limitPerClient(DATA_REQUESTS_PER_CLIENT))
    .mutation(({ ctx }) => exportUserData(ctx.db, ctx.services, ctx.user.id)),

  /** Issue 31, deletion step 1: the password, then a link to the account's address. 409 while an order is in flight. */
  requestDeletion: protectedProcedure
    .input(ZDeletionRequest)
    .use(limitPerClient(DATA_REQUESTS_PER_CLIENT))
    .mutation(({ ctx, input }) =>
      requestAccountDeletion(ctx.db, ctx.services, ctx.user.id, { password: input.password, locale: ctx.locale }),
    ),

  /** Issue 31, deletion step 2: the e-mailed link erases the account at once; this browser is signed out. */
  confirmDeletion: protectedProcedure.input(ZDeletionConfirm).mutation(async ({ ctx, input }) => {
    const done = await confirmAccountDeletion(ctx.db, ctx.services, ctx.user.id, input.token);
    ctx.res.clearSessionCookie();
    return done;
  }),
});
