// The back office's support role in Chromium against the built server (issue 27): an owner made
// with the CLI makes a registered account 'support' (admin.customers.setRole); the support admin
// signs in at /login?from=admin and enrols its second factor; its menu has no catalogue, rates,
// rewards or audit log, and those pages say they are not part of its role (the server answers 403
// too); a customer's e-mail and phone are masked on the customer page until 'Reveal e-mail and
// phone', which, once the sign-in's factor is older than 5 minutes, asks for the second factor again
// (step-up) and then shows them. Axe on the customer page and the refused rates page, in English
// and Arabic.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditPage, sharedBrowser } from './audit.ts';
import { openPage, repoRoot } from './browser.ts';
import { giveSecondFactorByApi, nextTotpCode, passSecondFactorInPage } from './second-factor.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, databaseUrl } = await fileServer();
const stamp = Date.now().toString(36);
const OWNER = { username: `owner${stamp}`, email: `owner.${stamp}@example.com`, password: 'owner-pass-phrase-1' };
const SUPPORT = { username: `helper${stamp}`, email: `helper.${stamp}@example.com`, password: 'helper-pass-phrase-1' };
const TRAVELLER = {
  username: `trav${stamp}`,
  email: `bella.traveller.${stamp}@example.com`,
  password: 'correct horse battery staple',
  mobile: '+44 7700 900123',
};

interface Answer {
  status: number;
  body: unknown;
}

/** A JSON request from the page (its cookies), as the web app sends it. */
function send(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: b === undefined ? undefined : JSON.stringify(b),
        credentials: 'include',
        cache: 'no-store',
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    [method, path, body] as const,
  );
}

/** The test plays the clock: the sign-in's second factor becomes older than the 5 minutes a step-up allows. */
function ageSecondFactor(username: string): void {
  const requireServer = createRequire(join(repoRoot, 'apps/server/package.json'));
  const Database = requireServer('better-sqlite3') as new (
    file: string,
  ) => { prepare(sql: string): { run(...a: unknown[]): { changes: number } }; close(): void };
  const db = new Database(databaseUrl.replace(/^file:/, ''));
  try {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const { changes } = db
      .prepare(
        'UPDATE sessions SET second_factor_at = ? WHERE second_factor_at IS NOT NULL AND user_id = (SELECT id FROM users WHERE username = ?)',
      )
      .run(tenMinutesAgo, username);
    expect(changes).toBeGreaterThan(0);
  } finally {
    db.close();
  }
}

describe('back office: the support role', { shuffle: false }, () => {
  const browser = sharedBrowser();
  let page: Page;
  let errors: string[];
  let travellerId = 0;

  beforeAll(async () => {
    const made = spawnSync(
      process.execPath,
      [join(repoRoot, 'apps/server/dist/admin-cli.js'), '--username', OWNER.username, '--email', OWNER.email],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: OWNER.password }, encoding: 'utf8' },
    );
    expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);
    ({ page, errors } = await openPage(browser, baseURL, '/favicon.svg'));

    // A traveller with a phone number on the profile.
    const traveller = await send(page, 'POST', '/api/auth/register', TRAVELLER);
    expect(traveller.status).toBe(200);
    travellerId = (traveller.body as { id: number }).id;
    expect((await send(page, 'PATCH', '/api/users/profile', { mobile: TRAVELLER.mobile })).status).toBe(200);
    // The future support admin: an account like any other.
    await browser.context.clearCookies();
    const helper = await send(page, 'POST', '/api/auth/register', SUPPORT);
    expect(helper.status).toBe(200);
    const helperId = (helper.body as { id: number }).id;

    // The owner (second factor enrolled through tRPC, so the role change needs no step-up) makes it support.
    await browser.context.clearCookies();
    expect((await send(page, 'POST', '/api/auth/login', { username: OWNER.username, password: OWNER.password })).status).toBe(200);
    await giveSecondFactorByApi(page, OWNER.username);
    const role = await send(page, 'POST', '/api/trpc/admin.customers.setRole', { json: { userId: helperId, role: 'support' } });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    await browser.context.clearCookies();
  });

  afterAll(async () => {
    await page?.close();
  });

  it('signs in with its second factor; its menu and the server leave out the catalogue, rates, rewards and audit log', async () => {
    await page.goto(new URL('/login?from=admin', baseURL).href);
    await page.getByLabel(/^Username/).fill(SUPPORT.username);
    await page.getByLabel(/^Password/).fill(SUPPORT.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(await passSecondFactorInPage(page, SUPPORT.username)).toBe('enrolled');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Customers' }).waitFor();
    const links = (await nav.getByRole('link').allTextContents()).map((l) => l.trim());
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Orders', 'Customers', 'Support inbox', 'Operations']));
    for (const hidden of ['Catalogue', 'Exchange rates', 'Rewards', 'Audit log']) expect(links).not.toContain(hidden);

    for (const path of ['/admin/rates', '/admin/catalog']) {
      await page.goto(new URL(path, baseURL).href);
      await page.getByRole('heading', { level: 1, name: 'Not part of your role' }).waitFor();
      await page.getByText('Your back-office role (support) does not include this page.').waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
    }
    // The server refuses them whatever the page shows.
    for (const procedure of ['admin.rates.list', 'admin.catalog.regions']) {
      expect((await send(page, 'GET', `/api/trpc/${procedure}`)).status, procedure).toBe(403);
    }
    expect(errors.filter((e) => !/\b40[03]\b/.test(e))).toEqual([]);
  });

  it("sees the customer's e-mail and phone masked; 'Reveal' asks for the second factor again, then shows them", async () => {
    await page.goto(new URL(`/admin/customers/${travellerId}`, baseURL).href);
    await page.getByRole('heading', { level: 1, name: TRAVELLER.username }).waitFor();
    const fact = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    // domain/admin-roles.ts maskEmail and maskPhone: the first and last letters, the last two digits.
    expect((await fact('E-mail').textContent())?.trim()).toBe(`b•••${stamp.at(-1)}@e•••e.com`);
    expect((await fact('Mobile').textContent())?.trim()).toBe('•••••••••23');
    const html = await page.content();
    expect(html).not.toContain(TRAVELLER.email);
    expect(html).not.toContain('900123');
    await page.getByText('Shown masked for your role. Revealing them is recorded in the audit log.').waitFor();

    // More than 5 minutes after the sign-in's factor: revealing needs it again.
    ageSecondFactor(SUPPORT.username);
    await page.getByRole('button', { name: 'Reveal e-mail and phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    expect(await page.getByTestId('revealed-contact').count()).toBe(0);
    await dialog.getByLabel('6-digit code').fill(await nextTotpCode(SUPPORT.username));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Confirmed. Please make the change again.').first().waitFor();

    await page.getByRole('button', { name: 'Reveal e-mail and phone' }).click();
    const revealed = page.getByTestId('revealed-contact');
    await revealed.waitFor();
    expect(await revealed.textContent()).toContain(TRAVELLER.email);
    expect(await revealed.textContent()).toContain(TRAVELLER.mobile);
  });

  it('axe: the customer page (masked) and the refused rates page, in English and Arabic', async () => {
    await auditPage(browser, baseURL, `/admin/customers/${travellerId}`, 'admin-support-customer');
    await auditPage(browser, baseURL, '/admin/rates', 'admin-support-rates-refused');
  });
});
