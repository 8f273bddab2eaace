// users.updateProfile / users.changePassword. No id input: a procedure only ever touches ctx.user.
import { protectedProcedure, router } from '../trpc.ts';
import { ZChangePasswordInput, ZUpdateProfileInput } from '../domain/validation.ts';
import { changePassword } from '../services/accounts/auth.ts';
import { saveProfile } from '../services/accounts/profile.ts';
import { requestMeta } from './auth.ts';

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
});
