// Graceful shutdown, on the BUILT server (node dist/main.js) and worker (dist/cli.js worker):
// SIGTERM while a request is in flight (a client uploading its body slowly, a naturally slow
// request) → the listener closes, the request is still answered (200, Connection: close), and the
// process exits 0; a request that never ends → exit 1 after SHUTDOWN_TIMEOUT_MS, naming what was
// still running. The stand-alone worker serves metrics and stops on SIGTERM the same way. And the
// ordered, bounded stop itself (runShutdown) with fake parts.
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { runShutdown } from '../src/shutdown.ts';
import {
  cliJs,
  ensureBuilt,
  freePort,
  killServer,
  serverDir,
  serverEnv,
  setupDatabase,
  startServer,
  waitHealthy,
  waitUntil,
  type Running,
} from './built-server.ts';

describe('runShutdown', () => {
  const quiet = () => {
    const lines: string[] = [];
    return { lines, log: createLogger('info', (l) => void lines.push(l)) };
  };
  const later = (ms: number, what: () => void = () => undefined) => new Promise<void>((r) => setTimeout(() => (what(), r()), ms));

  it('phases in order, the steps of a phase side by side; a failing step is logged and the rest go on', async () => {
    const { lines, log } = quiet();
    const order: string[] = [];
    const result = await runShutdown(
      [
        [
          { name: 'a', run: () => later(30, () => order.push('a')) },
          { name: 'b', run: () => later(1, () => order.push('b')) },
        ],
        [{ name: 'c', run: async () => (order.push('c'), Promise.reject(new Error('mailer broke'))) }],
        [{ name: 'd', run: async () => void order.push('d') }],
      ],
      { timeoutMs: 5000, log },
    );
    expect(result).toEqual({ ok: true, pending: [] });
    expect(order).toEqual(['b', 'a', 'c', 'd']);
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([{ level: 'error', msg: 'shutdown: a step failed', step: 'c' }]);
  });

  it('past the bound: not ok, naming the steps not finished (running, and those never reached)', async () => {
    const { log } = quiet();
    const result = await runShutdown(
      [
        [
          { name: 'http requests', run: () => new Promise(() => undefined) },
          { name: 'worker', run: async () => undefined },
        ],
        [{ name: 'database', run: async () => undefined }],
      ],
      { timeoutMs: 50, log },
    );
    expect(result).toEqual({ ok: false, pending: ['http requests', 'database'] });
  });
});

describe('the built server and worker stop gracefully', { timeout: 120_000 }, () => {
  let dir: string;
  const running: Running[] = [];
  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'shutdown-'));
  });
  afterEach(async () => {
    for (const r of running.splice(0)) await killServer(r);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function boot(extra: Record<string, string> = {}) {
    const port = await freePort();
    const metricsPort = await freePort();
    const env = { ...serverEnv(dir, port), METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1', ...extra };
    setupDatabase(env);
    const server = startServer(env);
    running.push(server);
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(base);
    return { server, base, port, metricsPort, env };
  }

  /** POST /api/newsletter whose body is sent in two halves: the second only when `finish()` is called. */
  function slowUpload(port: number, base: string) {
    const body = JSON.stringify({ email: 'slow.reader@example.com' });
    let req!: ClientRequest;
    const answered = new Promise<{ res: IncomingMessage; body: string }>((resolve, reject) => {
      req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/newsletter',
          method: 'POST',
          headers: {
            Origin: base,
            'X-Requested-With': 'XMLHttpRequest',
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ res, body: text }));
        },
      );
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    return {
      answered,
      finish: () => req.end(body.slice(10)),
      abort: () => req.destroy(),
    };
  }

  /** True when a new TCP connection to `port` is refused (undefined while it is accepted). */
  function refused(port: number): Promise<true | undefined> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' ? true : undefined));
    });
  }

  async function metricValue(metricsPort: number, name: string): Promise<number | undefined> {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    return m ? Number(m[1]) : undefined;
  }

  const logLines = (r: Running) =>
    r.logs
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; [k: string]: unknown });

  it('SIGTERM with a request in flight: no new connections, the request answered 200, exit 0', async () => {
    const { server, base, port, metricsPort } = await boot({ SHUTDOWN_TIMEOUT_MS: '20000' });
    // The built server answers with request ids and serves metrics on its own port.
    const health = await fetch(`${base}/api/health`);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await health.text();
    expect(await metricValue(metricsPort, 'esim_fulfilment_backlog')).toBe(0);
    await waitUntil('no request in flight', async () =>
      (await metricValue(metricsPort, 'http_requests_in_flight')) === 0 ? true : undefined,
    );

    const upload = slowUpload(port, base);
    await waitUntil('the request in flight', async () =>
      (await metricValue(metricsPort, 'http_requests_in_flight')) === 1 ? true : undefined,
    );

    server.child.kill('SIGTERM');
    // The listener closes: new connections are refused…
    await waitUntil('the listener to close', () => refused(port));
    expect(server.child.exitCode).toBeNull();
    // …while the request in flight is still answered, and the connection not kept.
    upload.finish();
    const { res, body } = await upload.answered;
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(body)).toEqual({ ok: true });
    expect(res.headers.connection).toBe('close');
    expect(res.headers['x-request-id']).toBeTruthy();

    expect(await server.exited).toBe(0);
    const lines = logLines(server);
    const stopping = lines.find((l) => l.msg === 'shutting down');
    expect(stopping).toMatchObject({ signal: 'SIGTERM', timeoutMs: 20000 });
    expect(stopping?.inFlightRequests).toBeGreaterThanOrEqual(1);
    expect(lines.find((l) => l.msg === 'request' && l.path === '/api/newsletter')).toMatchObject({ status: 200 });
    expect(lines.at(-1)).toMatchObject({ msg: 'shut down' });
  });

  it('a request that never ends: exit 1 after SHUTDOWN_TIMEOUT_MS, saying what was still running', async () => {
    const { server, base, port, metricsPort } = await boot({ SHUTDOWN_TIMEOUT_MS: '1000' });
    await waitUntil('no request in flight', async () =>
      (await metricValue(metricsPort, 'http_requests_in_flight')) === 0 ? true : undefined,
    );
    const upload = slowUpload(port, base);
    upload.answered.catch(() => undefined);
    await waitUntil('the request in flight', async () =>
      (await metricValue(metricsPort, 'http_requests_in_flight')) === 1 ? true : undefined,
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    upload.abort();
    expect(logLines(server).find((l) => l.msg === 'shutdown timed out')).toMatchObject({
      timeoutMs: 1000,
      stillRunning: ['http requests', 'metrics listener', 'mailer', 'database'],
      inFlightRequests: 1,
    });
  });

  it('the worker serves metrics, goes on without them when the port is taken, and stops on SIGTERM with exit 0', async () => {
    const port = await freePort();
    const env = { ...serverEnv(dir, port), METRICS_HOST: '127.0.0.1', SHUTDOWN_TIMEOUT_MS: '20000' };
    setupDatabase(env);
    const startWorker = (metricsPort: number): Running => {
      const child = spawn(process.execPath, [cliJs, 'worker'], {
        cwd: serverDir,
        env: { PATH: process.env.PATH ?? '', ...env, METRICS_PORT: String(metricsPort) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const logs: string[] = [];
      child.stdout!.on('data', (b: Buffer) => logs.push(b.toString()));
      child.stderr!.on('data', (b: Buffer) => logs.push(b.toString()));
      const r = { child, logs, exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
      running.push(r);
      return r;
    };

    const metricsPort = await freePort();
    const worker = startWorker(metricsPort);
    await waitUntil('the worker', async () => (logLines(worker).some((l) => l.msg === 'fulfilment worker running') ? true : undefined));
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(text).toContain('esim_orders{status="fulfilled"} 0');
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).not.toContain('http_requests_total');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(logLines(worker).at(-1)).toMatchObject({ msg: 'shut down', signal: 'SIGTERM' });

    // The port taken by something else: a warning, and the worker runs.
    const squatter: Server = createServer();
    const taken = await new Promise<number>((resolve) =>
      squatter.listen(0, '127.0.0.1', () => resolve((squatter.address() as { port: number }).port)),
    );
    try {
      const second = startWorker(taken);
      await waitUntil('the worker', async () => (logLines(second).some((l) => l.msg === 'fulfilment worker running') ? true : undefined));
      expect(logLines(second).find((l) => l.msg === 'metrics: cannot listen; going on without metrics')).toMatchObject({
        port: taken,
        error: 'EADDRINUSE',
      });
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      squatter.close();
    }
  });
});
