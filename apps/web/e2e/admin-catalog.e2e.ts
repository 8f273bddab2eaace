// The admin pages for the shop's data, in Chromium against the built server: an admin made with
// the CLI edits a plan's price (the shop's catalogue shows it at once), refuses a bad rate, adjusts
// a customer's points, answers a contact message, downloads the newsletter CSV; and every page
// (catalogue, customers, a customer, rates, rewards, support inbox and newsletter) passes axe at
// 1280 and 390 px in English and Arabic (right to left, the admin texts stay English).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditPage, sharedBrowser } from './audit.ts';
import { axeCheck, openRoute, repoRoot } from './browser.ts';
import { giveSecondFactorByApi } from './second-factor.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, databaseUrl, outboxDir } = await fileServer();

/** The newsletter confirmation token the outbox holds for `email` (double opt-in, issue 30). */
async function newsletterToken(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
    } catch {
      // not created yet
    }
    for (const f of files) {
      const raw = readFileSync(join(outboxDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!raw.includes(`To: ${email}`)) continue;
      const token = raw.match(/blog\?newsletter=([A-Za-z0-9_.-]+)/)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no newsletter e-mail to ${email} in ${outboxDir}`);
}
const ADMIN = { username: 'catalog_admin', email: 'catalog-admin@example.com', password: 'admin-pass-1234' };
const CUSTOMER = { username: 'points_ann', email: 'points-ann@example.com', password: 'traveller-pass-1' };

/** A same-origin JSON call from the page (its session cookie). */
async function api<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: b === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: b === undefined ? undefined : JSON.stringify(b),
        credentials: 'include',
        // The REST catalogue may be kept 60 s by browsers (public, max-age=60): ask the server.
        cache: 'no-store',
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as never };
    },
    [path, body] as const,
  );
}

describe('admin: catalogue, customers, rates, rewards, support', () => {
  const browser = sharedBrowser();
  let customerId = 0;
  let japanId = 0;

  beforeAll(async () => {
    const made = spawnSync(
      process.execPath,
      [join(repoRoot, 'apps/server/dist/admin-cli.js'), '--username', ADMIN.username, '--email', ADMIN.email],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: ADMIN.password }, encoding: 'utf8' },
    );
    expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);

    const page = await browser.context.newPage();
    await page.goto(new URL('/favicon.svg', baseURL).href);
    // A customer with a contact message and a newsletter subscription, then the admin signs in.
    const registered = await api<{ id: number }>(page, '/api/auth/register', {
      username: CUSTOMER.username,
      email: CUSTOMER.email,
      password: CUSTOMER.password,
      confirmPassword: CUSTOMER.password,
      fullName: 'Ann Points',
    });
    expect(registered.status).toBeLessThan(300);
    customerId = registered.body.id;
    expect(
      (
        await api(page, '/api/contact', {
          name: 'Ann Points',
          email: CUSTOMER.email,
          subject: 'No data in Osaka',
          message: 'Help please.',
        })
      ).status,
    ).toBeLessThan(300);
    expect((await api(page, '/api/newsletter', { email: 'news-reader@example.com' })).status).toBeLessThan(300);
    // Double opt-in: on the list once the e-mailed link is opened.
    const confirmToken = await newsletterToken('news-reader@example.com');
    expect((await api(page, '/api/trpc/support.confirmNewsletter', { json: { token: confirmToken } })).status).toBe(200);
    await api(page, '/api/auth/logout', {});
    const login = await api(page, '/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    expect(login.status).toBe(200);
    // The back office answers only after a second factor: enrolled here through tRPC (the test authenticator keeps the key).
    await giveSecondFactorByApi(page, ADMIN.username);
    const regions = await api<{ id: number; code: string }[]>(page, '/api/regions');
    japanId = regions.body.find((r) => r.code === 'JP')?.id ?? 0;
    expect(japanId).toBeGreaterThan(0);
    await page.close();
  });

  it("changes a plan's price and the shop's catalogue has it at once", async () => {
    const { page, errors } = await openRoute(browser, baseURL, `/admin/catalog?region=${japanId}`);
    // The shop's names are composed per language (issue 25), not the back office's: compare by id.
    type ShopPlan = { id: number; name: string; price: number };
    const byId = (list: ShopPlan[]) => list.map((p) => [p.id, p.price]).sort((a, b) => a[0]! - b[0]!);
    const shopBefore = await api<ShopPlan[]>(page, `/api/plans?regionId=${japanId}`);
    const plans = page.getByRole('table', { name: /^Plans of Japan/ });
    await plans.waitFor();
    const firstEdit = plans.getByRole('button', { name: /^Edit / }).first();
    const planName = ((await firstEdit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
    await firstEdit.click();
    const dialog = page.getByRole('dialog');
    const price = dialog.getByRole('textbox', { name: /^Price in USD/ });
    const before = await price.inputValue();
    // Bad input first: the message next to the field, nothing sent.
    await price.fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('A price must be more than 0').waitFor();
    await price.fill('12.34');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await plans
      .getByRole('row', { name: new RegExp(planName) })
      .getByText('$12.34')
      .waitFor();
    const shop = await api<ShopPlan[]>(page, `/api/plans?regionId=${japanId}`);
    const changed = shop.body.filter((p) => shopBefore.body.find((b) => b.id === p.id)?.price !== p.price);
    expect(changed.map((p) => p.price)).toEqual([12.34]);
    // Put the price back for the other browser tests on this server (the table may have re-sorted).
    await plans.getByRole('button', { name: `Edit ${planName}` }).click();
    await price.fill(before);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const restored = await api<ShopPlan[]>(page, `/api/plans?regionId=${japanId}`);
    expect(restored.body.find((p) => p.id === changed[0]!.id)?.price.toFixed(2)).toBe(before);
    expect(byId(restored.body)).toEqual(byId(shopBefore.body));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the owner's German wording of a plan reaches the shop in German only, and goes again with 'Use the composed texts'", async () => {
    const { page, errors } = await openRoute(browser, baseURL, `/admin/catalog?region=${japanId}`);
    type ShopPlan = { id: number; name: string };
    const plans = page.getByRole('table', { name: /^Plans of Japan/ });
    await plans.waitFor();
    const first = plans.getByRole('button', { name: /^Wording of / }).first();
    const planName = ((await first.getAttribute('aria-label')) ?? '').replace(/^Wording of /, '');
    await first.click();
    const dialog = page.getByRole('dialog', { name: `Wording of ${planName}` });
    await dialog.getByRole('combobox', { name: 'Language' }).selectOption('de');
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    // The composed German name is the placeholder: what the shop shows without the owner's words.
    expect(await name.getAttribute('placeholder')).toMatch(/Japan/);
    expect(await axeCheck(page), 'the wording dialog').toEqual([]);
    await name.fill('Tokio fürs Wochenende');
    await dialog.getByRole('button', { name: 'Save wording' }).click();
    await dialog.waitFor({ state: 'detached' });
    const inGerman = await page.evaluate(async (regionId) => {
      const res = await fetch(`/api/plans?regionId=${regionId}`, { headers: { 'Accept-Language': 'de' }, cache: 'no-store' });
      return (await res.json()) as ShopPlan[];
    }, japanId);
    const owned = inGerman.filter((p) => p.name === 'Tokio fürs Wochenende');
    expect(owned).toHaveLength(1);
    const inEnglish = await api<ShopPlan[]>(page, `/api/plans?regionId=${japanId}`);
    expect(inEnglish.body.find((p) => p.id === owned[0]!.id)?.name).not.toBe('Tokio fürs Wochenende');
    // The shop's German destination page names the plan with the owner's words.
    const shop = await browser.context.newPage();
    await shop.goto(new URL('/de/destinations/japan', baseURL).href);
    await shop.getByText('Tokio fürs Wochenende').first().waitFor();
    await shop.close();
    // Back to the composed texts, for the other tests on this server.
    await plans.getByRole('button', { name: `Wording of ${planName}` }).click();
    await dialog.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await dialog.getByRole('button', { name: 'Use the composed texts' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await page.evaluate(async (regionId) => {
      const res = await fetch(`/api/plans?regionId=${regionId}`, { headers: { 'Accept-Language': 'de' }, cache: 'no-store' });
      return (await res.json()) as ShopPlan[];
    }, japanId);
    expect(after.map((p) => p.name)).not.toContain('Tokio fürs Wochenende');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a rate of 0 with the message and keeps the rate', async () => {
    const { page } = await openRoute(browser, baseURL, '/admin/rates');
    await page.getByRole('button', { name: 'Edit the EUR rate' }).click();
    const field = page.getByRole('textbox', { name: 'Rate of EUR per 1 USD' });
    const before = await field.inputValue();
    await field.fill('0');
    await field.press('Enter');
    await page.getByText('A rate is a positive number of units per 1 USD, e.g. 0.92 (at most 6 decimals)').waitFor();
    await field.fill('0.9');
    await field.press('Enter');
    await page.getByText('EUR is now 0.9 per 1 USD').waitFor();
    const rates = await api<{ rates: Record<string, number> }>(page, '/api/exchange-rates');
    expect(JSON.stringify(rates.body)).toContain('0.9');
    // Put the rate back for the other browser tests on this server (their prices are converted with it).
    await page.getByRole('button', { name: 'Edit the EUR rate' }).click();
    await field.fill(before);
    await field.press('Enter');
    await page.getByText(`EUR is now ${before} per 1 USD`).waitFor();
    await page.close();
  });

  it("adjusts a customer's points with a reason the history shows", async () => {
    const { page } = await openRoute(browser, baseURL, `/admin/customers?q=${CUSTOMER.username}`);
    await page.getByRole('link', { name: CUSTOMER.username }).click();
    await page.getByRole('heading', { level: 1, name: CUSTOMER.username }).waitFor();
    await page.getByRole('textbox', { name: /^Points to add or remove/ }).fill('250');
    await page.getByRole('textbox', { name: /^Reason/ }).fill('Goodwill for the Osaka outage');
    await page.getByRole('button', { name: 'Adjust points' }).dblclick();
    await page.getByRole('table', { name: 'Points history' }).getByText('Goodwill for the Osaka outage').waitFor();
    expect(await page.getByRole('table', { name: 'Points history' }).getByText('Goodwill for the Osaka outage').count()).toBe(1);
    await page.close();
  });

  it('answers a contact message (its ticket, issue 30) and downloads the newsletter CSV', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/admin/support');
    await page.getByRole('button', { name: 'No data in Osaka' }).click();
    const ticket = page.getByRole('article', { name: 'No data in Osaka' });
    expect(await ticket.getByRole('link', { name: CUSTOMER.username }).getAttribute('href')).toBe(`/admin/customers/${customerId}`);
    await ticket.getByRole('textbox', { name: /^Answer/ }).fill('Please turn on data roaming.');
    await ticket.getByRole('button', { name: 'Send answer' }).click();
    await page.getByText('Waiting for customer (1)').waitFor();

    await page.getByRole('tab', { name: 'Newsletter' }).click();
    await page.getByText('news-reader@example.com').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('news-reader@example.com');
    expect(errors).toEqual([]);
    await page.close();
  });

  // One test per page: each has its own time budget (seven pages × two languages × two widths in
  // one test ran past any fixed limit on a loaded machine), and a failure names its page.
  it.each([
    ['catalog', 'admin-catalog'],
    ['/admin/customers', 'admin-customers'],
    ['customer', 'admin-customer'],
    ['/admin/rates', 'admin-rates'],
    ['/admin/rewards', 'admin-rewards'],
    ['/admin/support', 'admin-support'],
    ['/admin/support?tab=newsletter', 'admin-newsletter'],
  ])('%s passes axe at 1280 and 390 px, in English and right to left', async (which, name) => {
    const path = which === 'catalog' ? `/admin/catalog?region=${japanId}` : which === 'customer' ? `/admin/customers/${customerId}` : which;
    await auditPage(browser, baseURL, path, name, { widths: [1280, 390] });
  });
});
