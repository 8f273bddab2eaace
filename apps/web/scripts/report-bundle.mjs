#!/usr/bin/env node
// Reports the landing page's initial JavaScript, gzipped: the scripts in dist/index.html (the
// module entry and, on a pre-rendered page, the shell's small boot script), every chunk it
// modulepreloads and every chunk these import statically. Fails (exit 1) above the budget (160 kB).
// The back office is its own entry (admin.html): TanStack Router keeps every route's definition
// (path, search reader, the lazy imports of its loader and page) in the entry, so its 12 routes
// cost the shop's entry 0.93 kB while they shared its route tree (the budget was 161 kB then).
// Also prints, for information, the largest lazily loaded chunks and the back office's initial JS.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 160);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
const gz = (file) => gzipSync(readFileSync(join(dist, file.replace(/^\//, ''))), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

// A chunk's static imports load before it runs: they are initial too (e.g. the bundler's runtime).
const staticImports = (file) =>
  [
    ...readFileSync(join(dist, file.replace(/^\//, '')), 'utf8').matchAll(
      /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/gm,
    ),
  ].map((m) => join(dirname(file), m[1]).replace(/\\/g, '/'));

/** The scripts a page of the build loads before its first render: its own, their modulepreloads and static imports. */
function initialScripts(page) {
  const html = readFileSync(join(dist, page), 'utf8');
  const entries = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>/g)].map((m) => attr(m[0], 'src')).filter(Boolean);
  const classic = [...html.matchAll(/<script\b[^>]*>/g)]
    .filter((m) => !/type="module"/.test(m[0]))
    .map((m) => attr(m[0], 'src'))
    .filter(Boolean);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => attr(m[0], 'href')).filter(Boolean);
  if (entries.length === 0) {
    console.error(`report-bundle: no module entry script in dist/${page}`);
    process.exit(1);
  }
  const initial = [...new Set([...entries, ...classic, ...preloads])];
  for (let i = 0; i < initial.length; i++) {
    if (!initial[i].endsWith('.js')) continue;
    for (const imported of staticImports(initial[i])) if (!initial.includes(imported)) initial.push(imported);
  }
  return initial;
}

const initial = initialScripts('index.html');
// The back office (admin.html, its own entry: `vite build --mode admin`), for information.
const admin = existsSync(join(dist, 'admin.html')) ? initialScripts('admin.html') : [];
let total = 0;
console.log('\nInitial JS of the landing page (scripts + modulepreload), gzipped:');
for (const file of initial) {
  const size = gz(file);
  total += size;
  console.log(`  ${kb(size).padStart(9)}  ${file}`);
}
console.log(`  ${kb(total).padStart(9)}  total (budget ${BUDGET_KB} kB)`);

// Information only: lazy chunks whose names say they belong to the landing route or the
// shell's deferred parts (menus, drawer, notifications). Names come from Vite's chunking.
const lazy = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`/assets/${f}`) && !admin.includes(`/assets/${f}`))
  .map((f) => ({ f, size: gz(`assets/${f}`) }))
  .sort((a, b) => b.size - a.size)
  .slice(0, 8);
console.log('\nLargest lazy chunks (loaded after first render / on demand), gzipped:');
for (const { f, size } of lazy) console.log(`  ${kb(size).padStart(9)}  /assets/${f}`);

if (admin.length > 0) {
  const adminTotal = admin.reduce((sum, file) => sum + gz(file), 0);
  console.log(`\nThe back office's own entry (admin.html), not loaded by the shop: ${kb(adminTotal)} initial JS, gzipped`);
}

if (total > BUDGET_KB * 1024) {
  console.error(`\n✖ initial JS ${kb(total)} is over the ${BUDGET_KB} kB budget`);
  process.exit(1);
}
console.log(`\n✓ initial JS ${kb(total)} ≤ ${BUDGET_KB} kB`);
