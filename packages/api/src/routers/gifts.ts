// gifts.*: 'Gift an eSIM' (issue 29).
//   give     (mutation) the account's uninstalled eSIM given to an e-mail address, once; optional delivery date
//   given    the buyer's gifts: 'Gift sent' / 'Gift claimed' (never the install details); refund via orders.refund
//   preview  the claim page before the click: the plan and the message (by the link's token)
//   claim    (mutation) once: into the signed-in account, or as a guest (→ the recipient's own 'Manage your eSIM' link)
import { z } from 'zod';
import { ZIccid } from '../domain/esim-inputs.ts';
import { GIFT_MESSAGE_MAX } from '../domain/gifts.ts';
import { ZEmail } from '../domain/validation.ts';
import { claimGift, giveEsim, listGivenGifts, previewGift } from '../services/gifts/gifts.ts';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';

export const ZGiveEsimInput = z.object({
  iccid: ZIccid,
  recipientEmail: ZEmail,
  message: z.string().max(GIFT_MESSAGE_MAX, `The message can be at most ${GIFT_MESSAGE_MAX} characters.`).default(''),
  deliverOn: z.string().trim().max(40, 'The delivery date is not a date. Use the date picker.').nullish(),
  locale: z.string().trim().min(2).max(16),
});

const ZGiftToken = z.object({ token: z.string().trim().min(1, 'The link is incomplete.').max(128, 'The link is not valid.') });

export const giftsRouter = router({
  give: protectedProcedure.input(ZGiveEsimInput).mutation(({ ctx, input }) => giveEsim(ctx.db, ctx.services, ctx.user, input)),

  given: protectedProcedure.query(({ ctx }) => listGivenGifts(ctx.db, ctx.services, ctx.user.id)),

  preview: publicProcedure.input(ZGiftToken).query(({ ctx, input }) => previewGift(ctx.db, input.token)),

  claim: publicProcedure.input(ZGiftToken).mutation(({ ctx, input }) => claimGift(ctx.db, ctx.services, input.token, ctx.user)),
});
