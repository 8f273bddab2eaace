// One build, any shop: the built server started with another shop's name and contact facts
// (PRODUCT_NAME, SUPPORT_EMAIL, …) serves them in the pre-rendered pages, the destination pages,
// the plain template and the web app manifest, with no trace of the build's defaults, and the app
// shows them once it has taken over; axe and screenshots of / and /support in English and Arabic.
import { describe, expect, it } from 'vitest';
import { auditPage, sharedBrowser } from './audit.ts';
import { openRoute } from './browser.ts';
import { fileServer } from './shop-server.ts';

const BRAND = {
  PRODUCT_NAME: 'Globetrotter Data',
  SUPPORT_EMAIL: 'help@globetrotter.example',
  SALES_EMAIL: 'partners@globetrotter.example',
  SUPPORT_PHONE: '+1 (555) 010-0100',
  WHATSAPP_PHONE: '+1 555 010 0199',
  POSTAL_ADDRESS: '42 Harbour Road, Lisbon 1100-001, Portugal',
  FACEBOOK_URL: 'https://facebook.example/globetrotter',
  INSTAGRAM_URL: 'https://instagram.example/globetrotter',
  LINKEDIN_URL: 'https://linkedin.example/company/globetrotter',
};

/** What the build renders with (src/config-defaults.ts) in every form a page could carry it. */
const DEFAULT_TRACES = [
  'eSIM Shop',
  'support@example.com',
  'sales@example.com',
  '+44 20 0000 0000',
  '+442000000000',
  '+44 7700 900000',
  '447700900000',
  'Example Street',
  'EC1A 1AA',
  'www.facebook.com',
  'www.instagram.com',
  'www.linkedin.com',
  '__SHOP_FACTS__',
];

// This file's own server, started with the other shop's facts (the database is the same template).
const { baseURL } = await fileServer(BRAND);

describe('a shop with its own name and contact facts', () => {
  const browser = sharedBrowser();

  it.each(['/', '/ar/', '/coverage', '/destinations/japan', '/ar/destinations/japan', '/support', '/ar/support'])(
    'the HTML of %s carries the shop and none of the defaults',
    async (path) => {
      const res = await fetch(new URL(path, baseURL));
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('&quot;productName&quot;:&quot;Globetrotter Data&quot;');
      expect(html).toMatch(/<title[^>]*>[^<]*Globetrotter Data/);
      for (const trace of DEFAULT_TRACES) expect(html, trace).not.toContain(trace);
    },
  );

  it('the web app manifest carries the name', async () => {
    const manifest = (await (await fetch(new URL('/manifest.webmanifest', baseURL))).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Globetrotter Data', short_name: 'Globetrotter Data' });
  });

  it('the app shows the name and contact facts once it has taken over', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/support', { lang: 'en' });
    expect(await page.title()).toContain('Globetrotter Data');
    await page.getByRole('link', { name: 'help@globetrotter.example' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'help@globetrotter.example' }).first().getAttribute('href')).toBe(
      'mailto:help@globetrotter.example',
    );
    expect(await page.locator('a[href="tel:+15550100100"]').first().textContent()).toContain('+1 (555) 010-0100');
    const footer = page.locator('footer');
    const address = footer.locator('address');
    await address.getByText('42 Harbour Road', { exact: true }).waitFor();
    await address.getByText('Lisbon 1100-001', { exact: true }).waitFor();
    await address.getByText('Portugal', { exact: true }).waitFor();
    expect(await footer.locator('a[href="https://instagram.example/globetrotter"]').count()).toBe(1);
    expect(await footer.locator('a[href="https://wa.me/15550100199"]').count()).toBe(1);
    expect(await footer.getByText('Globetrotter Data').count()).toBeGreaterThan(0);
    const body = (await page.textContent('body')) ?? '';
    for (const trace of DEFAULT_TRACES) expect(body, trace).not.toContain(trace);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/ and /support pass axe at 1280 and 390 px, in English and Arabic', async () => {
    await auditPage(browser, baseURL, '/', 'brand-landing', { widths: [1280, 390] });
    await auditPage(browser, baseURL, '/support', 'brand-support', { widths: [1280, 390] });
  });
});
