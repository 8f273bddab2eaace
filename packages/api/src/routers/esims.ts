// esims.*: the signed-in user's eSIMs. Someone else's eSIM is 404, as an unknown one.
//   list            /account/esim: status in words, usage bar, days left        GET /api/esims
//   get             /account/esim/{iccid}: usage per day, packages, install, refund   GET /api/esims/{iccid}
//   topUpOptions    the top-up packages that fit the eSIM (same destination)    GET /api/esims/{iccid}/top-ups
//   counts          the dashboard's tiles: active eSIMs (not orders) and all of them
//   activationCode  what a QR image URL encodes, for the owner or the holder of the URL's token
//   refresh         (mutation) the eSIM pages ask the provider for news of stale eSIMs when they open
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';
import { ZEsimByIccidInput } from '../domain/esim-inputs.ts';
import { countEsimsForUser, getEsimActivationCode, getEsimDetail, listEsimsForUser, refreshEsimsForUser } from '../services/esims/esims.ts';
import { listTopUpOptions } from '../services/orders/topups.ts';

const ZEsimQrInput = z.object({
  esimId: z.string().min(1).max(32),
  token: z.string().min(1).max(128).optional(),
  clientSecret: z.string().min(1).max(512).optional(),
});

export const esimsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listEsimsForUser(ctx.db, ctx.services, ctx.user.id)),

  counts: protectedProcedure.query(({ ctx }) => countEsimsForUser(ctx.db, ctx.user.id)),

  get: protectedProcedure.input(ZEsimByIccidInput).query(({ ctx, input }) => getEsimDetail(ctx.db, ctx.services, ctx.user.id, input.iccid)),

  topUpOptions: protectedProcedure
    .input(ZEsimByIccidInput)
    .query(({ ctx, input }) => listTopUpOptions(ctx.db, ctx.services, ctx.user.id, input.iccid)),

  /** The eSIM pages' refresh from the provider when they open (the reads above never write).  POST /api/esims/refresh */
  refresh: protectedProcedure
    .input(z.object({ iccid: ZEsimByIccidInput.shape.iccid.optional() }).optional())
    .mutation(({ ctx, input }) => refreshEsimsForUser(ctx.db, ctx.services, ctx.user.id, input?.iccid)),

  activationCode: publicProcedure
    .input(ZEsimQrInput)
    .query(({ ctx, input }) => getEsimActivationCode(ctx.db, { ...input, user: ctx.user })),
});
