// A forgotten password, in Chromium against the built server: register, sign out, 'Forgot
// password?', the link from the outbox, a common password refused, a new password, sign in with it
// (the old one refused).
// Axe and screenshots of /forgot-password and /reset-password at 1280 and 390 px, English and Arabic.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser } from './audit.ts';
import { axeCheck, screenshot, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir } = await fileServer();
const stamp = Date.now().toString(36);
const USERNAME = `forgetful${stamp}`;
const EMAIL = `forgetful.${stamp}@example.com`;
const OLD_PASSWORD = 'my first passphrase';
const NEW_PASSWORD = 'a brand new passphrase';
const SENT = "If an account exists for that address, we've sent a link to reset the password. It expires in 30 minutes.";

describe('password reset', () => {
  // One profile for the file; each test starts with an empty localStorage (sharedBrowser: the
  // audit stores 'ar' as the visitor's language, and /register would then open in Arabic).
  const browser = sharedBrowser();

  async function open(path: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    const { errors } = watchPage(page, baseURL);
    await page.goto(new URL(path, baseURL).href);
    return { page, errors };
  }

  const header = (page: Page) => page.locator('header');
  const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });

  async function logIn(page: Page, username: string, password: string) {
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }

  /** The token of the newest reset link the outbox holds for `email` (quoted-printable undone). */
  async function resetToken(email: string, not: string[] = []): Promise<string> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      let files: string[] = [];
      try {
        files = readdirSync(outboxDir)
          .filter((f) => f.endsWith('.eml'))
          .sort();
      } catch {
        // not created yet
      }
      for (const f of files.reverse()) {
        const raw = readFileSync(join(outboxDir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (!raw.includes(`To: ${email}`)) continue;
        const token = raw.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
        if (token && !not.includes(token)) return token;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no password reset e-mail to ${email} in ${outboxDir}`);
  }

  it("registers, signs out, uses 'Forgot password?' and the e-mailed link, then signs in with the new password only", async () => {
    const { page, errors } = await open('/register');
    try {
      await page.getByLabel(/^Username/).fill(USERNAME);
      await page.getByLabel(/^Email/).fill(EMAIL);
      await page.getByLabel(/^Password/).fill(OLD_PASSWORD);
      await page.getByLabel(/^Confirm password/).fill(OLD_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await header(page).getByRole('link', { name: USERNAME, exact: true }).waitFor();

      // Sign out from the header menu.
      await header(page).getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await header(page).getByRole('link', { name: 'Login', exact: true }).waitFor();

      // /login → 'Forgot password?'
      await header(page).getByRole('link', { name: 'Login', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
      await screenshot(page, 'login-forgot-link-1280', false);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      expect(await page.title()).toContain('Forgot password');
      await page.getByLabel(/^Email or username/).fill(EMAIL.toUpperCase());
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
      expect(await page.getByRole('status').innerText()).toContain(SENT);

      const token = await resetToken(EMAIL);
      await page.goto(new URL(`/reset-password?token=${token}`, baseURL).href);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      // A password from the shipped common-password list (line 90,000) is refused on its field
      // (issue 27), and the link still works for another.
      await page.getByLabel(/^New password/).fill('03062002');
      await page.getByLabel(/^Confirm new password/).fill('03062002');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page
        .getByText('This password is too common: it appears on lists of passwords that are easy to guess or have leaked.')
        .waitFor();
      expect(await page.getByLabel(/^New password/).getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await toast(page, 'Password changed').waitFor();
      await page.waitForURL((url) => url.pathname === '/login');

      // The old password is refused, the new one signs in.
      await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
      await logIn(page, USERNAME, OLD_PASSWORD);
      await toast(page, 'Login failed').waitFor();
      await logIn(page, USERNAME, NEW_PASSWORD);
      await toast(page, 'Login successful').waitFor();
      await header(page).getByRole('link', { name: USERNAME, exact: true }).waitFor();

      // The link again: used.
      await page.goto(new URL(`/reset-password?token=${token}`, baseURL).href);
      await page.getByLabel(/^New password/).fill('yet another passphrase');
      await page.getByLabel(/^Confirm new password/).fill('yet another passphrase');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
      expect(await page.getByRole('alert').innerText()).toContain('This link has already been used.');

      // 401 (the wrong password) and 400 (the used link) are the expected answers.
      expect(errors.filter((e) => !/status of (401|400)/.test(e))).toEqual([]);
    } finally {
      // The tests share one browser context: leave it signed out whatever happened.
      await browser.context.clearCookies();
      await page.close();
    }
  });

  it('has no serious or critical axe violations on /forgot-password and /reset-password; screenshots at 1280 and 390 px, English and Arabic', async () => {
    const { page, errors } = await open('/forgot-password');
    try {
      for (const lang of ['en', 'ar'] as const) {
        await page.evaluate((l) => localStorage.setItem('preferredLanguage', l), lang);
        for (const path of ['/forgot-password', '/reset-password?token=e2e-screenshot-token-0123456789abcdef']) {
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.goto(new URL(path, baseURL).href);
          await page.locator('h1').waitFor();
          await page.locator('form input').first().waitFor();
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
            lang,
            lang === 'ar' ? 'rtl' : 'ltr',
          ]);
          expect(await axeCheck(page), `${lang} ${path}`).toEqual([]);
          // With the validation messages showing, too.
          await page.locator('form button[type="submit"]').click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
          expect(await axeCheck(page), `${lang} ${path} with errors`).toEqual([]);
          const name = `${path.startsWith('/forgot') ? 'forgot-password' : 'reset-password'}${lang === 'ar' ? '-rtl' : ''}`;
          await page.reload();
          await page.locator('form input').first().waitFor();
          await screenshot(page, `${name}-1280`);
          await page.setViewportSize({ width: 390, height: 900 });
          await screenshot(page, `${name}-390`);
        }
      }
      // The answer after a request, and a link that does not work (Arabic, phone width).
      await page.goto(new URL('/forgot-password', baseURL).href);
      await page.locator('form input').first().fill('nobody@example.com');
      await page.locator('form button[type="submit"]').click();
      await page.getByRole('status').waitFor();
      expect(await axeCheck(page)).toEqual([]);
      await screenshot(page, 'forgot-password-sent-rtl-390');
      await page.goto(new URL('/reset-password', baseURL).href);
      await page.getByRole('alert').waitFor();
      expect(await axeCheck(page)).toEqual([]);
      await screenshot(page, 'reset-password-missing-rtl-390');
      await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
