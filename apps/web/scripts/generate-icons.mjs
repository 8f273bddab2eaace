#!/usr/bin/env node
// Renders the installable app's icons from the shop's logo (public/favicon.svg) with the local
// Chromium, once, into public/icons/ (the PNGs are committed; the build does not run this):
//   icon-192.png, icon-512.png       the logo as it is (rounded square, transparent corners)
//   icon-maskable-512.png            full-bleed brand background, the logo's card inside the
//                                    maskable safe zone (the centre 80% circle)
//   apple-touch-icon.png (180)       full-bleed, no transparency (iOS rounds the corners itself)
// Run: node apps/web/scripts/generate-icons.mjs (needs /usr/bin/chromium or CHROMIUM_PATH).
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(web, 'public', 'icons');
const logo = readFileSync(join(web, 'public', 'favicon.svg'), 'utf8');

// The logo's background colour and its inner drawing (everything after the rounded square).
const background = logo.match(/<rect width="32" height="32" rx="8" fill="(#[0-9a-f]{6})"\/>/i)?.[1];
if (!background) throw new Error('generate-icons: favicon.svg no longer starts with its rounded square');
const inner = logo.slice(logo.indexOf('/>') + 2, logo.lastIndexOf('</svg>'));

/** The drawing on a full square, scaled by `scale` around the centre. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${inner}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  // The card spans about 20 of 32 units; at 0.75 its corners stay inside the safe circle.
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.75) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.9) },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: join(out, icon.file), omitBackground: true });
    await page.close();
    console.log(`generate-icons: ${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
