#!/usr/bin/env node
// Pre-renders the public landing pages into static shells, in every language, after `vite build`:
//   1. an SSR build of src/prerender.tsx (the real app; every query still loading) into
//      dist/ssr/, kept: the server renders destination pages from it on first request;
//   2. per page and language, dist/<name>[.<lang>].html: the template with the page's
//      <html lang dir>, head tags (title, description, canonical, hreflang, OpenGraph) and the
//      rendered page in #shell (painted before any script runs; main.tsx swaps the live app in,
//      src/shell.ts), #root hidden, and its route's stylesheets linked in <head>;
//   3. dist/app[.<lang>].html: the plain template in each language, for every other path (and
//      Mantine's <head> styles into dist/admin.html, the back office's page);
//   4. dist/pages.json: which file answers which path, and the app's route table (unknown paths
//      answer 404), read by the server's static middleware;
//      dist/ssr/shell.json: the template, boot script and stylesheets for the server's renders;
//   5. /assets/shell-boot-<hash>.js: sends an English page's traveller to their language's URL.
// The pages are rendered with the shop's default facts (src/config-defaults.ts), recorded as
// `facts` in pages.json and shell.json: the server replaces them with its configured ones once,
// when it loads the pages (apps/server/src/shop-facts.ts), and fills in <meta name="shop-facts">.
// Pages whose LCP matters are listed in PAGES; every other route stays client-rendered.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const PAGES = [
  { path: '/', name: 'index', route: 'src/routes/index.tsx' },
  { path: '/coverage', name: 'coverage', route: 'src/routes/coverage.tsx' },
];
/** Rendered by the server on first request (apps/server/src/middleware/static.ts). */
const SERVER_ROUTES = { destination: 'src/routes/destinations.$slug.tsx' };
const FALLBACK = 'app';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const ssrOut = join(dist, 'ssr');
const manifestPath = join(dist, '.vite', 'manifest.json');

const hash8 = (text) => createHash('sha256').update(text).digest('base64url').replace(/[-_]/g, '').slice(0, 8);
const fileName = (name, lang) => (lang === 'en' ? `${name}.html` : `${name}.${lang}.html`);

/** Stylesheets of a route's code-split chunks and everything they import statically. */
function routeStylesheets(manifest, routeFile) {
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const file of manifest[key].css ?? []) css.add(`/${file}`);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  const keys = Object.keys(manifest).filter((k) => k === routeFile || k.startsWith(`${routeFile}?`));
  if (keys.length === 0) throw new Error(`prerender: ${routeFile} is not in the build manifest`);
  keys.forEach(visit);
  return [...css];
}

/**
 * The app's route table (full paths such as '/account/esim/$iccid', '/blog/'), read from the
 * generated route tree: the server answers 404 for a path none of them matches (the app then
 * renders its not-found page in the same document).
 */
function appRoutes() {
  const tree = readFileSync(join(web, 'src', 'routeTree.gen.ts'), 'utf8');
  const block = tree.match(/export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/);
  const routes = block ? [...block[1].matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]) : [];
  if (!routes.includes('/')) throw new Error('prerender: no route table in src/routeTree.gen.ts (FileRoutesByFullPath)');
  return routes;
}

async function main() {
  const started = performance.now();
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  if (template.includes('<div id="shell"') || !existsSync(manifestPath))
    throw new Error('prerender: run `vite build` first (dist/index.html is already pre-rendered)');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

  try {
    await build({
      root: web,
      configFile: join(web, 'vite.config.ts'),
      logLevel: 'warn',
      build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, copyPublicDir: false, minify: false },
    });
    const built = performance.now();
    const ssr = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href);
    const languages = ['en', ...ssr.PREFIXED_LANGUAGES];

    const boot = ssr.shellBootScript();
    const bootScript = `/assets/shell-boot-${hash8(boot)}.js`;
    writeFileSync(join(dist, bootScript), boot);

    const rendered = [];
    for (const page of PAGES) {
      for (const lang of languages) rendered.push({ page, lang, result: await ssr.render(ssr.localizePath(page.path, lang)) });
    }
    // Mantine's CSS variables and global classes depend on the theme alone: every page gets them
    // in <head> (main.tsx then tells MantineProvider not to insert them again).
    const mantineStyles = ['true', 'classes'].map((kind) => {
      const m = rendered[0].result.html.match(new RegExp(`<style data-mantine-styles="${kind}">[^<]*</style>`));
      if (!m) throw new Error(`prerender: no <style data-mantine-styles="${kind}"> in the rendered page`);
      return m[0];
    });
    if (!template.includes('content="__SHOP_FACTS__"'))
      throw new Error('prerender: index.html has no <meta name="shop-facts" content="__SHOP_FACTS__"> for the server to fill in');
    const appTemplate = template.replace('</head>', () => `  ${mantineStyles.join('\n    ')}\n  </head>`);
    // The back office's page (admin.html, from `vite build --mode admin`) carries them too.
    const adminPage = join(dist, 'admin.html');
    if (existsSync(adminPage)) {
      const admin = readFileSync(adminPage, 'utf8');
      if (!admin.includes('data-mantine-styles'))
        writeFileSync(
          adminPage,
          admin.replace('</head>', () => `  ${mantineStyles.join('\n    ')}\n  </head>`),
        );
    }

    const pages = {};
    const fallbacks = {};
    for (const lang of languages) {
      fallbacks[lang] = fileName(FALLBACK, lang);
      // English too: its title and description get marked, so the app's own replace them.
      writeFileSync(join(dist, fallbacks[lang]), await ssr.fallbackDocument(appTemplate, lang));
    }
    let bytes = 0;
    for (const { page, lang, result } of rendered) {
      if (result.lang !== lang) throw new Error(`prerender: ${page.path} in ${lang} rendered in ${result.lang}`);
      const out = ssr.pageDocument(result, { template: appTemplate, stylesheets: routeStylesheets(manifest, page.route), bootScript });
      const file = fileName(page.name, lang);
      writeFileSync(join(dist, file), out);
      pages[ssr.localizePath(page.path, lang)] = file;
      bytes += Buffer.byteLength(out);
    }
    const facts = ssr.renderedShopFacts();
    const routes = appRoutes();
    writeFileSync(join(dist, 'pages.json'), `${JSON.stringify({ fallback: fallbacks.en, fallbacks, pages, routes, facts }, null, 2)}\n`);
    const serverRoutes = Object.fromEntries(Object.entries(SERVER_ROUTES).map(([k, route]) => [k, routeStylesheets(manifest, route)]));
    writeFileSync(
      join(ssrOut, 'shell.json'),
      `${JSON.stringify({ template: fallbacks.en, bootScript, stylesheets: serverRoutes, facts }, null, 2)}\n`,
    );
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `prerender: ${rendered.length} pages (${PAGES.map((p) => p.path).join(', ')} × ${languages.length} languages, ` +
        `${(bytes / rendered.length / 1024).toFixed(1)} kB each) in ${s(performance.now() - built)}; SSR build ${s(built - started)}`,
    );
  } finally {
    rmSync(dirname(manifestPath), { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
