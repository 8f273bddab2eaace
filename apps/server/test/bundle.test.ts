// The built server as `npm start` runs it: cli.js setup, then main.js; Ctrl-C frees the port.
// Builds with build.mjs's options into node_modules/.cache (native modules resolve from there).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs build script without types
import { buildOptions } from '../build.mjs';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(serverDir, 'node_modules/.cache/bundle-test');
let tmp: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  await esbuild.build({ ...buildOptions({ outdir: out }), logLevel: 'silent' });
  tmp = mkdtempSync(join(tmpdir(), 'bundle-test-'));
  env = {
    ...process.env,
    DATABASE_URL: `file:${join(tmp, 'shop.sqlite')}`,
    WEB_DIST: join(tmp, 'no-web'),
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  };
}, 60_000);

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

const cli = (...args: string[]) => spawnSync(process.execPath, [join(out, 'cli.js'), ...args], { env, encoding: 'utf8', timeout: 30_000 });
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('cli.js', () => {
  it('prints usage: exit 2 without a command, 0 for help', () => {
    const none = cli();
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/usage: node dist\/cli\.js <command>[\s\S]*setup/);
    expect(cli('help').status).toBe(0);
    expect(cli('nonsense').status).toBe(2);
  });

  it('setup migrates and seeds, and a second run changes nothing', () => {
    const first = cli('setup');
    expect(first.status, first.stderr).toBe(0);
    const [migrate, seed] = lines(first.stdout);
    expect(migrate).toMatchObject({ level: 'info', msg: 'migrate' });
    expect((migrate!.applied as string[]).length).toBeGreaterThan(0);
    expect((seed!.inserted as { plans: number }).plans).toBeGreaterThan(1000);
    const again = cli('setup');
    expect(again.status).toBe(0);
    const [migrate2, seed2] = lines(again.stdout);
    expect(migrate2!.applied).toEqual([]);
    expect(seed2!.inserted).toEqual({ regions: 0, regionCountries: 0, plans: 0, exchangeRates: 0, travelerLevels: 0, achievements: 0 });
  });
});

describe('main.js', () => {
  it('serves the catalogue, logs JSON lines, and stops on SIGTERM freeing the port', async () => {
    const child = spawn(process.execPath, [join(out, 'main.js')], { env: { ...env, HOST: '127.0.0.1', PORT: '0' } });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line in: ${stdout}`)), 15_000);
        child.stdout.on('data', () => {
          const listening = stdout
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as { msg: string; url?: string })
            .find((l) => l.msg === 'listening');
          if (listening?.url) {
            clearTimeout(timer);
            resolve(listening.url);
          }
        });
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(stdout).toContain('no web build found');
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      const regions = (await (await fetch(`${url}/api/regions`)).json()) as Array<{ id: number; code: string }>;
      const jp = regions.find((r) => r.code === 'JP')!;
      const plans = await fetch(`${url}/api/plans?regionId=${jp.id}`);
      expect(plans.status).toBe(200);
      const trpc = await fetch(`${url}/api/trpc/catalog.plans?input=${encodeURIComponent(JSON.stringify({ json: { regionId: jp.id } }))}`);
      // The same plans; REST composes the words (name, description, features) as the pages do.
      const words = ({ name: _n, description: _d, features: _f, ...others }: Record<string, unknown>) => others;
      const restPlans = (await plans.json()) as Array<Record<string, unknown>>;
      const trpcPlans = ((await trpc.json()) as { result: { data: { json: Array<Record<string, unknown>> } } }).result.data.json;
      expect(trpcPlans.map(words)).toEqual(restPlans.map(words));
      expect(restPlans[0]?.name).toMatch(/^Japan \d+ GB – \d+ days?$/);

      // fetch keeps its connections alive: shutdown must not wait for them.
      const port = Number(new URL(url).port);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stdout).toContain('"msg":"shutting down"');
      await new Promise<void>((resolve, reject) => {
        const probe = createServer();
        probe.once('error', reject);
        probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
      });
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
