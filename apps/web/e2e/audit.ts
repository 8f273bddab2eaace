// What every browser test file shares: one Chromium per file (screenshots of its open pages when a
// test fails), and the page audit — axe (no serious or critical violations) and no sideways
// scrolling at each width, in English and Arabic. browser.ts stays free of vitest (the global
// setup imports it).
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeCheck, launchBrowser, openRoute, SCREENSHOT_DIR, SCREENSHOTS, screenshot, type Browser } from './browser.ts';
import { scrollThrough, settle } from './settle.ts';
import { currentFileServer } from './shop-server.ts';

/** A file-name-safe form of a test's name. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * One browser for the tests of the enclosing describe block: launched before them, closed after.
 * The handle can be used as a Browser once the block's tests run.
 */
export function sharedBrowser(options: Parameters<typeof launchBrowser>[0] = {}): Browser {
  let current: Browser | undefined;
  beforeAll(async () => {
    current = await launchBrowser(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  // Each test starts with nothing in localStorage (the profile is shared by the file's tests, and
  // the shop keeps a visitor's language, currency and chosen plan there): a test passes whichever
  // tests ran before it. Cookies stay: a file's beforeAll may sign its traveller in for its tests.
  beforeEach(async () => {
    const base = currentFileServer();
    if (!current || !base) return;
    const page = await current.context.newPage();
    try {
      await page.goto(new URL('/favicon.svg', base).href);
      await page.evaluate(() => localStorage.clear());
    } finally {
      await page.close();
    }
  });
  // The artefact of a failure: every page the test left open (a failing test leaves its page
  // open), as it was, in <repo>/screenshots/failed/<file>--<test>-<n>.png.
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      const pages = current?.context.pages() ?? [];
      if (pages.length === 0) return;
      const dir = join(SCREENSHOT_DIR, 'failed');
      mkdirSync(dir, { recursive: true });
      const name = `${basename(task.file.name, '.e2e.ts')}--${slug(task.name)}`;
      // The profile's first tab (about:blank) is not the test's: skip it.
      for (const [i, page] of pages.filter((p) => p.url() !== 'about:blank').entries()) {
        const path = join(dir, `${name}-${i + 1}.png`);
        const at = page.url();
        await page.screenshot({ path, fullPage: true, timeout: 10_000 }).then(
          () => console.error(`screenshot of the failure (${at}): ${path}`),
          () => undefined, // a page that crashed or closed meanwhile
        );
      }
    });
  });
  const launched = (): Browser => {
    if (!current) throw new Error('the browser starts in beforeAll: use it inside a test or hook');
    return current;
  };
  return {
    get context() {
      return launched().context;
    },
    close: () => launched().close(),
  };
}

/** Scrolls through the page so every lazy image loads, then checks that they all did. */
export async function loadAllImages(page: Page): Promise<void> {
  await scrollThrough(page);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
}

/** Widths below this are phones: the page must not scroll sideways there. */
const PHONE_MAX = 768;
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

export interface WidthChecks {
  /** Widths in px, in order; the page is resized when it is not at that width already. Default 1280, 375. */
  widths?: readonly number[];
  /** Names the page in failure messages. Default: the screenshot name. */
  label?: string;
  /** Runs after each resize, before the checks (e.g. wait for a canvas to redraw). */
  afterResize?: (page: Page) => Promise<void>;
}

/** Until the page has laid out and painted twice since now (a resize has taken effect). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * For an open page, at each width: no sideways scrolling (phone widths) and axe (no serious or
 * critical violations): one audit pass per width. With E2E_SCREENSHOTS=1 also a full-page
 * screenshot <name>-<width>.png once lazy images have loaded; otherwise screenshots are taken only
 * of failures (sharedBrowser).
 */
export async function checkWidths(
  page: Page,
  name: string,
  { widths = [1280, 375], label = name, afterResize }: WidthChecks = {},
): Promise<void> {
  for (const width of widths) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: 900 });
      await nextFrames(page);
      await afterResize?.(page);
    }
    // On a phone; before axe, whose run can leave the document wider until the next layout.
    // Polled: a layout that reacts to the resize (a media query's component swap) may take a frame more.
    if (width < PHONE_MAX)
      await expect.poll(() => noHorizontalScroll(page), { message: `${label} scrolls sideways at ${width} px`, timeout: 2_000 }).toBe(true);
    expect(await axeCheck(page), `${label} at ${width} px`).toEqual([]);
    if (SCREENSHOTS) {
      await settle(page);
      await screenshot(page, `${name}-${width}`);
    }
  }
}

export const AUDIT_LANGUAGES = ['en', 'ar'] as const;

export interface AuditOptions extends Omit<WidthChecks, 'label'> {
  /** Default: English, then Arabic (right to left), each on a fresh page. */
  langs?: readonly (typeof AUDIT_LANGUAGES)[number][];
  /** Brings the page into the state worth auditing (an answer open, validation showing). */
  prepare?: (page: Page) => Promise<void>;
}

/**
 * Opens `path` in each language and audits it: <html lang dir> right, checkWidths (with
 * E2E_SCREENSHOTS=1, screenshots <name>-<width> and <name>-rtl-<width>), and no console error,
 * outside request or 4xx/5xx answer.
 */
export async function auditPage(browser: Browser, baseURL: string, path: string, name: string, options: AuditOptions = {}): Promise<void> {
  const { langs = AUDIT_LANGUAGES, prepare, ...widthChecks } = options;
  for (const lang of langs) {
    const { page, errors } = await openRoute(browser, baseURL, path, { lang, httpErrors: true });
    const [htmlLang, dir] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
    expect([htmlLang, dir]).toEqual(lang === 'ar' ? ['ar', 'rtl'] : ['en', 'ltr']);
    await prepare?.(page);
    await checkWidths(page, lang === 'ar' ? `${name}-rtl` : name, { ...widthChecks, label: `${path} (${lang})` });
    expect(errors).toEqual([]);
    await page.close();
  }
}
