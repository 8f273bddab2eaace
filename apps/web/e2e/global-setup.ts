// Starts the built server on a free port with a fresh SQLite database for the browser tests.
// Needs `node scripts/setup.mjs build` (apps/server/dist and apps/web/dist) beforehand.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where the server writes e-mails (.eml) when no SMTP_URL is set: inside the temp dir. */
    outboxDir: string;
    /** The server's database, for the CLIs a test runs beside it (`cli.js esim simulate …`). */
    databaseUrl: string;
  }
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

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const cli = join(repoRoot, 'apps/server/dist/cli.js');
  const main = join(repoRoot, 'apps/server/dist/main.js');
  const web = join(repoRoot, 'apps/web/dist/index.html');
  for (const f of [cli, main, web]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`node scripts/setup.mjs build\` first`);
  }

  const dir = mkdtempSync(join(tmpdir(), 'esim-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    OUTBOX_DIR: join(dir, 'outbox'),
    // Every browser test comes from 127.0.0.1: the per-client limits (5 registrations an hour, …)
    // are ten times larger here, so adding a test that registers does not trip them. The limits
    // themselves are tested in packages/api and apps/server.
    RATE_LIMIT_MULTIPLIER: '10',
  };

  const setupRun = spawnSync(process.execPath, [cli, 'setup'], { cwd: repoRoot, env, encoding: 'utf8' });
  if (setupRun.status !== 0) throw new Error(`cli setup failed:\n${setupRun.stdout}\n${setupRun.stderr}`);

  const child = spawn(process.execPath, [main], { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseURL = `http://localhost:${port}`;
  try {
    await waitForHealth(baseURL, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('outboxDir', env.OUTBOX_DIR);
  project.provide('databaseUrl', env.DATABASE_URL);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
