// Bundles the server: src/main.ts → dist/main.js, src/cli.ts → dist/cli.js, src/admin-cli.ts → dist/admin-cli.js (ESM, Node 20).
// Workspace packages and pure-JS dependencies are bundled; native modules stay external and
// load from node_modules at run time.
//   node build.mjs            build once
//   node build.mjs --watch    rebuild on change and run dist/main.js, restarting it (dev)
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { trpcFastSpread } from './trpc-fast-spread.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** Native addons (and optional native helpers some drivers probe for). */
const external = ['better-sqlite3', '@node-rs/argon2', '@node-rs/*', 'pg-native', 'bufferutil', 'utf-8-validate', 'fsevents'];

/**
 * The bundle's esbuild options; test/bundle.test.ts builds with them too.
 * @param {{ outdir?: string }} [opts]
 * @returns {import('esbuild').BuildOptions}
 */
export const buildOptions = ({ outdir = join(here, 'dist') } = {}) => ({
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts', 'admin-cli': 'src/admin-cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  legalComments: 'none',
  plugins: [trpcFastSpread()],
  logLevel: 'info',
  // Bundled CommonJS dependencies call require(); ESM has none, so define it.
  banner: {
    js: ["import { createRequire as __createRequire } from 'node:module';", 'const require = __createRequire(import.meta.url);'].join('\n'),
  },
});

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) await run(process.argv.includes('--watch'));

async function run(watch) {
  const options = buildOptions();
  rmSync(join(here, 'dist'), { recursive: true, force: true });
  if (!watch) {
    await esbuild.build(options);
    return;
  }
  const ctx = await esbuild.context(options);
  await ctx.rebuild();
  await ctx.watch();
  // Run the server and restart it whenever the bundle changes (node --watch).
  const server = spawn(process.execPath, ['--watch', '--enable-source-maps', 'dist/main.js'], {
    cwd: here,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  });
  const stop = () => {
    server.kill('SIGTERM');
    void ctx.dispose();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => process.exit(code ?? 0));
}
