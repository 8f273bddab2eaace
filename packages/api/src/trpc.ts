// 1. context  2. init + errorFormatter  3. the procedure builders this API allows.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { APP_ERRORS, AppError } from './errors.ts';
import type { Context } from './services/types.ts';
import { transformer } from './transformer.ts';

export type { Context, SessionUser } from './services/types.ts';

const t = initTRPC.context<Context>().create({
  // superjson on the wire; cached (frozen) outputs are serialized once, see transformer.ts.
  transformer,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    // An unexpected error's own text (a RangeError, a driver's message) stays in the server's log.
    const internal = error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof AppError);
    return {
      ...shape,
      message: internal ? APP_ERRORS.INTERNAL.message : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        appError: cause instanceof AppError ? { code: cause.code, details: cause.details ?? null } : null,
        zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
      },
    };
  },
});

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

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED');
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN');
  return next({ ctx });
});
