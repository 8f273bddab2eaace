// users.updateProfile / users.changePassword. No id input: a procedure only ever touches ctx.user.
import { protectedProcedure, router } from '../trpc.ts';
import { ZChangePasswordInput, ZUpdateProfileInput } from '../domain/validation.ts';
import { changePassword } from '../services/auth.ts';
import { sendVerificationEmail } from '../services/email-verification.ts';
import { updateProfile } from '../services/users.ts';
import { requestMeta } from './auth.ts';

export const usersRouter = router({
  /**
   * Partial update of the signed-in user's profile. → PublicUser; 409 CONFLICT { field } when taken.
   * A changed e-mail is unverified until the link sent to it is opened.
   */
  updateProfile: protectedProcedure.input(ZUpdateProfileInput).mutation(async ({ ctx, input }) => {
    const user = await updateProfile(ctx.db, ctx.user.id, input, ctx.services.now());
    if (!user.emailVerified && user.email !== ctx.user.email) {
      await sendVerificationEmail(ctx.db, ctx.services, user).catch((e: unknown) =>
        ctx.services.log.error('verification e-mail not queued', { userId: user.id, error: String(e) }),
      );
    }
    return user;
  }),

  /** Needs the current password (400 BAD_INPUT { field: 'currentPassword' } when wrong); ends the user's other sessions. */
  changePassword: protectedProcedure.input(ZChangePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.user.id, ctx.sessionId, input, requestMeta(ctx));
    return { ok: true as const };
  }),
});
