// Helpers for the content pages' browser tests (about, blog, legal, rewards).
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeCheck, screenshot, watchPage, type Browser } from './browser.ts';

export interface OpenOptions {
  width?: number;
  /** Stored as localStorage preferredLanguage before the page loads ('ar' → RTL). Default 'en'. */
  lang?: string;
}

export async function openPage(browser: Browser, baseURL: string, path: string, { width = 1280, lang = 'en' }: OpenOptions = {}) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  // The profile is shared by the file's tests: set the language every time. Any same-origin
  // document gives access to the shop's localStorage.
  await page.goto(new URL('/favicon.svg', baseURL).href);
  await page.evaluate((l) => localStorage.setItem('preferredLanguage', l), lang);
  const { errors } = watchPage(page, baseURL);
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`${res.status()} ${res.url()}`);
  });
  await page.goto(new URL(path, baseURL).href);
  return { page, errors };
}

/** Scrolls through the page so every lazy image loads, then checks that they all did. */
export async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * For one route: axe in English and Arabic (no serious or critical violations), no console
 * errors or outside requests, no sideways scrolling on a phone, and screenshots
 * <name>-1280, <name>-375, <name>-rtl-1280, <name>-rtl-375.
 */
export async function auditPage(browser: Browser, baseURL: string, path: string, name: string): Promise<void> {
  for (const lang of ['en', 'ar'] as const) {
    const { page, errors } = await openPage(browser, baseURL, path, lang === 'ar' ? { lang } : {});
    await page.getByRole('heading', { level: 1 }).waitFor();
    await loadAllImages(page);
    const [htmlLang, dir] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
    expect([htmlLang, dir]).toEqual(lang === 'ar' ? ['ar', 'rtl'] : ['en', 'ltr']);
    expect(await axeCheck(page), `${path} (${lang})`).toEqual([]);
    const suffix = lang === 'ar' ? '-rtl' : '';
    await screenshot(page, `${name}${suffix}-1280`);
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForTimeout(100);
    expect(await noHorizontalScroll(page), `${path} (${lang}) scrolls sideways at 375 px`).toBe(true);
    expect(await axeCheck(page), `${path} (${lang}, 375 px)`).toEqual([]);
    await screenshot(page, `${name}${suffix}-375`);
    expect(errors).toEqual([]);
    await page.close();
  }
}
