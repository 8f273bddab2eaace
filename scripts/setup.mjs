#!/usr/bin/env node
// One entry point behind `npm start` and the test commands, using only Node's own modules,
// so a fresh clone needs nothing but Node and npm.
//   node scripts/setup.mjs install      install dependencies when they are missing or stale
//   node scripts/setup.mjs build        install + build every package
//   node scripts/setup.mjs start        install + build + migrate + seed (npm start then execs the server)
//   node scripts/setup.mjs test         everything (npm test, CI): install + dependency audit + lint + typecheck
//                                       + unit/API/HTTP tests + system tests of the built server + build
//                                       + browser tests (installs Debian's postgresql and chromium first
//                                       when they are missing)
//   node scripts/setup.mjs test:fast    lint + typecheck + unit/API/HTTP tests; no build, no browser
//                                       (npm run test:fast)
//   node scripts/setup.mjs test:browser build + browser tests only (npm run test:browser)
// The turbo tasks are cached (turbo.json): a package whose inputs did not change replays its last
// passing run, test report included. Every test mode ends with one `N passed, N failed` line.
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

/** Where the test runs leave their vitest JSON reports: test-results/ at the root and in each package. */
function reportDirs() {
  const dirs = [join(repoRoot, 'test-results')];
  for (const group of ['apps', 'packages']) {
    for (const d of readdirSync(join(repoRoot, group))) dirs.push(join(repoRoot, group, d, 'test-results'));
  }
  return dirs;
}

/**
 * The `N passed, N failed` line over every report. A report turbo restored from its cache counts
 * like one written now: those tests passed on exactly these inputs. Reports are removed before a
 * run (turbo puts back the cached ones), so a runner that crashed cannot leave an old report.
 */
function summarize() {
  let passed = 0,
    failed = 0,
    skipped = 0;
  for (const dir of reportDirs()) {
    if (!existsSync(dir)) continue;
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
  }
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

/** Runs a step of a test mode; on failure prints the summary of what ran and exits with its code. */
function step(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', env: toolEnv(), ...opts });
  if (res.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    summarize();
    process.exit(res.status || 1);
  }
}

function turboStep(args) {
  step(bin('turbo'), ['run', ...args, '--output-logs=errors-only', '--log-order=grouped']);
}

function browserTests() {
  ensureChromium();
  step(bin('vitest'), [
    'run',
    '--config',
    'apps/web/e2e/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(repoRoot, 'test-results', 'e2e.json')}`,
  ]);
}

install();
if (mode === 'install') process.exit(0);

if (mode === 'build' || mode === 'start') {
  turbo(['build']);
  if (mode === 'start') run(process.execPath, ['apps/server/dist/cli.js', 'setup']);
  process.exit(0);
}

if (mode === 'test' || mode === 'test:fast' || mode === 'test:browser') {
  for (const dir of reportDirs()) rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
  const started = Date.now();
  if (mode === 'test:browser') {
    turboStep(['build', '--concurrency=2']);
    browserTests();
  } else {
    if (mode === 'test') step(process.execPath, ['scripts/audit.mjs']);
    // The house rules as lint (import boundaries, only env.ts reads the environment) and the
    // formatter's style, checked (biome.json; `npx biome format --write .` fixes the style).
    step(bin('biome'), ['ci', '--error-on-warnings', '.']);
    ensurePostgres();
    if (mode === 'test:fast') turboStep(['typecheck', 'test', '--concurrency=2', '--continue']);
    else {
      turboStep(['typecheck', 'test', 'test:system', 'build', '--concurrency=2', '--continue']);
      browserTests();
    }
  }
  console.log(`\n${mode} took ${Math.round((Date.now() - started) / 1000)} s`);
  summarize();
  process.exit(0);
}

console.error(`unknown mode ${mode}`);
process.exit(2);
