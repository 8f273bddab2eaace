// The admin area's whole flow, in Chromium against the built server: an admin made with the
// existing CLI (admin-cli.js, what `npm run admin:create` runs) signs in through /login?from=admin
// and lands on /admin; changes a plan's price and the landing page shows it; refunds a traveller's
// demo order and the traveller's own order table reads 'Refunded'; the audit log has both changes.
// A customer at /admin gets the 'not allowed' page; a guest is sent to sign in. Axe on the admin
// pages this file opens (dashboard, orders, an order, operations, audit log), in English and Arabic.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditPage, sharedBrowser } from './audit.ts';
import { openPage, repoRoot } from './browser.ts';
import { passSecondFactorInPage } from './second-factor.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, databaseUrl } = await fileServer();
const stamp = Date.now().toString(36);
const ADMIN = { username: `owner${stamp}`, email: `owner.${stamp}@example.com`, password: 'owner-pass-phrase-1' };
const TRAVELLER = { username: `buyer${stamp}`, email: `buyer.${stamp}@example.com`, password: 'correct horse battery staple' };

interface ShopPlan {
  id: number;
  name: string;
  price: number;
}

async function logIn(page: Page, who: { username: string; password: string }): Promise<void> {
  await page.getByLabel(/^Username/).fill(who.username);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('admin area: sign in as admin, change a price, refund an order', () => {
  const browser = sharedBrowser();
  let page: Page;
  let errors: string[];
  let japanId = 0;
  let orderId = '';
  let plan: ShopPlan;

  beforeAll(async () => {
    // The existing CLI, as `npm run admin:create -- --username … --email …` runs it after its build.
    const made = spawnSync(
      process.execPath,
      [join(repoRoot, 'apps/server/dist/admin-cli.js'), '--username', ADMIN.username, '--email', ADMIN.email],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: ADMIN.password }, encoding: 'utf8' },
    );
    expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);

    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    japanId = regions.find((r) => r.code === 'JP')!.id;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japanId}`)).json()) as ShopPlan[];
    plan = plans[0]!;

    // A traveller registers and buys an eSIM with the demo card.
    ({ page, errors } = await openPage(browser, baseURL, '/register'));
    await page.getByLabel(/^Username/).fill(TRAVELLER.username);
    await page.getByLabel(/^Email/).fill(TRAVELLER.email);
    await page.getByLabel(/^Password/).fill(TRAVELLER.password);
    await page.getByLabel(/^Confirm password/).fill(TRAVELLER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(new URL(`/checkout/${plan.id}`, baseURL).href);
    await page.getByTestId('account-email').getByText(TRAVELLER.email).waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/order-success/'));
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    const orders = await page.evaluate(async () => {
      const res = await fetch('/api/orders', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, cache: 'no-store' });
      return (await res.json()) as { id: string; status: string }[];
    });
    expect(orders).toHaveLength(1);
    orderId = orders[0]!.id;
    expect(orderId).toMatch(/^ORD-/);

    // The traveller is not an admin: /admin says so.
    await page.goto(new URL('/admin', baseURL).href);
    await page.getByRole('heading', { level: 1, name: 'You are not allowed to view this page' }).waitFor();
    await browser.context.clearCookies();
  });

  afterAll(async () => {
    await page?.close();
  });

  /** Each test signs the admin in itself: the tests share one browser context and run in any order. */
  async function signInAsAdmin() {
    await browser.context.clearCookies();
    await page.goto(new URL('/login?from=admin', baseURL).href);
    await logIn(page, ADMIN);
    await page.waitForURL((url) => url.pathname === '/admin');
    // The second factor: enrolled at the first sign-in, a code from the test authenticator after that.
    await passSecondFactorInPage(page, ADMIN.username);
    // The back office has loaded (the sign-in ends in a navigation to it; a goto before it is done is interrupted).
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  }

  it('sends a guest to sign in with ?from=admin and brings the admin back to /admin', async () => {
    await browser.context.clearCookies();
    await page.goto(new URL('/admin/orders', baseURL).href);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === 'admin');
    await logIn(page, ADMIN);
    await page.waitForURL((url) => url.pathname === '/admin');
    // The back office asks for the second factor (enrolment at the first sign-in, else a code).
    await passSecondFactorInPage(page, ADMIN.username);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).waitFor();
  });

  it("changes a plan's price and the landing page shows the new price at once", async () => {
    await signInAsAdmin();
    await page.goto(new URL(`/admin/catalog?region=${japanId}`, baseURL).href);
    const plans = page.getByRole('table', { name: /^Plans of Japan/ });
    await plans.waitFor();
    // The back office shows the owner's plan names, the shop composes its own (issue 25): the row by its price.
    const editAt = (price: string) =>
      plans
        .getByRole('row')
        .filter({ hasText: `$${price}` })
        .getByRole('button', { name: /^Edit / })
        .first();
    await editAt(plan.price.toFixed(2)).click();
    const dialog = page.getByRole('dialog');
    const price = dialog.getByRole('textbox', { name: /^Price in USD/ });
    const newPrice = (plan.price + 1.11).toFixed(2);
    await price.fill(newPrice);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The shop, as a traveller opens it: the landing page's Japan plans.
    const shop = await browser.context.newPage();
    try {
      await shop.goto(new URL('/?region=JP', baseURL).href);
      const region = shop.locator('#region-plans');
      await region.getByRole('heading', { name: 'Japan eSIM Plans' }).waitFor();
      // Plan cards compose their titles per language from the plan's facts; the price is the plan's own.
      await region.getByRole('article').getByText(`$${newPrice}`).first().waitFor();
    } finally {
      await shop.close();
    }

    // Put the price back for the other browser tests on this server (the audit log keeps both).
    await editAt(newPrice).click();
    await dialog.getByRole('textbox', { name: /^Price in USD/ }).fill(plan.price.toFixed(2));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The audit log has both price changes.
    await page.goto(new URL('/admin/audit', baseURL).href);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByRole('cell', { name: 'plan.update' }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'plan.update' }).count()).toBeGreaterThanOrEqual(2);
  });

  it("refunds the traveller's order (a second click changes nothing) and their order table reads Refunded", async () => {
    await signInAsAdmin();
    await page.goto(new URL('/admin/orders', baseURL).href);
    await page.getByRole('searchbox', { name: 'E-mail' }).fill(TRAVELLER.email);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('email') === TRAVELLER.email);
    await page.getByRole('link', { name: orderId }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderId}` }).waitFor();

    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${orderId}?` });
    await dialog.getByRole('button', { name: /^Refund / }).click();
    const result = page.getByTestId('action-result');
    await result.getByText('Done').waitFor({ timeout: 30_000 });
    // Refunded: the button is no longer offered.
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).isDisabled()).toBe(true);
    await page.getByText('Refunded', { exact: true }).first().waitFor();

    // The audit log has the refund.
    await page.goto(new URL('/admin/audit', baseURL).href);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByRole('cell', { name: 'order.refund' }).first().waitFor();
    expect(errors).toEqual([]);

    // The traveller signs in: their order reads Refunded.
    await browser.context.clearCookies();
    await page.goto(new URL('/login', baseURL).href);
    await logIn(page, TRAVELLER);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(new URL('/account/orders', baseURL).href);
    const row = page.getByRole('row').filter({ hasText: orderId });
    await row.getByText('Refunded').first().waitFor();
    await browser.context.clearCookies();
  });

  it('the pages are axe clean at 1280 and 390 px, in English and right to left', async () => {
    await signInAsAdmin();
    for (const [path, name] of [
      ['/admin', 'admin-dashboard'],
      ['/admin/orders', 'admin-orders'],
      [`/admin/orders/${orderId}`, 'admin-order'],
      ['/admin/operations', 'admin-operations'],
      ['/admin/audit', 'admin-audit'],
    ] as const) {
      await auditPage(browser, baseURL, path, name, { widths: [1280, 390] });
    }
  });
});
