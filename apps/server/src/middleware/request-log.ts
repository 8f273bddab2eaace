// First middleware of every request: its id, its access-log line, its metrics.
//
// - The id: the client's X-Request-Id when it looks like an id (8–128 of A–Z a–z 0–9 . _ : -, and
//   nothing a log would have to blank, such as a card number), else a new UUID. It goes back in
//   the X-Request-Id header of every answer (errors, 404s, static files, tRPC, REST, webhooks),
//   and c.var.log is deps.log with the id in every line (the procedures get it as services.log:
//   trpc-context.ts servicesFor).
// - One access-log line per request at info (ACCESS_LOG=0 turns them off): id, method, path
//   without the query string, route pattern, status, duration, bytes sent (headers included; on
//   the Node server), client address, user id when signed in.
// - http_requests_total and http_request_duration_seconds (metrics.ts) by route pattern.
//
// On the Node server the header joins the answer's own in ServerResponse.writeHead (a copy of the
// header record with one more entry), so the records that hot paths build once and share
// (response.ts) stay untouched and Node keeps its fast path (setHeader() before writeHead would
// send every header through its per-header checks: measured at several µs a request). The line
// and the metrics are written when the answer has gone out ('close'), so the duration includes
// sending it. Under app.request() (tests) there is no ServerResponse: the header is added to the
// Response and the line written at once.
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { appRouter } from '@esim/api';
import { hasSecretText, levelEnabled, requestLogger } from '../logger.ts';
import type { AppDeps, AppEnv, Lifecycle } from '../types.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The client's id when it is safe to echo and log, else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && SAFE_REQUEST_ID.test(incoming) && !LONG_NUMBER.test(incoming) && !hasSecretText(incoming)
    ? incoming
    : randomUUID();
}
/** 13 or more digits, however split: what could be a card number is not echoed nor logged. */
const LONG_NUMBER = /\d(?:[-._:]?\d){12}/;

/** What the answer's 'close' needs; kept on the ServerResponse (one object, no closure per request). */
interface Pending {
  id: string;
  method: string;
  path: string;
  route: string;
  start: number;
  /** The socket (ServerResponse lets go of it before 'close') and its bytesWritten when the request came (keep-alive sockets carry several answers). */
  socket: Socket | null;
  sentBefore: number;
  ip: string;
  userId: number | null;
}

const PENDING = Symbol('requestLog');
const REQUEST_ID = Symbol('requestId');
const LIFECYCLE = Symbol('lifecycle');
type Tracked = ServerResponse & { [PENDING]?: Pending; [REQUEST_ID]?: string; [LIFECYCLE]?: Lifecycle | undefined };

type OutgoingHeaders = Record<string, string | number | string[]> | (string | number | string[])[] | undefined | null;
type WriteHead = (this: ServerResponse, ...args: unknown[]) => ServerResponse;
let originalWriteHead: WriteHead | null = null;

/**
 * Puts writeHeadWithId on ServerResponse.prototype, once per process. On the prototype rather than
 * on each response: an own `writeHead` per response changed every response's shape, and Node's
 * http code ran measurably slower on them.
 */
function installWriteHead(): void {
  if (originalWriteHead) return;
  originalWriteHead = ServerResponse.prototype.writeHead as unknown as WriteHead;
  ServerResponse.prototype.writeHead = writeHeadWithId as unknown as ServerResponse['writeHead'];
}

/**
 * ServerResponse.writeHead with X-Request-Id (and, while draining, Connection: close) added to the
 * headers it is given, for the responses this middleware tracks; others pass through unchanged.
 */
function writeHeadWithId(this: Tracked, status: number, a?: unknown, b?: unknown): ServerResponse {
  const original = originalWriteHead!;
  const id = this[REQUEST_ID];
  // Not ours (another server in this process, a test): passed on exactly as it came.
  if (id === undefined) return original.apply(this, arguments as unknown as unknown[]);
  if (this[LIFECYCLE]?.draining !== true) {
    // The usual answer: Node writes the header block from the headers it is given (its fast path,
    // the shared records untouched), then the id's line goes in before the block's end. The id is
    // safe to write as it is (requestIdFor: letters, digits and . _ : - only).
    const out = original.apply(this, arguments as unknown as unknown[]);
    const self = this as Tracked & { _header?: string | null };
    if (typeof self._header === 'string' && self._header.endsWith('\r\n\r\n'))
      self._header = `${self._header.slice(0, -2)}${REQUEST_ID_HEADER}: ${id}\r\n\r\n`;
    return out;
  }
  // Draining: Connection: close too, which Node must see to close the socket after this answer.
  const reason = typeof a === 'string' ? a : undefined;
  const given = (reason === undefined ? a : b) as OutgoingHeaders;
  const headers: OutgoingHeaders = Array.isArray(given)
    ? [...given, REQUEST_ID_HEADER, id, 'Connection', 'close']
    : { ...given, [REQUEST_ID_HEADER]: id, Connection: 'close' };
  return reason === undefined ? original.call(this, status, headers) : original.call(this, status, reason, headers);
}

const MAX_LOGGED_PATH = 200;

/** tRPC procedure → its route label; batches and unknown names get fixed labels. */
function trpcLabels(): (path: string) => string {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures;
  const labels = new Map(Object.keys(procedures).map((name) => [name, `/api/trpc/${name}`]));
  return (path) => {
    const name = path.slice('/api/trpc/'.length);
    return labels.get(name) ?? (name.includes(',') ? '/api/trpc/(batch)' : '/api/trpc/*');
  };
}

/** The request's route as a bounded label: the pattern of the handler that answered. */
export function routeLabeller(deps: Pick<AppDeps, 'webDist'>): (c: Context<AppEnv>) => string {
  const trpc = trpcLabels();
  const catchAll = deps.webDist ? 'static' : 'other';
  return (c) => {
    let route: string;
    try {
      route = c.req.routePath;
    } catch {
      return 'other';
    }
    if (route === '/api/trpc/*') return trpc(c.req.path);
    return route === '*' || route === '/*' ? catchAll : route;
  };
}

export function requestLog(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { log, metrics, lifecycle } = deps;
  const access = deps.env.ACCESS_LOG && (log.level === undefined || levelEnabled(log.level, 'info'));
  const routeOf = routeLabeller(deps);
  installWriteHead();

  const finish = (p: Pending, status: number, bytes: number | undefined, aborted: boolean) => {
    if (lifecycle) lifecycle.inFlight--;
    const ms = performance.now() - p.start;
    metrics?.observeRequest(p.method, p.route, status, ms / 1000);
    if (!access) return;
    log.info('request', {
      requestId: p.id,
      method: p.method,
      path: p.path.length > MAX_LOGGED_PATH ? `${p.path.slice(0, MAX_LOGGED_PATH)}…` : p.path,
      route: p.route,
      status,
      ms: Math.round(ms * 10) / 10,
      ...(bytes !== undefined ? { bytes } : {}),
      ip: p.ip,
      ...(p.userId !== null ? { userId: p.userId } : {}),
      ...(aborted ? { aborted: true } : {}),
    });
  };

  function onClose(this: Tracked) {
    const p = this[PENDING];
    if (!p) return;
    this[PENDING] = undefined;
    const sent = p.socket ? p.socket.bytesWritten - p.sentBefore : undefined;
    // Nothing sent (the client went away first): 499, as proxies log it.
    finish(p, this.headersSent ? this.statusCode : 499, sent !== undefined && sent >= 0 ? sent : undefined, !this.writableFinished);
  }

  return async (c, next) => {
    const id = requestIdFor(c.req.header('x-request-id'));
    c.set('requestId', id);
    c.set('log', requestLogger(log, id));
    const outgoing = (c.env as { outgoing?: Tracked; incoming?: IncomingMessage } | undefined)?.outgoing;
    if (outgoing) {
      outgoing[REQUEST_ID] = id;
      outgoing[LIFECYCLE] = lifecycle;
    }
    const socket = outgoing?.socket ?? null;
    const sentBefore = socket?.bytesWritten ?? 0;
    const start = performance.now();
    if (lifecycle) lifecycle.inFlight++;
    try {
      await next();
    } catch (err) {
      if (lifecycle) lifecycle.inFlight--;
      throw err;
    }

    const pending: Pending = {
      id,
      method: c.req.method,
      path: c.req.path,
      route: routeOf(c),
      start,
      socket,
      sentBefore,
      ip: c.get('ip') ?? 'unknown',
      userId: (c.get('user') ?? c.get('pendingUser'))?.id ?? null,
    };
    if (outgoing && access) {
      outgoing[PENDING] = pending;
      outgoing.on('close', onClose);
      return;
    }
    if (outgoing) {
      // No access line to write: the metrics and the in-flight count are done when the handler is,
      // without a 'close' listener per response (the duration then leaves out sending the body).
      finish(pending, c.res.status, undefined, false);
      return;
    }
    const res = withRequestId(c.res, id);
    if (res !== c.res) c.res = res;
    finish(pending, c.res.status, undefined, false);
  };
}

/** The Response with the X-Request-Id header (a copy when its headers cannot be changed). */
function withRequestId(res: Response, id: string): Response {
  try {
    res.headers.set(REQUEST_ID_HEADER, id);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set(REQUEST_ID_HEADER, id);
    return copy;
  }
}
