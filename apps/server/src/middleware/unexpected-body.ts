// A body where none is read: a GET or HEAD with one (any path), or any request with one outside
// /api/ (static files, the web app, robots.txt). Answered 413 at once, the body never read, and the
// connection closed after the answer (close-on-refusal.ts): before this, such a body was drained
// by the server for as long as the client kept sending it (up to the 5-minute request timeout),
// the /api/ body limits not applying to it.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.ts';
import { payloadTooLarge } from '../rest/body.ts';

export const NO_BODY_MESSAGE = 'This request takes no body.';

/** Does the request say it carries a body (chunked, or a Content-Length other than 0)? */
function carriesBody(transferEncoding: string | undefined, contentLength: string | undefined): boolean {
  return transferEncoding !== undefined || (contentLength !== undefined && contentLength.trim() !== '0');
}

export function refuseUnexpectedBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (carriesBody(c.req.header('transfer-encoding'), c.req.header('content-length'))) {
      const method = c.req.method;
      if (method === 'GET' || method === 'HEAD' || !c.req.path.startsWith('/api/')) {
        return payloadTooLarge(c, NO_BODY_MESSAGE, { maxBytes: 0 });
      }
    }
    return next();
  };
}
