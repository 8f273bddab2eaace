// promotions.*: issue 29. Thin: parse, call one service.
//   check   the checkout's 'Apply': the discount line, or why the code does not apply (PROMO_*).
//           A mutation: it is limited per client (guessing codes), and that count is a write.
import { ZPromoCheckInput } from '../domain/promotions.ts';
import { CHECKOUTS_PER_CLIENT } from '../domain/rate-limit.ts';
import { checkPromoCode } from '../services/promotions/promo-redemption.ts';
import { publicProcedure, router } from '../trpc.ts';
import { limitPerClient } from './limits.ts';

export const promotionsRouter = router({
  check: publicProcedure
    .input(ZPromoCheckInput)
    .use(limitPerClient(CHECKOUTS_PER_CLIENT))
    .mutation(({ ctx, input }) =>
      checkPromoCode(ctx.db, ctx.services, input, { user: ctx.user, headerCurrency: ctx.req.currency, locale: ctx.locale }),
    ),
});
