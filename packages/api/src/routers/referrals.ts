// referrals.*: issue 29. Thin: parse, call one service.
//   mine     signed in: the account's code and link (made on first use, hence a mutation), the
//            friends' progress without their personal data, and the points earned.
//   preview  the checkout's discount line for the link's code, or why it does not apply
//            (REFERRAL_REFUSED with details.reason). A mutation: limited per client, and that count is a write.
import { ZReferralPreviewInput } from '../domain/referrals.ts';
import { CHECKOUTS_PER_CLIENT } from '../domain/rate-limit.ts';
import { getMyReferrals, previewReferral } from '../services/referrals/referrals.ts';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';
import { limitPerClient } from './limits.ts';

export const referralsRouter = router({
  mine: protectedProcedure.mutation(({ ctx }) => getMyReferrals(ctx.db, ctx.services, ctx.user.id, ctx.req.deviceHash)),
  preview: publicProcedure
    .input(ZReferralPreviewInput)
    .use(limitPerClient(CHECKOUTS_PER_CLIENT))
    .mutation(({ ctx, input }) =>
      previewReferral(ctx.db, ctx.services, input, { user: ctx.user, headerCurrency: ctx.req.currency, locale: ctx.locale }),
    ),
});
