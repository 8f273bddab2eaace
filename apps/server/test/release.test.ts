// The release binary (scripts/release.mjs → release/esim-shop), copied ALONE into an empty folder
// and run with a PATH that has no node and an empty HOME: it unpacks its web app and native
// addons, migrates, seeds and serves the shop; admin:create (refusing a password from the
// embedded common-password list) and backup work; --version, --help
// and an unknown command answer as documented. Built here unless release/esim-shop is newer
// than everything it is made of (the server, api, db and i18n sources, the web build, the script).
import { execFile, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteFile } from '@esim/db';
import { freePort, serverDir, waitHealthy } from './built-server.ts';

const repo = join(serverDir, '../..');
const binary = join(repo, 'release/esim-shop');
const run = promisify(execFile);

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'test' || (entry === 'dist' && !path.endsWith('apps/web'))) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function ensureRelease(): void {
  const sources = Math.max(
    ...[
      'apps/server/src',
      'apps/server/build.mjs',
      'packages/api/src',
      'packages/db/src',
      'packages/i18n',
      'apps/web/dist',
      'scripts/release.mjs',
    ].map((p) => newestMtime(join(repo, p))),
  );
  if (existsSync(binary) && statSync(binary).mtimeMs > sources) return;
  const r = spawnSync(process.execPath, ['scripts/release.mjs', '--quiet'], { cwd: repo, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`release build failed:\n${r.stdout}\n${r.stderr}`);
}

describe('release/esim-shop, alone in an empty folder without node', () => {
  let work: string;
  let folder: string;
  let env: Record<string, string>;
  let base: string;
  let server: ReturnType<typeof spawn> | undefined;

  beforeAll(async () => {
    ensureRelease();
    work = mkdtempSync(join(tmpdir(), 'esim-release-'));
    folder = join(work, 'shop');
    const home = join(work, 'home');
    mkdirSync(folder);
    mkdirSync(home);
    copyFileSync(binary, join(folder, 'esim-shop'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // No node on PATH (an empty folder: /bin is /usr/bin on this system, where node lives), an
    // empty home, nothing else from this environment.
    const bin = join(work, 'bin');
    mkdirSync(bin);
    env = { PATH: bin, HOME: home, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: '0', LOG_LEVEL: 'warn' };
    expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env }).status).not.toBe(0);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  });

  const shop = (args: string[], extra: Record<string, string> = {}) =>
    run('./esim-shop', args, { cwd: folder, env: { ...env, ...extra } }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('answers --version, --help and an unknown command (usage, exit 2)', async () => {
    const version = await shop(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^esim-shop \S+ \(built \d{4}-\d\d-\d\d, Node v20\.\d+\.\d+, linux-x64\)\n$/);
    const help = await shop(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['serve', 'worker', 'admin:create', 'migrate', 'seed', 'catalog', 'esim', 'backup', 'restore', 'health']) {
      expect(help.stdout).toContain(command);
    }
    const unknown = await shop(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'[\s\S]*usage: esim-shop/);
    expect(readdirSync(folder)).toEqual(['esim-shop']); // nothing written for these
  });

  it('migrates, seeds and serves the shop and its web app on ./data/shop.sqlite', async () => {
    server = spawn('./esim-shop', [], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let logs = '';
    server.stdout!.on('data', (b: Buffer) => (logs += b));
    server.stderr!.on('data', (b: Buffer) => (logs += b));
    await waitHealthy(base, 60_000).catch((e: Error) => {
      throw new Error(`${e.message}\n${logs}`);
    });
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<div id="root"/);
    const regions = (await (await fetch(`${base}/api/regions`)).json()) as Array<{ code: string }>;
    expect(regions.length).toBeGreaterThan(200);
    expect(regions.map((r) => r.code)).toContain('JP');
    // Destination pages are rendered on the server from the SSR module bundled into the binary:
    // the plans are in the HTML, not only the empty app shell.
    const japan = await (await fetch(`${base}/destinations/japan`)).text();
    expect(japan.match(/<title\b[^>]*>[^<]*<\/title>/g)).toEqual([expect.stringMatching(/>Japan eSIM data plans/)]);
    expect(japan).toMatch(/1 GB/);
    expect(japan).toMatch(/7 days/i);
    expect(existsSync(join(folder, 'data/shop.sqlite'))).toBe(true);
    expect((await shop(['health'])).code).toBe(0);
  }, 90_000);

  it('creates an admin (argon2 from the binary) and backs the serving database up', async () => {
    // The common-password list is in the binary too: a password from deep in it is refused.
    const common = await shop(['admin:create', '--username', 'owner', '--email', 'owner@shop.example'], { ADMIN_PASSWORD: 'Wedding1006' });
    expect(common).toMatchObject({ code: 2, stderr: expect.stringContaining('This password is too common') });
    const admin = await shop(['admin:create', '--username', 'owner', '--email', 'owner@shop.example'], {
      ADMIN_PASSWORD: 'a long pass phrase',
    });
    expect(admin).toMatchObject({ code: 0, stdout: expect.stringMatching(/^created admin owner \(id \d+\)/) });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { Origin: base, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'a long pass phrase' }),
    });
    expect(login.status).toBe(200);

    const backup = await shop(['backup', 'shop-backup.sqlite']);
    expect(backup.code).toBe(0);
    const db = openSqliteFile(join(folder, 'shop-backup.sqlite'), { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare("SELECT role FROM users WHERE username = 'owner'").get()).toEqual({ role: 'admin' });
    } finally {
      db.close();
    }
    const again = await shop(['backup', 'shop-backup.sqlite']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists.*--force/);
    const restore = await shop(['restore', 'shop-backup.sqlite']);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toMatch(/in use.*stop the shop first/);
  }, 60_000);

  it('renders an invoice PDF in Arabic with the fonts embedded in the binary (issue 31)', async () => {
    const headers = { Origin: base, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', 'Accept-Language': 'ar' };
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'owner', password: 'a long pass phrase' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((l) => l.startsWith('session='))!
      .split(';')[0]!;
    const regions = (await (await fetch(`${base}/api/regions`)).json()) as Array<{ id: number; code: string }>;
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${base}/api/plans?regionId=${japan.id}`)).json()) as Array<{ id: number }>;
    const intent = (await (
      await fetch(`${base}/api/create-payment-intent`, {
        method: 'POST',
        headers: { ...headers, Cookie: cookie },
        body: JSON.stringify({ planId: plans[0]!.id }),
      })
    ).json()) as { orderId: string; paymentIntentId: string; clientSecret: string };
    const paid = await fetch(`${base}/api/demo-payments/confirm`, {
      method: 'POST',
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify({
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      }),
    });
    expect(paid.status).toBe(200);
    const res = await fetch(`${base}/api/invoices/${intent.orderId}/pdf`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The Arabic font's name is in the embedded subset (IBM Plex Sans Arabic).
    expect(pdf.toString('latin1')).toMatch(/IBMPlexSansArabic/);
  }, 60_000);
});
