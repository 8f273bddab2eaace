#!/usr/bin/env node
// Copies the country flag SVGs from the flag-icons package into public/flags/4x3 so Vite serves
// them in dev and copies them into dist on build (the server serves /flags/4x3/<iso>.svg).
// The copied folder is git-ignored; the region emblems in public/flags/regions are committed.
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const src = join(dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
const dest = join(here, '..', 'public', 'flags', '4x3');

const count = readdirSync(src).filter((f) => f.endsWith('.svg')).length;
if (existsSync(dest) && readdirSync(dest).filter((f) => f.endsWith('.svg')).length === count) {
  process.exit(0);
}
mkdirSync(dest, { recursive: true });
cpSync(src, dest, { recursive: true });
console.log(`copy-flags: ${count} flags → public/flags/4x3`);
