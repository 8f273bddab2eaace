// referrals.*: issue 29. Thin: parse, call one service.
//   mine   signed in: the account's code and link (made on first use, hence a mutation), the
//          friends' progress without their personal data, and the points earned.
import { getMyReferrals } from '../services/referrals/referrals.ts';
import { protectedProcedure, router } from '../trpc.ts';

export const referralsRouter = router({
  mine: protectedProcedure.mutation(({ ctx }) => getMyReferrals(ctx.db, ctx.services, ctx.user.id)),
});
