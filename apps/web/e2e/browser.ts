// Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close: () => Promise<void>;
}

export interface LaunchOptions {
  viewport?: { width: number; height: number };
  locale?: string;
  /**
   * The shop's service worker (offline copies, precache). Blocked unless asked for: requests it
   * answers bypass page.route(), and a file's later tests would otherwise depend on whether an
   * earlier one stayed long enough for it to install. The offline tests allow it.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** A fresh profile in a temp dir (launchPersistentContext; --user-data-dir in args would throw). */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'esim-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: options.locale ?? 'en-GB',
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

// The axe-core this package installs, injected as such: @axe-core/playwright would otherwise
// inject the copy it depends on, which can lag behind the current release.
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_CORE_VERSION: string = (require('axe-core/package.json') as { version: string }).version;

/**
 * Runs axe with the WCAG 2.0/2.1 A and AA rules (2.5.3 'Label in Name' among them) and the best
 * practices; the full results.
 */
export function axeRun(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
}

/** Runs axe (axeRun); returns the serious and critical violations. */
export async function axeCheck(page: Page): Promise<AxeViolation[]> {
  const results = await axeRun(page);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Where screenshots go: <repo>/screenshots (git-ignored). */
export const SCREENSHOT_DIR = join(repoRoot, 'screenshots');

/**
 * E2E_SCREENSHOTS=1: the tests save pictures of the states worth looking at, for a person reviewing
 * a visual change. Without it a run keeps screenshots only of what failed (audit.ts sharedBrowser):
 * taking them cost more than most checks.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** With E2E_SCREENSHOTS=1, saves <repo>/screenshots/<name>.png and returns its path; otherwise nothing. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string | undefined> {
  if (!SCREENSHOTS) return undefined;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/**
 * Fails the test on any browser console error or request to another host; with `httpErrors`,
 * also on any answer of 400 or more.
 */
export function watchPage(page: Page, baseURL: string, { httpErrors = false }: { httpErrors?: boolean } = {}): { errors: string[] } {
  const errors: string[] = [];
  const origin = new URL(baseURL).origin;
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) errors.push(`outside request: ${url}`);
  });
  if (httpErrors) {
    page.on('response', (res) => {
      if (res.status() >= 400) errors.push(`${res.status()} ${res.url()}`);
    });
  }
  return { errors };
}

export interface OpenOptions {
  /** Viewport width in px (height 900). Default 1280. */
  width?: number;
  /**
   * Stored as localStorage preferredLanguage before the page loads ('ar' → RTL). Without it, the
   * language of the test so far: each test starts with none stored (audit.ts sharedBrowser), so
   * the browser's (en-GB).
   */
  lang?: string;
  /** Count answers of 400 or more as errors too (see watchPage). */
  httpErrors?: boolean;
}

/** A new page in the shared context at `width` px, watched by watchPage, navigated to `path`. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  path: string,
  { width = 1280, lang, httpErrors }: OpenOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  if (lang) {
    // Any same-origin document gives access to the shop's localStorage.
    await page.goto(new URL('/favicon.svg', baseURL).href);
    await page.evaluate((l) => localStorage.setItem('preferredLanguage', l), lang);
  }
  const { errors } = watchPage(page, baseURL, { httpErrors });
  await page.goto(new URL(path, baseURL).href);
  return { page, errors };
}

/**
 * openPage, then wait until the app shows the page's h1 (not the static pre-rendered shell of /
 * and /coverage, which the app replaces).
 */
export async function openRoute(
  browser: Browser,
  baseURL: string,
  path: string,
  options: OpenOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, baseURL, path, options);
  await opened.page.waitForFunction(() => !document.getElementById('shell'));
  await opened.page.getByRole('heading', { level: 1 }).waitFor();
  return opened;
}

/** Polls `fn` every 200 ms until it returns a value (e.g. an e-mail in the outbox); throws after `timeoutMs`. */
export async function waitFor<T>(fn: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
