// Before a full-page screenshot: scroll through the page so lazy images (flags, emblems) load,
// then back to the top so the sticky header sits where a visitor sees it.
import type { Page } from 'playwright-core';

/** Scrolls down the page in steps, so lazy images and sections start loading, then back to the top. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
}

export async function settle(page: Page): Promise<void> {
  await scrollThrough(page);
  // Lazy images inside a scrolled box (the coverage list) load only when scrolled to; don't wait on those.
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete || img.loading === 'lazy'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 2_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}
