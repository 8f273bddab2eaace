// A 413 over a real socket (node:http with a keep-alive Agent against @hono/node-server on
// 127.0.0.1): the refusal says `Connection: close`, the client reads it whole, and its next request
// goes out on a new socket and succeeds (before, the 413 said keep-alive and the server then
// dropped the socket, so the next request on it failed with 'socket hang up').
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRPC_BATCH_CALLS } from '../src/middleware/trpc-limits.ts';
import { lingerOnClose } from '../src/middleware/close-on-refusal.ts';
import { createCatalogApp, type CatalogApp } from './catalog-app.ts';

const ORIGIN = 'http://localhost:3000';

let t: CatalogApp;
let server: ServerType;
let port: number;
beforeAll(async () => {
  t = await createCatalogApp();
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

/** One request on `agent`; the body is sent whole with a Content-Length, or chunked in 64 KiB writes. */
function send(agent: Agent, method: string, path: string, body?: { bytes: Buffer; chunked: boolean }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Origin: ORIGIN, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
    if (body && !body.chunked) headers['Content-Length'] = String(body.bytes.length);
    let answered = false;
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), socket: req.socket! });
      });
    });
    // After the answer the client may still be writing the refused body when the server closes:
    // that write fails (EPIPE / reset), which is expected. Before the answer, any error fails the test.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    if (!body) return void req.end();
    if (!body.chunked) return void req.end(body.bytes);
    for (let i = 0; i < body.bytes.length; i += 64 * 1024) req.write(body.bytes.subarray(i, i + 64 * 1024));
    req.end();
  });
}

const big = (n: number) => Buffer.alloc(n, 'x');

describe('413 on a keep-alive connection', () => {
  it('control: two ordinary requests share one kept-alive socket', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const a = await send(agent, 'GET', '/api/health');
      const b = await send(agent, 'GET', '/api/health');
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.headers.connection).toBe('keep-alive');
      expect(b.socket).toBe(a.socket);
    } finally {
      agent.destroy();
    }
  });

  it.each([
    ['tRPC, Content-Length', 'POST', '/api/trpc/auth.login', { bytes: big(5 * 1024 * 1024), chunked: false }],
    ['tRPC, chunked', 'POST', '/api/trpc/auth.login', { bytes: big(5 * 1024 * 1024), chunked: true }],
    ['REST, Content-Length', 'POST', '/api/auth/login', { bytes: big(5 * 1024 * 1024), chunked: false }],
    ['REST, chunked', 'POST', '/api/contact', { bytes: big(5 * 1024 * 1024), chunked: true }],
    ['REST, just over the limit', 'POST', '/api/create-payment-intent', { bytes: big(64 * 1024 + 1), chunked: false }],
    ['webhook, Content-Length', 'POST', '/api/webhooks/stripe', { bytes: big(1024 * 1024), chunked: false }],
    [
      'tRPC, too many calls',
      'GET',
      `/api/trpc/${Array.from({ length: MAX_TRPC_BATCH_CALLS + 1 }, () => 'catalog.regions').join(',')}?batch=1`,
      undefined,
    ],
  ] as const)('%s: 413 with Connection: close, then the next request succeeds on a new socket', async (_label, method, path, body) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, method, path, body && { bytes: body.bytes, chunked: body.chunked });
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      expect((JSON.parse(refused.body) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');

      const next = await send(agent, 'GET', '/api/health');
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ status: 'ok' });
      expect(next.socket).not.toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });
});

describe('lingering close', () => {
  /**
   * A raw TCP pair: the server side says 'bye' and calls destroySoon() (what Node's HTTP server
   * does after a `Connection: close` answer); the client, on that FIN, sends more. Returns the
   * bytes the server read after destroySoon().
   */
  async function afterClose(linger: boolean): Promise<{ readAfterClose: number; clientSawBye: boolean }> {
    let readAfterClose = 0;
    let closing = false;
    let clientSawBye = false;
    let serverClosed!: () => void;
    let clientClosed!: () => void;
    const bothClosed = Promise.all([new Promise<void>((r) => (serverClosed = r)), new Promise<void>((r) => (clientClosed = r))]);
    const srv = createServer({ allowHalfOpen: true }, (s) => {
      if (linger) lingerOnClose(s);
      s.on('data', (c: Buffer) => {
        if (closing) readAfterClose += c.length;
      });
      s.on('error', () => undefined);
      s.once('close', serverClosed);
      s.write('bye');
      closing = true;
      s.destroySoon();
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const client = connect({ port: (srv.address() as AddressInfo).port, host: '127.0.0.1', allowHalfOpen: true });
    client.on('error', () => undefined);
    client.once('close', clientClosed);
    let got = '';
    client.on('data', (c: Buffer) => (got += c.toString()));
    client.once('end', () => {
      clientSawBye = got === 'bye';
      // The rest of a refused body, still on its way when the answer came.
      client.write(Buffer.alloc(64 * 1024, 'x'), () => client.end());
    });
    await bothClosed;
    await new Promise((r) => srv.close(r));
    return { readAfterClose, clientSawBye };
  }

  it('our side ends after the answer, what the client still sends is read, and the socket closes when the client is done', async () => {
    const { readAfterClose, clientSawBye } = await afterClose(true);
    expect(clientSawBye).toBe(true);
    expect(readAfterClose).toBe(64 * 1024);
  });

  it('control: without it the socket is gone as soon as the answer is out, and nothing more is read', async () => {
    const { readAfterClose, clientSawBye } = await afterClose(false);
    expect(clientSawBye).toBe(true);
    expect(readAfterClose).toBe(0);
  });
});
