// The admin area's one file download (the rest of the admin area is tRPC):
//   GET /api/admin/newsletter.csv   every newsletter subscriber as CSV (admin session only; 401 signed
//                                   out, 403 for a customer, in the REST error shape)
// The text comes from admin.support.subscribersCsv (RFC 4180, formula cells defused); this adapter
// only turns it into a download that no cache keeps.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { errorResponse } from '../response.ts';

export function adminRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/admin/newsletter.csv', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      const { filename, csv } = await callerFor(deps, c).admin.support.subscribersCsv();
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${filename}"`);
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(csv, 200);
    } catch (err) {
      const { status, body } = errorResponse(err);
      if (status >= 500) (c.var.log ?? deps.log).error('newsletter export failed', { error: String(err) });
      return c.json(body, status);
    }
  });

  return app;
}
