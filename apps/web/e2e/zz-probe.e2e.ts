import { it, inject } from 'vitest';
import { launchBrowser } from '/work/main/apps/web/e2e/browser.ts';
const PAGES = (process.env.PROBE_PAGES ?? '/').split(',');
const WIDTHS = (process.env.PROBE_WIDTHS ?? '1280').split(',').map(Number);
const LANG = process.env.PROBE_LANG;
it('probe', async () => {
  const b = await launchBrowser();
  for (const path of PAGES) for (const width of WIDTHS) {
    const page = await b.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(new URL(path, inject('baseURL')).href);
    if (LANG) { await page.evaluate((l) => localStorage.setItem('preferredLanguage', l), LANG); await page.reload(); }
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(1500);
    const sections = page.locator('main > section, main > div > section, main section[aria-labelledby]');
    const n = await sections.count();
    const name = path.replace(/[^a-z]/g, '') || 'home';
    for (let i = 0; i < n; i++) {
      const s = sections.nth(i);
      await s.scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await s.screenshot({ path: `/tmp/shots/${name}-${width}${LANG ?? ''}-${String(i).padStart(2, '0')}.png` }).catch(() => {});
    }
    await page.close();
  }
  await b.close();
}, 300_000);
