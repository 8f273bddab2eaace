// The live chat across TWO server instances on ONE SQLite file (issue 30): two createApp()s, each
// with its own connection to the file, as two processes behind a load balancer would have. A
// guest's stream (GET /api/chat/stream) held by instance A receives the agent's answer written
// through instance B, and the agent's stream on B receives the guest's message written through A:
// delivery goes through the database (the streams poll `id > last`), never through memory.
// Permissions over HTTP: a forged or another's token 404, a customer on the agent's stream 403,
// a guest 401.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, hashPassword, insertUser } from '@esim/api';
import { giveSecondFactor } from '@esim/api/testing';
import { createDb, migrateToLatest, type DbHandle } from '@esim/db';
import { createApp } from '../src/app.ts';
import { silentLogger } from '../src/logger.ts';
import type { AppDeps } from '../src/types.ts';
import { sessionCookieOf } from './auth-app.ts';
import { ORIGIN, sameSite, testEnv } from './test-env.ts';

let dir: string;
const handles: DbHandle[] = [];
let A: ReturnType<typeof createApp>;
let B: ReturnType<typeof createApp>;
const PASSWORD = 'correct horse battery';

function instance(url: string): ReturnType<typeof createApp> {
  const handle = createDb(url);
  handles.push(handle);
  const deps: AppDeps = {
    db: handle.db,
    env: testEnv(),
    log: silentLogger,
    webDist: null,
    services: createServices(handle.db, {
      publicUrl: ORIGIN,
      productName: 'Test',
      supportEmail: 's@example.com',
      phone: '0',
      postalAddress: 'x',
    }),
  };
  return createApp(deps);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chat-two-'));
  const url = `file:${join(dir, 'shop.sqlite')}`;
  const first = createDb(url);
  await migrateToLatest(first.db);
  const hash = await hashPassword(PASSWORD);
  await insertUser(first.db, { username: 'agent', email: 'agent@shop.example', passwordHash: hash, role: 'admin' }, new Date());
  await insertUser(first.db, { username: 'bob', email: 'bob@shop.example', passwordHash: hash, role: 'customer' }, new Date());
  await insertUser(first.db, { username: 'eve', email: 'eve@shop.example', passwordHash: hash, role: 'customer' }, new Date());
  await first.close();
  A = instance(url);
  B = instance(url);
}, 60_000);
afterAll(async () => {
  for (const h of handles) await h.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function login(app: ReturnType<typeof createApp>, username: string): Promise<string> {
  const res = await app.request(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: sameSite(),
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  if (username === 'agent') await giveSecondFactor(handles[0]!.db, { username }, new Date());
  return `session=${sessionCookieOf(res)}`;
}

/** A tRPC mutation over HTTP (superjson's envelope). */
async function mutate(app: ReturnType<typeof createApp>, path: string, input: unknown, cookie?: string) {
  const res = await app.request(`${ORIGIN}/api/trpc/${path}`, {
    method: 'POST',
    headers: sameSite(cookie ? { Cookie: cookie } : {}),
    body: JSON.stringify({ json: input }),
  });
  const body = (await res.json()) as { result?: { data: { json: any } }; error?: unknown };
  if (!res.ok) throw new Error(`${path} ${res.status} ${JSON.stringify(body)}`);
  return body.result!.data.json;
}

/** Reads an SSE response until `until(text)` holds (or fails after `ms`); then cancels it. */
async function readUntil(res: Response, until: (text: string) => boolean, ms = 5000): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  try {
    while (!until(text)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event within ${ms} ms; got:\n${text}`);
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
      if (chunk === null) continue;
      if (chunk.done) throw new Error(`stream ended; got:\n${text}`);
      text += decoder.decode(chunk.value, { stream: true });
    }
    return text;
  } finally {
    await reader.cancel();
  }
}

const messagesIn = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.includes('event: message'))
    .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { id: number; author: string; body: string });

describe('live chat over two instances on one database', () => {
  it("delivers both ways: the guest's stream on A gets the answer written on B, the agent's stream on B the message written on A", async () => {
    const agent = await login(B, 'agent');
    const started = await mutate(A, 'chat.start', {});
    const token = started.token as string;
    await mutate(A, 'chat.send', { token, body: 'Hello from instance A' });

    // The agent's stream on B, opened before the guest writes again: it receives the row written on A.
    const agentStream = Promise.resolve(B.request(`${ORIGIN}/api/admin/chat/stream?id=${started.id}`, { headers: { Cookie: agent } }));
    const guestStream = Promise.resolve(A.request(`${ORIGIN}/api/chat/stream?token=${encodeURIComponent(token)}`));
    const [agentText, guestText] = await Promise.all([
      agentStream.then((res) => readUntil(res, (t) => t.includes('Second message via A'))),
      guestStream.then((res) => readUntil(res, (t) => t.includes('Answer via B'))),
      (async () => {
        await new Promise((r) => setTimeout(r, 700));
        await mutate(A, 'chat.send', { token, body: 'Second message via A' });
        await mutate(B, 'admin.chat.typing', { id: started.id }, agent);
        await new Promise((r) => setTimeout(r, 800)); // at least one poll of A's stream sees it
        await mutate(B, 'admin.chat.answer', { id: started.id, body: 'Answer via B' }, agent);
      })(),
    ]);
    expect(messagesIn(agentText).map((m) => m.body)).toEqual(['Hello from instance A', 'Second message via A']);
    expect(messagesIn(guestText).map((m) => [m.author, m.body])).toEqual([
      ['customer', 'Hello from instance A'],
      ['customer', 'Second message via A'],
      ['agent', 'Answer via B'],
    ]);
    // The typing signal written on B reached the stream on A as state.
    expect(guestText).toMatch(/event: state\ndata: \{[^\n]*"typing":true/);

    // Resuming after the last id (as EventSource does with Last-Event-ID): only what is newer.
    const last = messagesIn(guestText).at(-1)!.id;
    await mutate(B, 'admin.chat.answer', { id: started.id, body: 'One more' }, agent);
    const resumed = await readUntil(
      await A.request(`${ORIGIN}/api/chat/stream?token=${encodeURIComponent(token)}`, { headers: { 'Last-Event-ID': String(last) } }),
      (t) => t.includes('One more'),
    );
    expect(messagesIn(resumed).map((m) => m.body)).toEqual(['One more']);
  });

  it("nobody streams another's chat", async () => {
    const guest = await mutate(A, 'chat.start', {});
    const bob = await login(A, 'bob');
    const eve = await login(B, 'eve');
    const bobs = await mutate(A, 'chat.start', {}, bob);
    await mutate(A, 'chat.send', { body: 'private' }, bob);

    const forged = `${guest.id}.${'A'.repeat(43)}`;
    expect((await B.request(`${ORIGIN}/api/chat/stream?token=${forged}`)).status).toBe(404);
    // A guest token cannot open a traveller's chat, even one shaped for its id.
    const reused = `${bobs.id}.${(guest.token as string).split('.')[1]}`;
    expect((await B.request(`${ORIGIN}/api/chat/stream?token=${reused}`)).status).toBe(404);
    // Eve has no chat: her stream is 404, never Bob's.
    const evesStream = await B.request(`${ORIGIN}/api/chat/stream`, { headers: { Cookie: eve } });
    expect(evesStream.status).toBe(404);
    expect(await evesStream.text()).not.toContain('private');
    // The agent's stream: a guest 401, a customer 403.
    expect((await A.request(`${ORIGIN}/api/admin/chat/stream?id=${bobs.id}`)).status).toBe(401);
    expect((await A.request(`${ORIGIN}/api/admin/chat/stream?id=${bobs.id}`, { headers: { Cookie: eve } })).status).toBe(403);
    // Bob's own stream, on the other instance, has his message.
    const text = await readUntil(await B.request(`${ORIGIN}/api/chat/stream`, { headers: { Cookie: bob } }), (t) => t.includes('private'));
    expect(messagesIn(text).map((m) => m.body)).toEqual(['private']);
  });
});
