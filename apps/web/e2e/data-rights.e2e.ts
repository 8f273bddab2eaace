// Issue 31, data rights in Chromium against the built server: register, download my data (the
// JSON and the readable summary), then delete the account: the password, the e-mailed link (it
// opens the profile, signed in), the account gone (it cannot sign in). Axe on the profile's 'Your
// data' section with the link's last step, in English at 1280 px and Arabic at 390 px.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser } from './audit.ts';
import { axeCheck, screenshot, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir } = await fileServer();
const stamp = Date.now().toString(36);
const USERNAME = `leaving${stamp}`;
const EMAIL = `leaving.${stamp}@example.com`;
const PASSWORD = 'a long goodbye passphrase';

describe('data rights', () => {
  // One profile for the file; each test starts with an empty localStorage (sharedBrowser: the
  // Arabic test stores 'ar' as the visitor's language, and /register would then open in Arabic)
  // and no cookies (each test registers its own account and starts signed out).
  const browser = sharedBrowser();
  afterEach(async () => {
    await browser.context.clearCookies();
  });

  /** Registers on the page `open('/register')` opened (one navigation: no second load racing the first). */
  async function register(page: Page, username: string, email: string) {
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }

  async function open(path: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    const { errors } = watchPage(page, baseURL);
    await page.goto(new URL(path, baseURL).href);
    return { page, errors };
  }

  /** The token of the newest deletion link the outbox holds for `email` (quoted-printable undone). */
  async function deletionToken(email: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      let files: string[] = [];
      try {
        files = readdirSync(outboxDir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse();
      } catch {
        // not created yet
      }
      for (const f of files) {
        const raw = readFileSync(join(outboxDir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (!raw.includes(`To: ${email}`)) continue;
        const token = raw.match(/account\/profile\?deleteAccount=([A-Za-z0-9_-]+)/)?.[1];
        if (token) return token;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no deletion e-mail to ${email} in ${outboxDir}`);
  }

  it('downloads the data, then deletes the account through the e-mailed link', async () => {
    const { page, errors } = await open('/register');
    await register(page, USERNAME, EMAIL);
    await page.goto(new URL('/account/profile', baseURL).href);
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download my data (JSON)' }).click(),
    ]);
    const data = JSON.parse(readFileSync((await json.path())!, 'utf8'));
    expect(data).toMatchObject({ format: 'esim-shop-data-export', account: { username: USERNAME, email: EMAIL } });
    expect(JSON.stringify(data)).not.toContain('password_hash');
    const [summary] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download a readable summary' }).click(),
    ]);
    expect(summary.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.html$/);
    expect(readFileSync((await summary.path())!, 'utf8')).toContain(EMAIL);

    expect(await axeCheck(page)).toEqual([]);
    await section.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect.poll(() => dialog.getByText('Enter your password to confirm.').count()).toBe(1);
    await dialog.getByLabel(/^Your password/).fill('not my password');
    await dialog.getByRole('button', { name: 'Send the confirmation link' }).click();
    await dialog.getByText('That password is not right.', { exact: false }).waitFor();
    await dialog.getByLabel(/^Your password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Send the confirmation link' }).click();
    await page.getByTestId('deletion-sent').waitFor();
    expect(await page.getByTestId('deletion-sent').innerText()).toContain(EMAIL);
    await screenshot(page, 'data-rights-profile-1280');

    const token = await deletionToken(EMAIL);
    await page.goto(new URL(`/account/profile?deleteAccount=${token}`, baseURL).href);
    const confirm = page.getByTestId('confirm-deletion');
    await confirm.waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'data-rights-confirm-en-1280');
    await confirm.getByRole('button', { name: 'Delete my account now' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Your account is deleted.' }).waitFor();
    // Signed out, and the account is gone.
    await page.goto(new URL('/login', baseURL).href);
    await page.getByLabel(/^Username/).fill(USERNAME);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page
      .getByText(/Incorrect username or password/)
      .first()
      .waitFor();
    expect(errors.filter((e) => !/\b(401|400)\b/.test(e))).toEqual([]);
    await page.close();
  });

  it("the link's last step in Arabic at 390 px: a link that does not work says why; axe", async () => {
    const { page } = await open('/register', 390);
    await register(page, `${USERNAME}ar`, `ar.${EMAIL}`);
    await page.goto(new URL('/ar/account/profile?deleteAccount=not-a-real-token-but-long-enough', baseURL).href);
    const confirm = page.getByTestId('confirm-deletion');
    await confirm.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeCheck(page)).toEqual([]);
    await confirm.getByRole('button').click();
    await confirm.getByRole('alert').waitFor();
    expect(await confirm.getByRole('alert').innerText()).toMatch(/link/);
    await screenshot(page, 'data-rights-confirm-ar-390');
    await page.close();
  });
});
