// `health` (cli/health.ts), the container's HEALTHCHECK: exit 0 when the server on PORT answers
// /api/health with 200, else 1 with one line. Against a stub Hono server on 127.0.0.1.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli/run.ts';
import { healthUrl } from '../src/cli/health.ts';
import { freePort } from './built-server.ts';

let status = 200;
let server: ServerType;
let port: number;
const saved = { PORT: process.env.PORT, HOST: process.env.HOST };

beforeAll(async () => {
  const app = new Hono();
  app.get('/api/health', (c) => c.json({ ok: status === 200 }, status as 200));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  process.env.PORT = saved.PORT;
  process.env.HOST = saved.HOST;
  if (saved.PORT === undefined) delete process.env.PORT;
  if (saved.HOST === undefined) delete process.env.HOST;
});
afterEach(() => vi.restoreAllMocks());

async function health(onPort: number): Promise<{ code: number; out: string; err: string }> {
  process.env.PORT = String(onPort);
  process.env.HOST = '0.0.0.0';
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  const code = await runCli(['health']);
  vi.restoreAllMocks();
  return { code, out, err };
}

describe('esim-shop health', () => {
  it('exits 0 when /api/health answers 200', async () => {
    status = 200;
    const r = await health(port);
    expect(r).toEqual({ code: 0, out: `healthy: http://127.0.0.1:${port}/api/health answered 200\n`, err: '' });
  });

  it('exits 1 with one line when it answers anything else', async () => {
    status = 503;
    const r = await health(port);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`unhealthy: http://127.0.0.1:${port}/api/health answered 503\n`);
  });

  it('exits 1 with one line when nothing listens', async () => {
    const closed = await freePort();
    const r = await health(closed);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`unhealthy: http://127.0.0.1:${closed}/api/health: ECONNREFUSED\n`);
  });

  it('asks the loopback address when the server listens on every interface', () => {
    expect(healthUrl('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000/api/health');
    expect(healthUrl('::', 3000)).toBe('http://127.0.0.1:3000/api/health');
    expect(healthUrl('::1', 8080)).toBe('http://[::1]:8080/api/health');
    expect(healthUrl('10.0.0.5', 80)).toBe('http://10.0.0.5:80/api/health');
  });
});
