// sessions.*: the signed-in account's sessions (the 'Sessions' page in the account area and the back
// office). Thin: parse, call one service.
import { z } from 'zod';
import { protectedProcedure, router } from '../trpc.ts';
import { endOtherSessions, endSession, listSessions, publicSessionId } from '../services/accounts/session-list.ts';

export const ZSessionRef = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, 'Not a session.'),
});

export const sessionsRouter = router({
  /** Device, address, first and last seen; `current` marks this browser's. */
  list: protectedProcedure.query(({ ctx }) => listSessions(ctx.db, ctx.user.id, ctx.sessionId, ctx.services.now())),

  /** Signs one session out (this browser's too: then the cookie is cleared). */
  end: protectedProcedure.input(ZSessionRef).mutation(async ({ ctx, input }) => {
    const current = ctx.sessionId !== null && publicSessionId(ctx.sessionId) === input.id;
    await endSession(ctx.db, ctx.user.id, input.id);
    if (current) ctx.res.clearSessionCookie();
    return { ok: true as const, endedCurrent: current };
  }),

  /** Signs out every session but this one. → { ended } */
  endOthers: protectedProcedure.mutation(async ({ ctx }) => ({ ended: await endOtherSessions(ctx.db, ctx.user.id, ctx.sessionId) })),
});
