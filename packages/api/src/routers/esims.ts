// esims.list: the signed-in user's eSIMs (/account/esim). esims.activationCode: what a QR image
// URL encodes, for the owner or the holder of the URL's token (the REST adapter renders the image).
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';
import { getEsimActivationCode, listEsimsForUser } from '../services/esims.ts';

const ZEsimQrInput = z.object({
  esimId: z.string().min(1).max(32),
  token: z.string().min(1).max(128).optional(),
  clientSecret: z.string().min(1).max(512).optional(),
});

export const esimsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listEsimsForUser(ctx.db, ctx.services, ctx.user.id)),

  activationCode: publicProcedure
    .input(ZEsimQrInput)
    .query(({ ctx, input }) => getEsimActivationCode(ctx.db, { ...input, user: ctx.user })),
});
