// The BUILT server (node dist/main.js) as the crash tests run it: built once when the sources are
// newer than dist/, `cli.js setup` on a temporary SQLite file, then started (and killed) as a
// child process on a free port on 127.0.0.1.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(serverDir, '../..');
export const mainJs = join(serverDir, 'dist/main.js');
export const cliJs = join(serverDir, 'dist/cli.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/ unless it is newer than every source it bundles. */
export function ensureBuilt(): void {
  const sources = Math.max(
    newestMtime(join(serverDir, 'src')),
    newestMtime(join(repo, 'packages/api/src')),
    newestMtime(join(repo, 'packages/db/src')),
  );
  if (existsSync(mainJs) && existsSync(cliJs) && statSync(mainJs).mtimeMs > sources) return;
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stdout}\n${r.stderr}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServerEnv extends Record<string, string> {
  DATABASE_URL: string;
  OUTBOX_DIR: string;
  PORT: string;
  PUBLIC_URL: string;
}

/** The settings of a server on `dir` (database file and outbox) listening on 127.0.0.1:`port`. */
export function serverEnv(dir: string, port: number): ServerEnv {
  const base = `http://127.0.0.1:${port}`;
  return {
    DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`,
    OUTBOX_DIR: join(dir, 'outbox'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    WEB_DIST: join(dir, 'no-web'),
    LOG_LEVEL: 'info',
    WORKER_INTERVAL_MS: '200',
  };
}

/** `node dist/cli.js setup` (migrate + seed); throws with its output when it fails. */
export function setupDatabase(env: Record<string, string>): void {
  const r = spawnSync(process.execPath, [cliJs, 'setup'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cli.js setup failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

export interface Running {
  child: ChildProcess;
  /** stdout and stderr chunks; at most `keepLogs` of the latest. */
  logs: string[];
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>, opts: { keepLogs?: number } = {}): Running {
  const child = spawn(process.execPath, [mainJs], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const keep = opts.keepLogs ?? Infinity;
  const add = (b: Buffer) => {
    logs.push(b.toString());
    if (logs.length > keep) logs.splice(0, logs.length - keep);
  };
  child.stdout!.on('data', add);
  child.stderr!.on('data', add);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, logs, exited };
}

/** SIGKILL (no shutdown code runs) and wait for the process to be gone. */
export async function killServer(running: Running): Promise<void> {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
  await running.exited;
}

export async function waitUntil<T>(what: string, fn: () => Promise<T | undefined>, ms = 15_000, everyMs = 100): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Resolves once GET /api/health answers 200. */
export function waitHealthy(base: string, ms = 15_000): Promise<true> {
  return waitUntil(
    'the server',
    async () => ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok ? true : undefined),
    ms,
    25,
  );
}
