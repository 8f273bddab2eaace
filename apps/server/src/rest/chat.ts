// The live chat's server-sent events (issue 30), through the database only: each stream polls its
// conversation's rows every CHAT_POLL_MS (`id > last sent`, one indexed read, plus the
// conversation's typing and read state), so a message written through any server instance on the
// same database reaches a stream held by any other. No in-memory fan-out.
//   GET /api/chat/stream?token=…&after=<id>          the traveller (session, or a guest's token)
//   GET /api/admin/chat/stream?id=<chat>&after=<id>  an agent (the same checks as admin.chat.get)
// Events: 'message' (id: the message's id, data: { id, author, body, createdAt }) and 'state'
// (data: { status, ticketNumber, typing, readId, hasEmail }) when it changes; a comment every 15 s.
// Who may open a stream is decided by the same procedure a read would call (chat.get,
// admin.chat.get): another's chat is 404 before any event. A stream ends while the server drains.
import { Hono, type Context as HonoContext } from 'hono';
import { streamSSE } from 'hono/streaming';
import { chatUpdates } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';
import { callProcedure, servicesFor } from '../trpc-context.ts';

export const CHAT_POLL_MS = 500;
const PING_MS = 15_000;

function afterOf(c: HonoContext<AppEnv>): number {
  const raw = c.req.header('last-event-id') ?? c.req.query('after') ?? '0';
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

function stream(deps: AppDeps, c: HonoContext<AppEnv>, conversationId: number, side: 'customer' | 'agent', pollMs: number) {
  const services = servicesFor(deps, c);
  let last = afterOf(c);
  c.header('Cache-Control', 'no-store');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (s) => {
    let lastState = '';
    let lastWrite = Date.now();
    while (!s.aborted && !s.closed && deps.lifecycle?.draining !== true) {
      const u = await chatUpdates(deps.db, services, conversationId, last, side);
      if (!u) break;
      for (const m of u.messages) {
        await s.writeSSE({ event: 'message', id: String(m.id), data: JSON.stringify(m) });
        last = m.id;
        lastWrite = Date.now();
      }
      const state = JSON.stringify(u.state);
      if (state !== lastState) {
        await s.writeSSE({ event: 'state', data: state });
        lastState = state;
        lastWrite = Date.now();
      }
      if (Date.now() - lastWrite > PING_MS) {
        await s.write(': ping\n\n');
        lastWrite = Date.now();
      }
      await s.sleep(pollMs);
    }
  });
}

export function chatRest(deps: AppDeps, opts: { pollMs?: number } = {}) {
  const pollMs = opts.pollMs ?? CHAT_POLL_MS;
  const app = new Hono<AppEnv>();
  app.get('/chat/stream', async (c) => {
    const token = c.req.query('token') || undefined;
    const thread = (await callProcedure(deps, c, 'chat.get', token ? { token } : {})) as { id: number };
    return stream(deps, c, thread.id, 'customer', pollMs);
  });
  app.get('/admin/chat/stream', async (c) => {
    const id = Number(c.req.query('id'));
    const thread = (await callProcedure(deps, c, 'admin.chat.get', { id })) as { id: number };
    return stream(deps, c, thread.id, 'agent', pollMs);
  });
  return app;
}
