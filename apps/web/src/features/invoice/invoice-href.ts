// Where an order's invoice is shown. Not a route of its own (the shop's initial JS has no room for
// one more route definition): the owner's invoice is the receipt's page with ?view=invoice, a
// guest's the 'Manage your eSIM' page with ?view=invoice. Those routes' validateSearch (the
// receipt has none; /esim-link keeps only its token) does not carry `view`, so the pages read it
// from the URL's search text in their own chunks (useInvoiceView).
import { useRouterState } from '@tanstack/react-router';

export type InvoiceLinkRef = { orderId: string } | { token: string };

/** A router <Link>'s `to`, `params` and `search` for an order's invoice. */
export function invoiceLink(ref: InvoiceLinkRef) {
  return 'token' in ref
    ? ({ to: '/esim-link', search: { token: ref.token, view: 'invoice' } as never } as const)
    : ({ to: '/account/orders/$orderId/receipt', params: { orderId: ref.orderId }, search: { view: 'invoice' } as never } as const);
}

/** Whether the page's URL asks for the invoice (?view=invoice). */
export function useInvoiceView(): boolean {
  return useRouterState({ select: (s) => new URLSearchParams(s.location.searchStr).get('view') === 'invoice' });
}
