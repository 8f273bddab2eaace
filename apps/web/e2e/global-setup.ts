// Once per browser-test run: migrates and seeds one SQLite database (`cli.js setup`), the template
// every test file copies for its own server (shop-server.ts). Copying it costs a few milliseconds;
// migrating and seeding again would cost each file a second or more.
// Needs `node scripts/setup.mjs build` (apps/server/dist and apps/web/dist) beforehand.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded SQLite file each test file's server starts from a copy of. */
    templateDb: string;
  }
}

export default function setup(project: TestProject) {
  const cli = join(repoRoot, 'apps/server/dist/cli.js');
  const main = join(repoRoot, 'apps/server/dist/main.js');
  const web = join(repoRoot, 'apps/web/dist/index.html');
  for (const f of [cli, main, web]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`node scripts/setup.mjs build\` first`);
  }

  const dir = mkdtempSync(join(tmpdir(), 'esim-e2e-template-'));
  const templateDb = join(dir, 'shop.sqlite');
  const env = { ...process.env, DATABASE_URL: `file:${templateDb}`, NODE_ENV: 'production', LOG_LEVEL: 'error' };
  const setupRun = spawnSync(process.execPath, [cli, 'setup'], { cwd: repoRoot, env, encoding: 'utf8' });
  if (setupRun.status !== 0) throw new Error(`cli setup failed:\n${setupRun.stdout}\n${setupRun.stderr}`);
  // `setup` closes the database, which folds the WAL back in: the one file is the whole database.
  for (const side of ['-wal', '-shm']) {
    if (existsSync(`${templateDb}${side}`)) throw new Error(`${templateDb}${side} left beside the template`);
  }
  project.provide('templateDb', templateDb);

  return () => rmSync(dir, { recursive: true, force: true });
}
