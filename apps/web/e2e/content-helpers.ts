// Helpers for the content pages' browser tests (about, blog, legal, rewards): pages open in a
// stated language (English unless told) and any 4xx/5xx answer counts as an error.
import type { Page } from 'playwright-core';
import { auditPage as audit, loadAllImages } from './audit.ts';
import { openPage as open, type Browser } from './browser.ts';

export { loadAllImages };

export interface OpenOptions {
  width?: number;
  /** Stored as localStorage preferredLanguage before the page loads ('ar' → RTL). Default 'en'. */
  lang?: string;
}

export function openPage(
  browser: Browser,
  baseURL: string,
  path: string,
  { width, lang = 'en' }: OpenOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  return open(browser, baseURL, path, { ...(width ? { width } : {}), lang, httpErrors: true });
}

/** auditPage (audit.ts) once every image of the page has loaded. */
export function auditPage(browser: Browser, baseURL: string, path: string, name: string): Promise<void> {
  return audit(browser, baseURL, path, name, { prepare: loadAllImages });
}
