// The built server for one test file: its own SQLite database (a copy of the migrated and seeded
// template global-setup.ts made once), its own outbox and its own port. Imported by a test file,
// it starts while the file is collected and stops after the file's last test, so no file sees
// another's accounts, orders, e-mails or rate-limit counters, and files can run in parallel.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { repoRoot } from './browser.ts';

export interface ShopServer {
  baseURL: string;
  /** Where the server writes e-mails (.eml) when no SMTP_URL is set: inside the temp dir. */
  outboxDir: string;
  /** The server's database, for the CLIs a test runs beside it (`cli.js esim simulate …`). */
  databaseUrl: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/** Until `url`/api/health answers 200 (polled every 50 ms), or the server exits, or `timeoutMs` passes. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message; // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not answer ${url}/api/health within ${timeoutMs} ms (last: ${last})`);
}

/** Stops a server started by startShopServer: SIGTERM, then SIGKILL if it has not exited after 5 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Copies the template database into a temp dir and starts apps/server/dist/main.js on it;
 * `env` adds or overrides settings (another shop's name, …).
 */
export async function startShopServer(
  env: Record<string, string> = {},
): Promise<ShopServer & { stop: () => Promise<void>; child: ChildProcess }> {
  const dir = mkdtempSync(join(tmpdir(), 'esim-e2e-'));
  const database = join(dir, 'shop.sqlite');
  copyFileSync(inject('templateDb'), database);
  const port = await freePort();
  const settings = {
    ...process.env,
    DATABASE_URL: `file:${database}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    OUTBOX_DIR: join(dir, 'outbox'),
    ...env,
  };
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: settings,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A worker that ends without its afterAll (an error, Ctrl-C) takes its server with it.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  child.once('exit', () => process.off('exit', orphan));
  const baseURL = `http://localhost:${port}`;
  try {
    await waitForHealth(baseURL, child);
  } catch (error) {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL,
    outboxDir: settings.OUTBOX_DIR,
    databaseUrl: settings.DATABASE_URL,
    child,
    stop: async () => {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * This file's server, started on first use (top-level await in the importing test file) and
 * stopped after the file's tests.
 */
export async function fileServer(env: Record<string, string> = {}): Promise<ShopServer> {
  const server = await startShopServer(env);
  afterAll(() => server.stop());
  fileServerURL = server.baseURL;
  return server;
}

let fileServerURL: string | undefined;

/** The base URL of this file's server (fileServer), once started. */
export function currentFileServer(): string | undefined {
  return fileServerURL;
}
