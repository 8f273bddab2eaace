// auth.register / login / logout / me, e-mail verification and password reset. Thin: parse, call one service, set the cookie.
import { ZodError } from 'zod';
import { z } from 'zod';
import { protectedProcedure, publicProcedure, middleware, router } from '../trpc.ts';
import type { Context } from '../trpc.ts';
import { ZLoginInput, ZPasswordResetRequest, ZRegisterInput, ZResetPasswordInput, type TRegisterInput } from '../domain/validation.ts';
import {
  loginUser,
  loginWithPasskey,
  logoutSession,
  recordLoginAttempt,
  registerUser,
  type RequestMeta,
} from '../services/accounts/auth.ts';
import { assertPasswordNotCommon } from '../services/accounts/common-passwords.ts';
import { createChallenge, relyingPartyOf } from '../services/accounts/passkeys.ts';
import { ZPasskeyAssertion } from '../domain/second-factor.ts';
import { getPublicUser } from '../services/accounts/users.ts';
import { noteBackOfficeSignIn } from '../services/accounts/new-device.ts';
import { resendVerificationEmail, verifyEmail } from '../services/accounts/email-verification.ts';
import { PASSKEY_SIGN_INS_PER_CLIENT, REGISTRATIONS_PER_CLIENT, VERIFICATION_EMAILS_PER_CLIENT } from '../domain/rate-limit.ts';
import { limitPerClient } from './limits.ts';
import { requestPasswordReset, resetPassword } from '../services/accounts/password-reset.ts';

export const ZVerifyEmailInput = z.object({
  token: z.string().trim().min(20, 'The link is incomplete.').max(200, 'The link is not valid.'),
});

export function requestMeta(ctx: Context): RequestMeta {
  return { ip: ctx.req.ip, userAgent: ctx.req.userAgent, now: ctx.services.now(), locale: ctx.locale, deviceHash: ctx.req.deviceHash };
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

  /**
   * A fresh session at each sign-in. → PublicUser & { secondFactorRequired }; 401 for bad
   * credentials, 429 when throttled. secondFactorRequired: a traveller with a TOTP or passkey, whose
   * session answers nothing but factors.status / verifyTotp / useRecoveryCode / passkeyChallenge /
   * verifyPasskey (and logout) until the factor is given (issue 27).
   */
  login: publicProcedure
    .use(auditInvalidLogin)
    .input(ZLoginInput)
    .mutation(async ({ ctx, input }) => {
      const meta = requestMeta(ctx);
      const { user, session, accountLocale, secondFactorRequired } = await loginUser(ctx.db, input, meta, ctx.sessionId);
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
      return { ...user, secondFactorRequired };
    }),

  /** 'Sign in with a passkey': a challenge made for nobody (navigator.credentials.get, no allowCredentials). → { challenge, rpId } */
  passkeyChallenge: publicProcedure.use(limitPerClient(PASSKEY_SIGN_INS_PER_CLIENT)).mutation(async ({ ctx }) => ({
    challenge: await createChallenge(ctx.db, null, 'authenticate', ctx.services.now()),
    rpId: relyingPartyOf(ctx.services.config.publicUrl).id,
  })),

  /**
   * Signs in with a passkey alone (a discoverable credential): its account gets a session with the
   * second factor given. → PublicUser & { secondFactorRequired: false }; 401 { reason: 'unknown_passkey' }
   * for a passkey no account has, 401 when the signature fails, 400 for an expired or spent challenge.
   */
  loginWithPasskey: publicProcedure.input(ZPasskeyAssertion).mutation(async ({ ctx, input }) => {
    const meta = requestMeta(ctx);
    const rp = relyingPartyOf(ctx.services.config.publicUrl);
    const { user, session, accountLocale } = await loginWithPasskey(ctx.db, rp, input, meta, ctx.sessionId);
    ctx.res.setSessionCookie(session.token, session.expiresAt);
    await noteBackOfficeSignIn(ctx.db, ctx.services, {
      userId: user.id,
      email: user.email,
      role: user.role,
      locale: accountLocale,
      ip: meta.ip,
      userAgent: meta.userAgent,
      now: meta.now,
    });
    return { ...user, secondFactorRequired: false };
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
