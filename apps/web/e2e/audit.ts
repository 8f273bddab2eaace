// What every browser test file shares: one Chromium per file, and the page audit — axe (no
// serious or critical violations), no sideways scrolling, screenshots at each width, in English
// and Arabic. browser.ts stays free of vitest (the global setup imports it).
import { afterAll, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeCheck, launchBrowser, openRoute, screenshot, type Browser } from './browser.ts';
import { scrollThrough, settle } from './settle.ts';

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

/**
 * For an open page, at each width: no sideways scrolling (phone widths), axe (no serious or
 * critical violations), then a full-page screenshot <name>-<width>.png once lazy images have loaded.
 */
export async function checkWidths(
  page: Page,
  name: string,
  { widths = [1280, 375], label = name, afterResize }: WidthChecks = {},
): Promise<void> {
  for (const width of widths) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await afterResize?.(page);
    }
    // On a phone; before axe, whose run can leave the document wider until the next layout.
    if (width < PHONE_MAX) expect(await noHorizontalScroll(page), `${label} scrolls sideways at ${width} px`).toBe(true);
    expect(await axeCheck(page), `${label} at ${width} px`).toEqual([]);
    await settle(page);
    await screenshot(page, `${name}-${width}`);
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
 * Opens `path` in each language and audits it: <html lang dir> right, checkWidths (screenshots
 * <name>-<width> and <name>-rtl-<width>), and no console error, outside request or 4xx/5xx answer.
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
