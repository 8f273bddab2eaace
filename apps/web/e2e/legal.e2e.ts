// /terms and /privacy in Chromium: the texts, 'Last updated', the table of contents; axe and
// screenshots in English and Arabic.
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './audit.ts';
import { auditPage, openPage } from './content-helpers.ts';
import { fileServer } from './shop-server.ts';
import arLegal from '../../../packages/i18n/locales/ar/legal.json' with { type: 'json' };

const { baseURL } = await fileServer();

describe('legal pages', () => {
  const browser = sharedBrowser();

  it('/terms: the spec’s points, and the table of contents jumps to a section', async () => {
    const { page, errors } = await openPage(browser, baseURL, '/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
    expect(await page.title()).toBe('Terms and Conditions | eSIM Shop');
    const text = await page.locator('main').innerText();
    for (const part of [
      'Last updated May 12, 2025',
      'governed by the laws of the United Kingdom',
      'All plans are prepaid',
      'Prices include applicable taxes unless stated otherwise',
      "when you have used all of the plan's data or when the plan's validity period expires, whichever comes first",
      'only before the eSIM has been activated, or where a technical problem',
      'full refund within 14 days',
      'misused',
      'Each QR code can be used only once',
      'Data roaming must be enabled',
      'support@example.com',
      '1 Example Street',
    ]) {
      expect(text).toContain(part);
    }
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Refunds and changes' }).click();
    await page.waitForURL((u) => u.hash === '#terms-refunds');
    await page.waitForFunction(() => {
      const r = document.getElementById('terms-refunds')!.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight / 2;
    });
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/privacy: data, purposes, rights and the cookies this shop really uses', async () => {
    const { page, errors } = await openPage(browser, baseURL, '/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.title()).toBe('Privacy Policy | eSIM Shop');
    const text = await page.locator('main').innerText();
    for (const part of [
      'Last updated May 12, 2025',
      'UK GDPR',
      'We never see or store your full card number',
      'ICCID',
      'Legal bases',
      'Your rights',
      'One session cookie',
      'preferredLanguage',
      'preferredCurrency',
      'We use no analytics, advertising or third-party tracking cookies',
    ]) {
      expect(text).toContain(part);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('translates the headings and marks the English text in Arabic', async () => {
    const { page } = await openPage(browser, baseURL, '/terms', { lang: 'ar' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('main p[lang="en"]').count()).toBeGreaterThan(10);
    // The note saying the text stays English is itself in Arabic.
    expect(await page.getByText(arLegal.englishNote, { exact: false }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.close();
  });

  it('/terms passes axe in English and Arabic; screenshots', async () => {
    await auditPage(browser, baseURL, '/terms', 'terms');
  });

  it('/privacy passes axe in English and Arabic; screenshots', async () => {
    await auditPage(browser, baseURL, '/privacy', 'privacy');
  });
});
