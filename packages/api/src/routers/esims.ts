// esims.*: the signed-in user's eSIMs. Someone else's eSIM is 404, as an unknown one.
//   list            /account/esim: status in words, usage bar, days left        GET /api/esims
//   get             /account/esim/{iccid}: usage per day, packages, install, refund   GET /api/esims/{iccid}
//   topUpOptions    the top-up packages that fit the eSIM (same destination)    GET /api/esims/{iccid}/top-ups
//   counts          the dashboard's tiles: active eSIMs (not orders) and all of them
//   activationCode  what a QR image URL encodes, for the owner or the holder of the URL's token
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';
import { ZEsimByIccidInput } from '../domain/esim-inputs.ts';
import { countEsimsForUser, getEsimActivationCode, getEsimDetail, listEsimsForUser } from '../services/esims.ts';
import { listTopUpOptions } from '../services/topups.ts';

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

  activationCode: publicProcedure
    .input(ZEsimQrInput)
    .query(({ ctx, input }) => getEsimActivationCode(ctx.db, { ...input, user: ctx.user })),
});
