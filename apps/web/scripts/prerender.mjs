#!/usr/bin/env node
// Pre-renders the public landing pages into static shells, after `vite build`:
//   1. an SSR build of src/prerender.tsx (the real app, English, every query still loading);
//   2. per page, dist/<file>.html = dist/index.html with the rendered page in #shell (painted
//      before any script runs; main.tsx swaps the live app in, src/shell.ts), #root hidden, the
//      page's own title and description, and its route's stylesheets linked in <head>;
//   3. dist/app.html: the plain template, the SPA fallback for every other path;
//   4. dist/pages.json: which file answers which path (read by the server's static middleware);
//   5. /assets/shell-boot-<hash>.js: hides the English shell from other languages (src/shell-boot.ts).
// Pages whose LCP matters are listed in PAGES; every other route stays client-rendered.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const PAGES = [
  { path: '/', file: 'index.html', route: 'src/routes/index.tsx' },
  { path: '/coverage', file: 'coverage.html', route: 'src/routes/coverage.tsx' },
];
const FALLBACK = 'app.html';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const hash8 = (text) => createHash('sha256').update(text).digest('base64url').replace(/[-_]/g, '').slice(0, 8);

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

function replaceOnce(html, search, replacement, what) {
  if (!html.includes(search)) throw new Error(`prerender: ${what} not found in dist/index.html`);
  return html.replace(search, () => replacement);
}

async function main() {
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  if (template.includes('<div id="shell"') || !existsSync(manifestPath))
    throw new Error('prerender: run `vite build` first (dist/index.html is already pre-rendered)');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

  // Inside apps/web so the SSR bundle resolves its (external) node_modules imports.
  const ssrOut = mkdtempSync(join(web, 'node_modules', '.prerender-'));
  try {
    await build({
      root: web,
      configFile: join(web, 'vite.config.ts'),
      logLevel: 'warn',
      build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, copyPublicDir: false, minify: false },
    });
    const entry = pathToFileURL(join(ssrOut, 'prerender.js')).href;
    const { render, shellBootScript, SHELL_ID } = await import(entry);

    const boot = shellBootScript();
    const bootFile = `assets/shell-boot-${hash8(boot)}.js`;
    writeFileSync(join(dist, bootFile), boot);

    // Mantine's CSS variables and global classes depend on the theme alone: every page gets them
    // in <head> (main.tsx then tells MantineProvider not to insert them again).
    const rendered = [];
    for (const page of PAGES) rendered.push(await render(page.path));
    const mantineStyles = [];
    for (const kind of ['true', 'classes']) {
      const m = rendered[0].html.match(new RegExp(`<style data-mantine-styles="${kind}">[^<]*</style>`));
      if (!m) throw new Error(`prerender: no <style data-mantine-styles="${kind}"> in the rendered page`);
      mantineStyles.push(m[0]);
    }
    const withStyles = (html) => replaceOnce(html, '</head>', `  ${mantineStyles.join('\n    ')}\n  </head>`, '</head>');
    writeFileSync(join(dist, FALLBACK), withStyles(template));
    for (const [i, page] of PAGES.entries()) {
      // The router's scroll-restoration snippet: a shell runs no script (and the CSP allows no inline one).
      let html = rendered[i].html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
      for (const style of mantineStyles) html = html.replace(style, '');
      const { title, description } = rendered[i];
      if (!title || !description) throw new Error(`prerender: ${page.path} set no title or description (usePageMeta)`);
      if (/<script/i.test(html)) throw new Error(`prerender: ${page.path} still has a <script>`);
      if (!html.includes('<h1')) throw new Error(`prerender: ${page.path} rendered no <h1>`);
      const links = routeStylesheets(manifest, page.route)
        .filter((href) => !template.includes(`href="${href}"`))
        .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
      // The shell paints with HTML and CSS alone: the app's scripts must not take bandwidth from
      // the stylesheets on a slow link (they still start at once, and run when they arrive).
      let out = withStyles(template).replace(
        /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
        '<$1 fetchpriority="low"',
      );
      out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
      out = out.replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (_, a, b) => `${a}${escapeHtml(description)}${b}`);
      out = replaceOnce(out, '</head>', `  ${[...links, `<script src="/${bootFile}"></script>`].join('\n    ')}\n  </head>`, '</head>');
      out = replaceOnce(
        out,
        '<div id="root"></div>',
        `<div id="${SHELL_ID}" inert>${html}</div><div id="root" hidden></div>`,
        '<div id="root"></div>',
      );
      writeFileSync(join(dist, page.file), out);
      console.log(`prerender: ${page.path} → dist/${page.file} (${(Buffer.byteLength(out) / 1024).toFixed(1)} kB)`);
    }
    writeFileSync(
      join(dist, 'pages.json'),
      `${JSON.stringify({ fallback: FALLBACK, pages: Object.fromEntries(PAGES.map((p) => [p.path, p.file])) }, null, 2)}\n`,
    );
  } finally {
    rmSync(ssrOut, { recursive: true, force: true });
    rmSync(dirname(manifestPath), { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
