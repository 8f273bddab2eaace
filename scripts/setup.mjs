#!/usr/bin/env node
// One entry point behind `npm start` and `npm test`, using only Node's own modules,
// so a fresh clone needs nothing but Node and npm.
//   node scripts/setup.mjs install   install dependencies when they are missing or stale
//   node scripts/setup.mjs build     install + build every package
//   node scripts/setup.mjs start     install + build + migrate + seed (npm start then execs the server)
//   node scripts/setup.mjs test      install + dependency audit + typecheck + unit/integration tests + build + browser tests
//                                    (installs Debian's postgresql and chromium first when they are missing)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pnpm, repoRoot, toolEnv } from './pnpm.mjs';

const mode = process.argv[2] ?? 'install';
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', env: toolEnv(), ...opts });
  if (res.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status || 1);
  }
}

function manifestHash() {
  const h = createHash('sha256');
  const files = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];
  for (const group of ['apps', 'packages']) {
    for (const d of readdirSync(join(repoRoot, group))) files.push(join(group, d, 'package.json'));
  }
  files.push('bench/package.json');
  for (const f of files) {
    const p = join(repoRoot, f);
    if (existsSync(p)) h.update(f).update(readFileSync(p));
  }
  h.update(process.version);
  return h.digest('hex');
}

function install() {
  const stamp = join(repoRoot, 'node_modules', '.install-stamp');
  const want = manifestHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  console.log('› installing dependencies (pnpm)…');
  const frozen = existsSync(join(repoRoot, 'pnpm-lock.yaml')) && process.env.CI ? ['--frozen-lockfile'] : [];
  const status = pnpm(['install', '--prefer-offline', ...frozen]);
  if (status !== 0) process.exit(status);
  writeFileSync(stamp, manifestHash());
}

function turbo(args) {
  run(bin('turbo'), ['run', ...args, '--output-logs=errors-only', '--log-order=grouped']);
}

/** [command, args] run as root: directly when this is root, else through sudo. */
function asRoot(command, args) {
  return process.getuid?.() === 0 ? [command, args] : ['sudo', [command, ...args]];
}

/** apt-get update + install of one Debian package; the install's result. */
function aptInstall(pkg) {
  const apt = (args) =>
    spawnSync(...asRoot('apt-get', args), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  apt(['update', '-qq']);
  return apt(['install', '-y', '-qq', pkg]);
}

function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return;
  if (existsSync('/usr/bin/chromium')) return;
  console.log('› installing Chromium from Debian for the browser tests…');
  const res = aptInstall('chromium');
  if (res.status !== 0 || !existsSync('/usr/bin/chromium')) {
    console.error('✖ Chromium is needed for the browser tests: apt-get install -y chromium');
    process.exit(1);
  }
}

/** Debian's PostgreSQL server binaries, for the PostgreSQL tests (they skip, saying why, without). */
function hasPostgres() {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((v) => existsSync(join(root, v, 'bin', 'initdb')));
}

function ensurePostgres() {
  if (hasPostgres()) return;
  console.log('› installing PostgreSQL from Debian for the PostgreSQL tests…');
  aptInstall('postgresql');
  // The package starts a cluster of its own; the tests start throwaway ones and need none.
  if (hasPostgres()) spawnSync(...asRoot('service', ['postgresql', 'stop']), { stdio: 'ignore' });
  else console.warn('! PostgreSQL could not be installed (apt-get install -y postgresql): its tests will be skipped, saying so');
}

function summarize(dir) {
  let passed = 0,
    failed = 0,
    skipped = 0;
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.json')) continue;
    try {
      const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      passed += r.numPassedTests ?? 0;
      failed += r.numFailedTests ?? 0;
      skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    } catch {
      /* a runner that crashed leaves no report; its exit code already failed the run */
    }
  }
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

install();
if (mode === 'install') process.exit(0);

if (mode === 'build' || mode === 'start') {
  turbo(['build']);
  if (mode === 'start') run(process.execPath, ['apps/server/dist/cli.js', 'setup']);
  process.exit(0);
}

if (mode === 'test') {
  const results = join(repoRoot, 'test-results');
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });
  run(process.execPath, ['scripts/audit.mjs']);
  // The house rules as lint (import boundaries, only env.ts reads the environment) and the
  // formatter's style, checked (biome.json; `npx biome format --write .` fixes the style).
  run(bin('biome'), ['ci', '--error-on-warnings', '.']);
  ensurePostgres();
  turbo(['typecheck', 'test', 'build', '--concurrency=2', '--continue']);
  ensureChromium();
  run(bin('vitest'), [
    'run',
    '--config',
    'apps/web/e2e/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(results, 'e2e.json')}`,
  ]);
  summarize(results);
  process.exit(0);
}

console.error(`unknown mode ${mode}`);
process.exit(2);
