// The installable app without a connection, in Chromium against the built server with its
// service worker allowed: a traveller signs up, buys an eSIM with the demo card and opens it at
// /account/esim/{iccid}; then the browser goes offline (context.setOffline) and the page, reloaded
// or opened anew, still shows the install details (activation code, SM-DP+ address, QR image)
// under the 'You're offline' banner, in English and in Arabic, axe clean. Signing out empties
// what the service worker kept of the traveller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser } from './audit.ts';
import { axeCheck, launchBrowser, openPage, screenshot, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();
const stamp = Date.now().toString(36);

interface EsimDetail {
  iccid: string;
  activationCode: string;
  smdpAddress: string;
}

/** A same-origin GET from the page (its session cookie): the spec's REST paths. */
async function getJson<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'include' });
    return { status: res.status, body: (await res.json().catch(() => null)) as never };
  }, path);
}

/** The names of the Cache Storage caches the page's origin holds. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Waits until a service worker controls the page (it claims open pages once activated). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The install details as the page shows them: both codes in the text, the QR image decoded. */
async function expectInstallDetails(page: Page, esim: EsimDetail): Promise<void> {
  const install = page.getByTestId('esim-install');
  await install.waitFor({ timeout: 20_000 });
  const text = await install.innerText();
  expect(text).toContain(esim.activationCode);
  expect(text).toContain(esim.smdpAddress);
  await page.waitForFunction(
    () => (document.querySelector<HTMLImageElement>('[data-testid="esim-qr"]')?.naturalWidth ?? 0) > 0,
    undefined,
    { timeout: 10_000 },
  );
}

// One story in four steps, run in this order whatever the run's shuffle: the service worker
// installs and precaches, keeps the eSIM's answers while offline (English, then Arabic), and signing
// out empties what it kept. Signing back in between the steps gave the worker a new session to
// cache for, which is not the story any more.
describe('offline: an eSIM bought online keeps its install details', { shuffle: false }, () => {
  const browser = sharedBrowser({ serviceWorkers: 'allow' });
  let page: Page;
  let errors: string[];
  let esim: EsimDetail;

  beforeAll(async () => {
    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];

    ({ page, errors } = await openPage(browser, baseURL, '/register'));
    await page.getByLabel(/^Username/).fill(`offline${stamp}`);
    await page.getByLabel(/^Email/).fill(`offline.${stamp}@example.com`);
    await page.getByLabel(/^Password/).fill('correct horse battery staple');
    await page.getByLabel(/^Confirm password/).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(new URL(`/checkout/${plans[0]!.id}`, baseURL).href);
    await page.getByTestId('account-email').getByText(`offline.${stamp}@example.com`).waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/order-success/'));
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });

    const list = await getJson<{ iccid: string }[]>(page, '/api/esims');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const detail = await getJson<EsimDetail>(page, `/api/esims/${list.body[0]!.iccid}`);
    expect(detail.status).toBe(200);
    esim = detail.body;
  });

  afterAll(async () => {
    await browser.context.setOffline(false);
    await page?.close();
  });

  it('registers a service worker that precaches the shell and serves the web app manifest', async () => {
    await controlled(page);
    const manifest = await getJson<{ display: string; start_url: string; icons: { src: string; purpose?: string }[] }>(
      page,
      await page
        .locator('link[rel="manifest"]')
        .getAttribute('href')
        .then((href) => href!),
    );
    expect(manifest.status).toBe(200);
    expect(manifest.body).toMatchObject({ display: 'standalone', start_url: '/' });
    expect(manifest.body.icons.map((i) => i.purpose ?? 'any').sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of manifest.body.icons) {
      expect((await page.request.get(new URL(icon.src, baseURL).href)).status(), icon.src).toBe(200);
    }
    await page.waitForFunction(
      async () => {
        const names = await caches.keys();
        const precache = names.find((n) => n.startsWith('workbox-precache'));
        return precache ? (await (await caches.open(precache)).keys()).some((r) => new URL(r.url).pathname === '/app.html') : false;
      },
      undefined,
      { timeout: 30_000, polling: 250 },
    );
  });

  it('shows the install details with the connection gone, reloaded or opened anew, with the offline banner', async () => {
    await controlled(page);
    // Seen once online while the service worker controls the page: it keeps the answers.
    await page.goto(new URL(`/account/esim/${esim.iccid}`, baseURL).href);
    await expectInstallDetails(page, esim);
    expect(await page.getByRole('status').filter({ hasText: "You're offline" }).count()).toBe(0);

    await browser.context.setOffline(true);
    await page.reload();
    await expectInstallDetails(page, esim);
    const banner = page.getByRole('status').filter({ hasText: "You're offline" });
    await banner.waitFor();
    expect(await banner.innerText()).toContain('The details shown may be out of date.');
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'offline-esim-1280');

    // A new tab, offline from the start: the shell comes from the service worker.
    const fresh = await browser.context.newPage();
    const freshWatch = watchPage(fresh, baseURL);
    await fresh.goto(new URL(`/account/esim/${esim.iccid}`, baseURL).href);
    await expectInstallDetails(fresh, esim);
    await fresh.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
    await fresh.close();
    // The browser logs each request that failed for want of a network; nothing else.
    expect(freshWatch.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(e))).toEqual([]);

    await browser.context.setOffline(false);
  });

  it('shows them offline in Arabic too, right to left, with the banner in Arabic', async () => {
    await controlled(page);
    await page.goto(new URL(`/ar/account/esim/${esim.iccid}`, baseURL).href);
    await expectInstallDetails(page, esim);

    await browser.context.setOffline(true);
    await page.reload();
    await expectInstallDetails(page, esim);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('status').filter({ hasText: 'أنت غير متصل بالإنترنت' }).waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'offline-esim-rtl-1280');
    await browser.context.setOffline(false);
    await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
  });

  it('shows the dashboard and the order history offline as last seen online', async () => {
    await controlled(page);
    for (const path of ['/account', '/account/orders']) {
      await page.goto(new URL(path, baseURL).href);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (path === '/account/orders') await page.getByRole('table', { name: 'Your orders' }).getByText(/^ORD-/).first().waitFor();
    }
    await browser.context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('table', { name: 'Your orders' }).getByText(/^ORD-/).first().waitFor();
      expect(await page.getByText('Your orders could not be loaded.').count()).toBe(0);
      await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
      await page.goto(new URL('/account', baseURL).href);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
      await page.getByRole('table').getByText(/^ORD-/).first().waitFor();
      expect(await page.getByText(/could not be loaded|couldn't be loaded|Something went wrong/).count()).toBe(0);
    } finally {
      await browser.context.setOffline(false);
    }
  });

  // Issue 26: the failing sequence on a fresh phone. The eSIM's page is the first page the browser
  // ever loads from the shop (signed in by a cookie, no service worker yet), so the page's data is
  // fetched before the worker controls it; once it does, the page asks again through the worker.
  for (const lang of ['en', 'ar'] as const) {
    it(`opens the install details offline after one first visit on a fresh browser (${lang})`, async () => {
      const fresh = await launchBrowser({ serviceWorkers: 'allow', viewport: { width: 390, height: 900 } });
      try {
        const login = await fresh.context.request.post(new URL('/api/auth/login', baseURL).href, {
          headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: new URL(baseURL).origin },
          data: { username: `offline${stamp}`, password: 'correct horse battery staple' },
        });
        expect(login.status()).toBe(200);
        const phone = await fresh.context.newPage();
        const path = `${lang === 'ar' ? '/ar' : ''}/account/esim/${esim.iccid}`;
        await phone.goto(new URL(path, baseURL).href);
        await expectInstallDetails(phone, esim);
        await controlled(phone);
        // What the worker keeps once it controls the page: the eSIM's answers and its QR image.
        await phone.waitForFunction(
          async () => {
            const data = await (await caches.open('traveller-data')).keys();
            const qr = await (await caches.open('esim-qr')).keys();
            return data.some((r) => r.url.includes('esims.get')) && qr.length > 0;
          },
          undefined,
          { timeout: 30_000, polling: 250 },
        );

        await fresh.context.setOffline(true);
        await phone.reload();
        await expectInstallDetails(phone, esim);
        expect(await phone.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await phone
          .getByRole('status')
          .filter({ hasText: lang === 'ar' ? 'أنت غير متصل بالإنترنت' : "You're offline" })
          .waitFor();
        const tab = await fresh.context.newPage();
        await tab.goto(new URL(path, baseURL).href);
        await expectInstallDetails(tab, esim);
        await screenshot(tab, `offline-first-use-${lang}-390`);
      } finally {
        await fresh.close();
      }
    });
  }

  it('signing out empties what the service worker kept of the traveller', async () => {
    await page.goto(new URL(`/account/esim/${esim.iccid}`, baseURL).href);
    await expectInstallDetails(page, esim);
    expect(await cacheNames(page)).toEqual(expect.arrayContaining(['traveller-data', 'esim-qr']));

    await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => cacheNames(page)).not.toContain('traveller-data');
    expect(await cacheNames(page)).not.toContain('esim-qr');

    // Offline, the eSIM page no longer has anything of theirs to show.
    await browser.context.setOffline(true);
    await page.goto(new URL(`/account/esim/${esim.iccid}`, baseURL).href);
    await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
    expect(await page.getByText(esim.activationCode).count()).toBe(0);
    await browser.context.setOffline(false);
    // Offline, the browser logs each request that failed for want of a network, and the bundler's
    // loader each stylesheet of a lazy part it could not fetch (the landing page's globe, left out
    // of the precache on purpose); nothing else.
    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|Unable to preload CSS/.test(e)),
    ).toEqual([]);
  });
});
