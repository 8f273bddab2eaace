// POST /api/webhooks/inbound-mail: a traveller's reply to a ticket e-mail, as Postmark's inbound
// webhook posts it (JSON; https://postmarkapp.com/developer/webhooks/inbound-webhook). Postmark has
// no signature: its webhooks are protected by HTTP Basic auth in the webhook URL
// (https://postmarkapp.com/developer/webhooks/webhooks-overview, "Protecting your webhook" → "Basic
// HTTP authentication"), so the password must equal INBOUND_MAIL_SECRET (constant-time; any user name).
// Postmark retries a non-200 answer and stops on 403 ("Parse an email"): an e-mail that names no
// ticket is answered 200 (ignored, logged), so it is not retried ten times.
//   200 { received: true, outcome: 'added'|'duplicate'|'unmatched'|'empty', ticket? }
//   400 { error: { code: 'BAD_REQUEST', message } }   not the documented JSON shape
//   401 { error: { code: 'UNAUTHORIZED', message } }  missing or wrong secret
//   404 { error: { code: 'NOT_FOUND', message } }     no INBOUND_MAIL_SECRET configured
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { receiveInboundEmail, ZPostmarkInbound } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';
import { servicesFor } from '../trpc-context.ts';
import { jsonBodyLimit } from '../rest/body.ts';
import { sendError } from '../response.ts';

/** Postmark's inbound JSON carries the whole message (attachments base64): allow 10 MB. */
const MAX_INBOUND_BODY = 10 * 1024 * 1024;

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** The Basic auth password equals the secret (compared as SHA-256 digests, constant time). */
export function inboundSecretMatches(authorization: string | undefined, secret: string): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!m) return false;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  return timingSafeEqual(digest(decoded.slice(colon + 1)), digest(secret));
}

export function inboundMailRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/webhooks/inbound-mail', jsonBodyLimit(MAX_INBOUND_BODY), async (c) => {
    const secret = deps.env.INBOUND_MAIL_SECRET;
    if (!secret) return sendError(c, 404, 'NOT_FOUND', 'Inbound mail is not configured (set INBOUND_MAIL_SECRET).');
    if (!inboundSecretMatches(c.req.header('authorization'), secret)) {
      c.header('WWW-Authenticate', 'Basic realm="inbound-mail"');
      return sendError(c, 401, 'UNAUTHORIZED', 'Inbound mail refused: wrong or missing credentials.');
    }
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      return sendError(c, 400, 'BAD_REQUEST', 'Inbound mail refused: the body is not JSON.');
    }
    const parsed = ZPostmarkInbound.safeParse(json);
    if (!parsed.success) {
      return sendError(
        c,
        400,
        'BAD_REQUEST',
        `Inbound mail refused: not Postmark's inbound JSON (${parsed.error.issues[0]?.path.join('.') ?? ''}).`,
      );
    }
    const result = await receiveInboundEmail(deps.db, servicesFor(deps, c), parsed.data);
    return c.json({ received: true, ...result });
  });
  return app;
}
