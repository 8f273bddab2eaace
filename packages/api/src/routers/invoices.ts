// invoices.*: the order's VAT invoice and its credit notes (issue 31), for the signed-in owner
// ({ orderId }) or the holder of the order's 'Manage your eSIM' link ({ token }, a guest).
//   get        the invoice as issued (frozen VAT rate and seller facts), its credit notes
//   saveBuyer  (mutation) a business traveller's company name, address, country and VAT ID
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { ZInvoiceBuyerInput } from '../domain/invoice-buyer.ts';
import { getInvoice, saveInvoiceBuyer, type InvoiceAccess } from '../services/orders/invoice-views.ts';
import { publicProcedure, router } from '../trpc.ts';

const ZInvoiceRef = z.union([
  z.object({ orderId: z.string().trim().min(1).max(32) }),
  z.object({ token: z.string().trim().min(1, 'The link is incomplete.').max(128, 'The link is not valid.') }),
]);

function access(ref: z.infer<typeof ZInvoiceRef>, userId: number | undefined): InvoiceAccess {
  if ('token' in ref) return { token: ref.token };
  if (userId === undefined) throw new AppError('UNAUTHORIZED');
  return { userId, orderId: ref.orderId };
}

export const invoicesRouter = router({
  /** GET-like: reads only. */
  get: publicProcedure.input(ZInvoiceRef).query(({ ctx, input }) => getInvoice(ctx.db, access(input, ctx.user?.id))),

  saveBuyer: publicProcedure
    .input(z.object({ ref: ZInvoiceRef, buyer: ZInvoiceBuyerInput }))
    .mutation(({ ctx, input }) => saveInvoiceBuyer(ctx.db, ctx.services, access(input.ref, ctx.user?.id), input.buyer)),
});
