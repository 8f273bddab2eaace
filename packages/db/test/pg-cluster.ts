// A throwaway PostgreSQL cluster for tests: initdb into a temp dir, start on a free port with the
// unix socket inside the temp dir, trust auth, fsync off. Runs as `postgres` via runuser when the
// tests run as root (initdb refuses root). Reuse from other packages via `@esim/db/testing`.
//
//   const pg = findPgBinaries();                  // null (+ pgUnavailableReason()) when not installed
//   const cluster = await startPgCluster();        // { url, port, dir, stop() }
//   ... createDb(cluster.url) ...
//   await cluster.stop();                          // in afterAll, always
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, chownSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface PgBinaries {
  binDir: string;
  initdb: string;
  pgCtl: string;
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

let unavailableReason = '';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function candidateBinDirs(): string[] {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) dirs.push(join(debian, v, 'bin'));
  }
  return dirs;
}

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

const isRoot = (): boolean => process.getuid?.() === 0;

/** The initdb/pg_ctl pair to use, or null (see pgUnavailableReason()). */
export function findPgBinaries(): PgBinaries | null {
  for (const binDir of candidateBinDirs()) {
    const initdb = join(binDir, 'initdb');
    const pgCtl = join(binDir, 'pg_ctl');
    if (isExecutable(initdb) && isExecutable(pgCtl)) {
      if (isRoot() && (!postgresUser() || !findInPath('runuser'))) {
        unavailableReason = 'running as root, but there is no `postgres` user or no `runuser` to drop privileges for initdb';
        return null;
      }
      return { binDir, initdb, pgCtl };
    }
  }
  unavailableReason = 'PostgreSQL server binaries (initdb, pg_ctl) not found in PATH or /usr/lib/postgresql/*/bin';
  return null;
}

function findInPath(name: string): string | null {
  for (const d of (process.env.PATH ?? '').split(delimiter)) if (d && isExecutable(join(d, name))) return join(d, name);
  return null;
}

/** Why findPgBinaries() returned null. */
export function pgUnavailableReason(): string {
  return unavailableReason;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function run(cmd: string, args: string[], timeoutMs = 20_000): Promise<string> {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: timeoutMs, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.join(' ')} failed: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** Starts a fresh cluster. Throws when binaries are missing; call findPgBinaries() first to skip instead. */
export async function startPgCluster(): Promise<PgCluster> {
  const bins = findPgBinaries();
  if (!bins) throw new Error(`Cannot start PostgreSQL: ${unavailableReason}`);
  const dir = mkdtempSync(join(tmpdir(), 'esim-pg-'));
  const data = join(dir, 'data');
  const sock = join(dir, 'sock');
  mkdirSync(sock);
  if (isRoot()) {
    const owner = postgresUser();
    if (!owner) throw new Error('no postgres user');
    chownSync(dir, owner.uid, owner.gid);
    chownSync(sock, owner.uid, owner.gid);
  }
  let started = false;
  const stopSync = (): void => {
    if (started) {
      started = false;
      try {
        const args = [bins.pgCtl, '-D', data, '-m', 'immediate', '-w', 'stop'];
        if (isRoot()) execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore', timeout: 10_000 });
        else execFileSync(args[0]!, args.slice(1), { stdio: 'ignore', timeout: 10_000 });
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // If the test process dies before afterAll, don't leave a postmaster behind.
  process.once('exit', stopSync);
  try {
    await run(bins.initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const opts = [
      `-p ${port}`,
      `-k ${sock}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=50',
    ].join(' ');
    started = true;
    await run(bins.pgCtl, ['-D', data, '-l', join(dir, 'postgres.log'), '-w', '-t', '15', '-o', opts, 'start']);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      dir,
      stop: async () => {
        process.removeListener('exit', stopSync);
        if (started) {
          started = false;
          await run(bins.pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    process.removeListener('exit', stopSync);
    stopSync();
    throw err;
  }
}
