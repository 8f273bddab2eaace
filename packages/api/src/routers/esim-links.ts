// esimLinks.*: the 'Manage your eSIM' link (issue 26) — no account needed; the token is the key.
//   get          the linked order's eSIM page: install details, usage, packages (404 for a revoked or unknown link)
//   topUps       the top-ups its eSIM can take (buy one: payments.createIntent with { topUpIccid, esimLinkToken })
//   revoke       (mutation) ends every link of the order and e-mails a new one to the order's address
//   gift         the buyer's link of an eSIM given as a gift: to whom and its state, never install details (404 without a gift)
//   refundCode   (mutation) e-mails a one-time code to the order's address (3 an hour per order)
//   refund       (mutation) the refund with that code, through the one refund engine (actor 'traveller')
//   findOrder    (mutation) 'Find my order': address + order number → the link by e-mail; one answer either way
import { z } from 'zod';
import { ZEmail } from '../domain/validation.ts';
import { getLinkedGift } from '../services/gifts/gifts.ts';
import {
  getLinkedEsim,
  listLinkedTopUps,
  refundWithCode,
  requestOrderLink,
  requestRefundCode,
  revokeAndResend,
} from '../services/esims/esim-links.ts';
import { publicProcedure, router } from '../trpc.ts';

const ZLinkToken = z.object({ token: z.string().trim().min(1, 'The link is incomplete.').max(128, 'The link is not valid.') });

export const ZFindOrderInput = z.object({
  email: ZEmail,
  orderNumber: z.string().trim().min(1, 'Required').max(32, 'Please enter the order number from your receipt (ORD-…)'),
});

export const esimLinksRouter = router({
  get: publicProcedure.input(ZLinkToken).query(({ ctx, input }) => getLinkedEsim(ctx.db, ctx.services, input.token)),

  gift: publicProcedure.input(ZLinkToken).query(({ ctx, input }) => getLinkedGift(ctx.db, ctx.services, input.token)),

  topUps: publicProcedure.input(ZLinkToken).query(({ ctx, input }) => listLinkedTopUps(ctx.db, ctx.services, input.token)),

  revoke: publicProcedure.input(ZLinkToken).mutation(({ ctx, input }) => revokeAndResend(ctx.db, ctx.services, input.token)),

  refundCode: publicProcedure.input(ZLinkToken).mutation(({ ctx, input }) => requestRefundCode(ctx.db, ctx.services, input.token)),

  refund: publicProcedure
    .input(
      ZLinkToken.extend({
        code: z
          .string()
          .trim()
          .regex(/^\d{6}$/, 'Please enter the 6-digit code from the e-mail'),
        expectedCashDeductedMinor: z.number().int().min(0).optional(),
      }),
    )
    .mutation(({ ctx, input }) => refundWithCode(ctx.db, ctx.services, input, ctx.locale ?? undefined)),

  findOrder: publicProcedure.input(ZFindOrderInput).mutation(({ ctx, input }) => requestOrderLink(ctx.db, ctx.services, input, ctx.req.ip)),
});
