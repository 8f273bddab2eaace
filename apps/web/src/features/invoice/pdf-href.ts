// The address of an invoice's PDF, or of one of its credit notes (issue 31), rendered by the
// server in the order's language (apps/server/src/rest/invoices.ts). The owner's session cookie
// goes along by itself; a guest's 'Manage your eSIM' link token rides as ?token= (the server's
// request log writes paths without their query).
export type PdfRef = { orderId: string } | { token: string };

export function pdfHref(ref: PdfRef, orderId: string, creditNote?: string): string {
  const path = `/api/invoices/${encodeURIComponent(orderId)}${creditNote ? `/credit-notes/${encodeURIComponent(creditNote)}` : ''}/pdf`;
  return 'token' in ref ? `${path}?token=${encodeURIComponent(ref.token)}` : path;
}
