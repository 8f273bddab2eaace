// The back office's second factor in Chromium against the built server (issue 27): an admin made
// with the CLI signs in with the password and meets the enrolment page (axe in English and Arabic);
// enrols an authenticator app (the test authenticator reads the key beside the QR code and computes
// codes with @oslojs/otp), keeps the recovery codes, reaches the dashboard; signs out, signs in again
// and is asked for a code (axe on the prompt in English and Arabic); a wrong code is refused, the
// right one opens the back office.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditPage, sharedBrowser } from './audit.ts';
import { openPage, repoRoot } from './browser.ts';
import { passSecondFactorInPage, recoveryCodesOf } from './second-factor.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, databaseUrl } = await fileServer();
const stamp = Date.now().toString(36);
const ADMIN = { username: `factor${stamp}`, email: `factor.${stamp}@example.com`, password: 'factor-pass-phrase-1' };
const ADMIN2 = { username: `second${stamp}`, email: `second.${stamp}@example.com`, password: 'second-pass-phrase-1' };

/** Signs in through the REST API (no page texts involved, so any language will do). */
async function apiSignIn(page: Page, who: { username: string; password: string }): Promise<void> {
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify(body),
      credentials: 'include',
    });
    return res.status;
  }, who);
  expect(status).toBe(200);
}

async function signIn(page: Page): Promise<void> {
  await page.goto(new URL('/login?from=admin', baseURL).href);
  await page.getByLabel(/^Username/).fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

describe('back office: second factor at sign-in', { shuffle: false }, () => {
  const browser = sharedBrowser();
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    for (const who of [ADMIN, ADMIN2]) {
      const made = spawnSync(
        process.execPath,
        [join(repoRoot, 'apps/server/dist/admin-cli.js'), '--username', who.username, '--email', who.email],
        { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: who.password }, encoding: 'utf8' },
      );
      expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);
    }
    ({ page, errors } = await openPage(browser, baseURL, '/login?from=admin'));
  });
  afterAll(async () => {
    await page?.close();
  });

  it('enrols an authenticator app at the first sign-in, then signs in again with a code', async () => {
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Set up a second factor' }).waitFor();
    expect(await passSecondFactorInPage(page, ADMIN.username)).toBe('enrolled');
    expect(recoveryCodesOf(ADMIN.username)).toHaveLength(10);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // Sign out (a new browser session), sign in again: the code prompt.
    await browser.context.clearCookies();
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor();
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not valid. Please try again.').waitFor();
    expect(await passSecondFactorInPage(page, ADMIN.username)).toBe('prompted');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(errors.filter((e) => !/\b400\b/.test(e))).toEqual([]);
  });

  it('axe: the enrolment page and the code prompt, in English and Arabic', async () => {
    // An admin without a factor (signed in through the API): the enrolment page.
    await browser.context.clearCookies();
    await apiSignIn(page, ADMIN2);
    await auditPage(browser, baseURL, '/admin', 'admin-factor-enrol');
    // The enrolled admin in a new session: the code prompt.
    await browser.context.clearCookies();
    await apiSignIn(page, ADMIN);
    await auditPage(browser, baseURL, '/admin', 'admin-factor-prompt');
  });
});
