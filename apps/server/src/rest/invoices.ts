// The VAT invoice and its credit notes as PDF downloads (issue 31), rendered here
// (@esim/api invoice-pdf.ts) from the facts frozen at issue, in the order's language.
//   GET /api/invoices/:orderId/pdf                        the invoice
//   GET /api/invoices/:orderId/credit-notes/:number/pdf   one credit note (CN-000001)
// Who: the order's owner (session cookie), or a guest with the order's 'Manage your eSIM' link
// token as `?token=` (the request log writes paths without their query, so the token stays out
// of the logs). Anyone else, an unknown order or credit note: 404; not paid yet (no invoice): 409;
// signed out without a token: 401. Answers `application/pdf` as an attachment named after the
// document, never cached. An install whose font files cannot be read answers 503 with a JSON message.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { PdfFontsMissing, invoicePdf, type InvoiceAccess, type PdfDocumentRef } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';
import { errorResponse, sendError } from '../response.ts';

/** The invoices.get router's limits: an order number is at most 32 characters, a link token 128. */
const ORDER_ID = /^[A-Za-z0-9_-]{1,32}$/;
const CREDIT_NOTE = /^CN-\d{1,12}$/;

export function invoicesRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const send = async (c: Context<AppEnv>, which: PdfDocumentRef): Promise<Response> => {
    c.header('Cache-Control', 'private, no-store');
    c.header('X-Robots-Tag', 'noindex');
    const orderId = c.req.param('orderId') ?? '';
    if (!ORDER_ID.test(orderId)) return sendError(c, 404, 'NOT_FOUND', 'There is no order with this number.');
    if (which.kind === 'credit-note' && !CREDIT_NOTE.test(which.number))
      return sendError(c, 404, 'NOT_FOUND', 'There is no credit note with this number.');
    const token = c.req.query('token');
    if (token !== undefined && (token.trim() === '' || token.length > 128)) return sendError(c, 404, 'NOT_FOUND', 'The link is not valid.');
    const user = c.get('user');
    let access: InvoiceAccess;
    if (token !== undefined) access = { token: token.trim() };
    else if (user) access = { userId: user.id, orderId };
    else return sendError(c, 401, 'UNAUTHORIZED', 'Please sign in, or open the invoice from your order e-mail’s link.');
    try {
      const pdf = await invoicePdf(deps.db, access, which, orderId);
      return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${pdf.filename}"`,
        'Content-Length': String(pdf.bytes.byteLength),
      });
    } catch (err) {
      if (err instanceof PdfFontsMissing) {
        c.get('log')?.error('invoice PDF not available', { error: err });
        return sendError(
          c,
          503,
          'PDF_UNAVAILABLE',
          'PDF not available on this server: open the invoice page and print it, or save it as PDF there.',
        );
      }
      const { status, body } = errorResponse(err);
      return c.json(body, status);
    }
  };

  app.get('/invoices/:orderId/pdf', (c) => send(c, { kind: 'invoice' }));
  app.get('/invoices/:orderId/credit-notes/:number/pdf', (c) => send(c, { kind: 'credit-note', number: c.req.param('number') }));
  return app;
}
