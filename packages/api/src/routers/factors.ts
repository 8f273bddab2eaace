// factors.*: second factors of the signed-in account (issue 27) — TOTP enrolment and removal,
// recovery codes, and giving the second factor in this session (after the password at sign-in, or
// again for a step-up). Passkeys: passkeys.ts. Thin: parse, call one service. The procedures that
// give the factor (and status) are signingInProcedure: they also answer a traveller's session that
// gave only the password; every other one wants the sign-in finished.
import { ZPasskeyAssertion, ZPasskeyId, ZPasskeyRegistration, ZRecoveryCode, ZTotpCode } from '../domain/second-factor.ts';
import { protectedProcedure, router, signingInProcedure } from '../trpc.ts';
import type { Context, SessionUser } from '../trpc.ts';
import {
  beginTotpEnrolment,
  confirmTotp,
  factorAdded,
  hasSecondFactor,
  listFactors,
  markSecondFactorGiven,
  regenerateRecoveryCodes,
  removeTotp,
  requireStepUp,
  sessionSecondFactorAt,
  useRecoveryCode,
  verifyTotpCode,
  type CodeAttempt,
} from '../services/accounts/second-factor.ts';
import { AppError } from '../errors.ts';
import { createChallenge, registerPasskey, relyingPartyOf, removePasskey, verifyPasskeyAssertion } from '../services/accounts/passkeys.ts';

export { ZPasskeyAssertion, ZPasskeyRegistration, ZRecoveryCode, ZTotpCode };

type Signed = Context & { user: SessionUser };

function attempt(ctx: Signed): CodeAttempt {
  return { userId: ctx.user.id, username: ctx.user.username, ip: ctx.req.ip, now: ctx.services.now() };
}

function sessionOf(ctx: Signed): string {
  if (!ctx.sessionId) throw new AppError('UNAUTHORIZED');
  return ctx.sessionId;
}

export const factorsRouter = router({
  /**
   * The account's factors and where this session stands: `required` — the account has a factor not
   * yet given in this session (the sign-in's second step); `enrolmentRequired` — a back-office
   * account without one (it must enrol before the back office answers).
   */
  status: signingInProcedure.query(async ({ ctx }) => {
    const factors = await listFactors(ctx.db, ctx.user.id);
    const givenAt = await sessionSecondFactorAt(ctx.db, ctx.sessionId);
    const has = factors.totp || factors.passkeys.length > 0;
    return {
      ...factors,
      secondFactorGivenAt: givenAt?.toISOString() ?? null,
      required: has && givenAt === null,
      enrolmentRequired: ctx.user.role === 'admin' && !has,
    };
  }),

  /** Starts setting up an authenticator app: the key, its otpauth URI and a QR code (SVG, rendered here). */
  beginTotp: protectedProcedure.mutation(async ({ ctx }) => {
    // An account that already has a factor changes its factors only right after giving one.
    if (await hasSecondFactor(ctx.db, ctx.user.id))
      await requireStepUp(ctx, { id: ctx.user.id, username: ctx.user.username, ip: ctx.req.ip }, { action: 'factor.add' });
    return beginTotpEnrolment(ctx.db, ctx.user, ctx.services.config.productName, ctx.services.now());
  }),

  /** Confirms the app with its first code; → { recoveryCodes } (shown once; null when the account still has some). Other sessions end. */
  confirmTotp: protectedProcedure
    .input(ZTotpCode)
    .mutation(({ ctx, input }) => confirmTotp(ctx.db, attempt(ctx), sessionOf(ctx), input.code)),

  /** Gives the second factor in this session with a code from the app (sign-in's second step, or a step-up). */
  verifyTotp: signingInProcedure.input(ZTotpCode).mutation(async ({ ctx, input }) => {
    const session = sessionOf(ctx);
    await verifyTotpCode(ctx.db, attempt(ctx), input.code);
    await markSecondFactorGiven(ctx.db, session, ctx.services.now());
    return { ok: true as const };
  }),

  /** Gives the second factor with a recovery code (each works once). */
  useRecoveryCode: signingInProcedure.input(ZRecoveryCode).mutation(async ({ ctx, input }) => {
    const session = sessionOf(ctx);
    await useRecoveryCode(ctx.db, attempt(ctx), input.code);
    await markSecondFactorGiven(ctx.db, session, ctx.services.now());
    return { ok: true as const };
  }),

  /** A challenge to register a passkey (navigator.credentials.create): → { challenge, rpId, userName }. */
  passkeyRegistrationOptions: protectedProcedure.mutation(async ({ ctx }) => {
    const now = ctx.services.now();
    if (await hasSecondFactor(ctx.db, ctx.user.id))
      await requireStepUp(ctx, { id: ctx.user.id, username: ctx.user.username, ip: ctx.req.ip }, { action: 'factor.add' });
    const rp = relyingPartyOf(ctx.services.config.publicUrl);
    return { challenge: await createChallenge(ctx.db, ctx.user.id, 'register', now), rpId: rp.id, userName: ctx.user.username };
  }),

  /** Stores the passkey (attestation 'none', ES256); the session has given its factor; other sessions end. */
  registerPasskey: protectedProcedure.input(ZPasskeyRegistration).mutation(async ({ ctx, input }) => {
    const now = ctx.services.now();
    await registerPasskey(ctx.db, ctx.user.id, relyingPartyOf(ctx.services.config.publicUrl), input, now);
    return factorAdded(ctx.db, attempt(ctx), sessionOf(ctx));
  }),

  /** A challenge to sign with a passkey (navigator.credentials.get). */
  passkeyChallenge: signingInProcedure.mutation(async ({ ctx }) => ({
    challenge: await createChallenge(ctx.db, ctx.user.id, 'authenticate', ctx.services.now()),
    rpId: relyingPartyOf(ctx.services.config.publicUrl).id,
  })),

  /** Gives the second factor in this session with a passkey. */
  verifyPasskey: signingInProcedure.input(ZPasskeyAssertion).mutation(async ({ ctx, input }) => {
    const session = sessionOf(ctx);
    const now = ctx.services.now();
    await verifyPasskeyAssertion(ctx.db, ctx.user.id, relyingPartyOf(ctx.services.config.publicUrl), input, now);
    await markSecondFactorGiven(ctx.db, session, now);
    return { ok: true as const };
  }),

  /** Ten new recovery codes (the old ones stop working); needs a fresh second factor. */
  regenerateRecoveryCodes: protectedProcedure.mutation(async ({ ctx }) => {
    const now = ctx.services.now();
    await requireStepUp(ctx, { id: ctx.user.id, username: ctx.user.username, ip: ctx.req.ip }, { action: 'factor.recovery_codes' });
    return { recoveryCodes: await regenerateRecoveryCodes(ctx.db, ctx.user.id, now) };
  }),

  /**
   * Removes the authenticator app (needs a fresh second factor); the other sessions end. A back-office
   * account keeps at least one factor.
   */
  removeTotp: protectedProcedure.mutation(async ({ ctx }) => {
    const now = ctx.services.now();
    await requireStepUp(ctx, { id: ctx.user.id, username: ctx.user.username, ip: ctx.req.ip }, { action: 'factor.remove' });
    const factors = await listFactors(ctx.db, ctx.user.id);
    if (ctx.user.role === 'admin' && factors.passkeys.length === 0) {
      throw new AppError('CONFLICT', 'A back-office account keeps at least one second factor: add a passkey first.');
    }
    await removeTotp(ctx.db, ctx.user.id, ctx.sessionId);
    return { ok: true as const };
  }),

  /**
   * Removes one of the account's passkeys (a lost or replaced device; needs a fresh second factor);
   * the other sessions end. A back-office account keeps at least one factor.
   */
  removePasskey: protectedProcedure.input(ZPasskeyId).mutation(async ({ ctx, input }) => {
    await requireStepUp(ctx, { id: ctx.user.id, username: ctx.user.username, ip: ctx.req.ip }, { action: 'factor.remove' });
    await removePasskey(ctx.db, ctx.user, input.id, ctx.sessionId);
    return { ok: true as const };
  }),
});
