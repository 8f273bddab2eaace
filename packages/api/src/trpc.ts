// 1. context  2. init + errorFormatter  3. the procedure builders this API allows.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { maskPersonalData, type ProcedureMeta, roleAllows, seesMaskedData } from './domain/admin-roles.ts';
import { APP_ERRORS, AppError } from './errors.ts';
import type { Context } from './services/types.ts';
import { transformer } from './transformer.ts';
import { assertSecondFactorGiven } from './services/accounts/second-factor.ts';

export type { Context, SessionUser } from './services/types.ts';

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson on the wire; cached (frozen) outputs are serialized once, see transformer.ts.
    transformer,
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      // An unexpected error's own text (a RangeError, a driver's message) stays in the server's log.
      const internal = error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof AppError);
      return {
        ...shape,
        message: internal ? APP_ERRORS.INTERNAL.message : cause instanceof ZodError ? readableIssues(cause) : shape.message,
        data: {
          ...shape.data,
          stack: undefined,
          appError: cause instanceof AppError ? { code: cause.code, details: cause.details ?? null } : null,
          zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
        },
      };
    },
  });

/**
 * A bad input's message for a person: its first problems in words, each after the field it is about
 * ('stops.0.country: Give the country as its two-letter code, e.g. JP.'), the same words once, and
 * how many more there are — not zod's JSON of every issue, which for a long list of stops ran to
 * thousands of characters. The fields stay in data.zodError for forms.
 */
function readableIssues(error: ZodError): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const issue of error.issues) {
    if (seen.has(issue.message)) continue;
    seen.add(issue.message);
    lines.push(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
  }
  const shown = lines.slice(0, 4).join(' ');
  return lines.length > 4 ? `${shown} (and ${lines.length - 4} more)` : shown;
}

/** Turn AppError into TRPCError with the mapped code, keeping the AppError as cause. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    (result as { error: TRPCError }).error = new TRPCError({
      code: APP_ERRORS[cause.code].trpc,
      message: cause.message,
      cause,
    });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(appErrors);

/**
 * Signed in. A traveller who gave the password but still owes the second factor (issue 27:
 * ctx.pendingUser) gets 403 SECOND_FACTOR_REQUIRED, which says what to do; a guest 401.
 */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError(ctx.pendingUser ? 'SECOND_FACTOR_REQUIRED' : 'UNAUTHORIZED');
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * The few procedures that finish a sign-in (factors.status and giving a factor): they answer a
 * session fully signed in and one still owing its second factor alike; ctx.user is whichever.
 */
export const signingInProcedure = publicProcedure.use(({ ctx, next }) => {
  const user = ctx.user ?? ctx.pendingUser;
  if (!user) throw new AppError('UNAUTHORIZED');
  return next({ ctx: { ...ctx, user } });
});

/**
 * The role check (issue 27): the procedure's `.meta({ roles })` names the back-office roles it lets
 * in; a procedure that names none lets nobody in (fail closed; test/admin-roles.test.ts finds it).
 */
const adminRoles = middleware(async ({ ctx, meta, next }) => {
  const user = (ctx as Context).user;
  if (!user || !roleAllows(user.adminRole, meta?.roles)) throw new AppError('FORBIDDEN', ROLE_FORBIDDEN_MESSAGE);
  const result = await next();
  // Customers' e-mail and phone reach support masked; admin.customers.reveal shows them, logged.
  if (result.ok && meta?.masksPersonalData && seesMaskedData(user.adminRole)) {
    (result as { data: unknown }).data = maskPersonalData(result.data);
  }
  return result;
});

export const ROLE_FORBIDDEN_MESSAGE = 'Your back-office role does not include this.';

/**
 * Second factor enforced (issue 27): an admin procedure answers only in a session where the second
 * factor was given; an account without one gets SECOND_FACTOR_ENROLMENT_REQUIRED (the web opens the
 * enrolment page), one with a factor not yet given in this session SECOND_FACTOR_REQUIRED. REST
 * admin paths call the same procedures, so they are covered too.
 */
const secondFactorEnforced = middleware(async ({ ctx, next }) => {
  const { user, db, sessionId } = ctx as Context;
  if (!user) throw new AppError('UNAUTHORIZED');
  await assertSecondFactorGiven(db, user.id, sessionId);
  return next();
});

export const adminProcedure = protectedProcedure
  .use(({ ctx, next }) => {
    if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN');
    return next({ ctx });
  })
  .use(secondFactorEnforced)
  .use(adminRoles);
