// auth.register / login / logout / me, e-mail verification and password reset. Thin: parse, call one service, set the cookie.
import { ZodError } from 'zod';
import { z } from 'zod';
import { protectedProcedure, publicProcedure, middleware, router } from '../trpc.ts';
import type { Context } from '../trpc.ts';
import { ZLoginInput, ZPasswordResetRequest, ZRegisterInput, ZResetPasswordInput, type TRegisterInput } from '../domain/validation.ts';
import { loginUser, logoutSession, recordLoginAttempt, registerUser, type RequestMeta } from '../services/accounts/auth.ts';
import { assertPasswordNotCommon } from '../services/accounts/common-passwords.ts';
import { getPublicUser } from '../services/accounts/users.ts';
import { noteBackOfficeSignIn } from '../services/accounts/new-device.ts';
import { resendVerificationEmail, verifyEmail } from '../services/accounts/email-verification.ts';
import { REGISTRATIONS_PER_CLIENT, VERIFICATION_EMAILS_PER_CLIENT } from '../domain/rate-limit.ts';
import { limitPerClient } from './limits.ts';
import { requestPasswordReset, resetPassword } from '../services/accounts/password-reset.ts';

export const ZVerifyEmailInput = z.object({
  token: z.string().trim().min(20, 'The link is incomplete.').max(200, 'The link is not valid.'),
});

export function requestMeta(ctx: Context): RequestMeta {
  return { ip: ctx.req.ip, userAgent: ctx.req.userAgent, now: ctx.services.now(), locale: ctx.locale };
}

/** Every login attempt is audited, also one whose input does not even pass validation. */
const auditInvalidLogin = middleware(async ({ ctx, next, getRawInput }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'BAD_REQUEST' && result.error.cause instanceof ZodError) {
    const raw = (await getRawInput().catch(() => undefined)) as { username?: unknown } | undefined;
    const tried = typeof raw?.username === 'string' ? raw.username : '';
    await recordLoginAttempt(ctx.db, { usernameTried: tried, userId: null, outcome: 'invalid' }, requestMeta(ctx));
  }
  return result;
});

/**
 * A password on the common-password list is bad input, like a short one: refused before the
 * registration limit counts the request, so a traveller trying a few is not locked out for an hour.
 */
const refuseCommonPassword = middleware(async ({ input, next }) => {
  await assertPasswordNotCommon((input as TRegisterInput).password, 'password');
  return next();
});

export const authRouter = router({
  /** Creates a customer and signs them in (sets the session cookie). → PublicUser */
  register: publicProcedure
    .input(ZRegisterInput)
    .use(refuseCommonPassword)
    // 429 past 5 registrations an hour from one client; the verification e-mail each sends is counted too.
    .use(limitPerClient(REGISTRATIONS_PER_CLIENT, VERIFICATION_EMAILS_PER_CLIENT))
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await registerUser(ctx.db, ctx.services, input, requestMeta(ctx), ctx.sessionId);
      ctx.res.setSessionCookie(session.token, session.expiresAt);
      return user;
    }),

  /** A fresh session at each sign-in. → PublicUser; 401 for bad credentials, 429 when throttled. */
  login: publicProcedure
    .use(auditInvalidLogin)
    .input(ZLoginInput)
    .mutation(async ({ ctx, input }) => {
      const meta = requestMeta(ctx);
      const { user, session, accountLocale } = await loginUser(ctx.db, input, meta, ctx.sessionId);
      ctx.res.setSessionCookie(session.token, session.expiresAt);
      // A back-office account told of a sign-in from an address or browser it has not used before,
      // in the language the account had before (not the one of whoever signed in now).
      await noteBackOfficeSignIn(ctx.db, ctx.services, {
        userId: user.id,
        email: user.email,
        locale: accountLocale,
        role: user.role,
        ip: meta.ip,
        userAgent: meta.userAgent,
        now: meta.now,
      });
      return user;
    }),

  /** Deletes the session on the server and clears the cookie. Harmless for guests. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await logoutSession(ctx.db, ctx.sessionId);
    ctx.res.clearSessionCookie();
    return { ok: true as const };
  }),

  /** Opens the link from the verification e-mail (no sign-in needed). → { email, attachedOrders }; 400 when invalid, used or expired. */
  verifyEmail: publicProcedure.input(ZVerifyEmailInput).mutation(({ ctx, input }) => verifyEmail(ctx.db, ctx.services, input.token)),

  /** Sends a new verification link to the signed-in user's address; 429 within a minute of the last one. */
  resendVerification: protectedProcedure
    .use(limitPerClient(VERIFICATION_EMAILS_PER_CLIENT))
    .mutation(({ ctx }) => resendVerificationEmail(ctx.db, ctx.services, ctx.user.id, ctx.locale)),

  /**
   * 'Forgot password?': e-mails a reset link to the account named by e-mail or username, if any.
   * → { ok, message }, the same for every address; 429 (retryAfterSeconds) per address and per client.
   */
  requestPasswordReset: publicProcedure
    .input(ZPasswordResetRequest)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.db, ctx.services, input, { ip: ctx.req.ip, locale: ctx.locale })),

  /**
   * Sets a new password with the link's token; ends every session of the account (this browser's
   * cookie too, when it was theirs). → { ok: true }; 400 BAD_INPUT { field: 'token', reason }.
   */
  resetPassword: publicProcedure.input(ZResetPasswordInput).mutation(async ({ ctx, input }) => {
    const { userId } = await resetPassword(ctx.db, ctx.services, input);
    if (ctx.user?.id === userId) ctx.res.clearSessionCookie();
    return { ok: true as const };
  }),

  /** The signed-in user, or null for a guest (REST GET /api/auth/me answers 401 instead). */
  me: publicProcedure.query(async ({ ctx }) => (ctx.user ? getPublicUser(ctx.db, ctx.user.id) : null)),
});
