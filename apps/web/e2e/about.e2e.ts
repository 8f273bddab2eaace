// /about-us in Chromium: the sections, the support e-mail, title and description; axe and
// screenshots in English and Arabic.
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './audit.ts';
import { auditPage, openPage } from './content-helpers.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();

describe('about page', () => {
  const browser = sharedBrowser();

  it('tells the story with every section and a support e-mail link', async () => {
    const { page, errors } = await openPage(browser, baseURL, '/about-us');
    await page.getByRole('heading', { level: 1, name: 'Connecting travellers to the world since 2023' }).waitFor();
    expect(await page.title()).toBe('About Us | eSIM Shop');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('170+ countries');
    const h2 = await page.locator('main h2').allInnerTexts();
    expect(h2).toEqual(['Our Mission', 'Our Story', 'What Sets Us Apart', 'Our Team', 'Sustainability', 'Join Our Journey']);
    expect(await page.locator('main h3').count()).toBe(4);
    const text = await page.locator('main').innerText();
    for (const part of ['170+', 'founded in 2023', 'UK licensed telecom operator', 'cloud communications, IoT', 'partners and agents']) {
      expect(text).toContain(part);
    }
    const mail = page.getByRole('link', { name: 'support@example.com' });
    expect(await mail.getAttribute('href')).toBe('mailto:support@example.com');
    await page.getByRole('link', { name: 'View eSIM Plans' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.hash === '#plans');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('passes axe in English and Arabic; screenshots at 1280 and 375 px', async () => {
    await auditPage(browser, baseURL, '/about-us', 'about');
  });
});
