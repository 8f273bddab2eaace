#!/usr/bin/env node
// Runs the pinned pnpm without corepack: `npx pnpm@<version>` started from a
// temporary directory (started inside the repo, npx would pick the repo's own
// node_modules/.bin/pnpm, which deletes itself while reinstalling).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const rootPkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
// From packageManager ('pnpm@10.34.8'): the devDependency is `catalog:` (pnpm-workspace.yaml), which
// only pnpm itself can read.
export const pnpmVersion = /^pnpm@([^+]+)/.exec(rootPkg.packageManager ?? '')?.[1] ?? 'latest';

export function toolEnv(extra = {}) {
  const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', ...extra };
  // turbo looks for the package manager on PATH: put the repo's own bin (pnpm, turbo, vitest) first.
  env.PATH = [join(repoRoot, 'node_modules', '.bin'), env.PATH].filter(Boolean).join(delimiter);
  // better-sqlite3 compiles from source here; without nodedir node-gyp tries to download headers.
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  return env;
}

export function pnpm(args, opts = {}) {
  const res = spawnSync('npx', ['--yes', `pnpm@${pnpmVersion}`, '--dir', repoRoot, ...args], {
    cwd: tmpdir(),
    stdio: 'inherit',
    // The caller's own PATH: with the repo's bin first, npx could pick node_modules/.bin/pnpm.
    env: { ...toolEnv(), PATH: process.env.PATH },
    ...opts,
  });
  return res.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(pnpm(process.argv.slice(2)));
}
