// What a new user does with an account, in Chromium against the built server: register, stay
// signed in across a reload, use the account area, edit the profile, log out, fail and pass a
// login, and get bounced from /account to /login and back. Axe and screenshots (en and ar).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkWidths, sharedBrowser } from './audit.ts';
import { axeCheck, openPage, screenshot } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir } = await fileServer();
const stamp = Date.now().toString(36);
const USERNAME = `ada${stamp}`;
const RENAMED = `globetrotter${stamp}`;
const EMAIL = `ada.${stamp}@example.com`;
const PASSWORD = 'correct horse battery staple';

describe('accounts', () => {
  const browser = sharedBrowser();
  const open = (path: string, width = 1280) => openPage(browser, baseURL, path, { width });

  const header = (page: Page) => page.locator('header');
  const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });

  async function logOut(page: Page) {
    await header(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  }

  async function logIn(page: Page, username: string, password: string) {
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }

  /** The token of the verification link the outbox holds for `email` (quoted-printable undone). */
  async function verificationToken(email: string): Promise<string> {
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
        const token = raw.match(/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
        if (token) return token;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no verification e-mail to ${email} in ${outboxDir}`);
  }

  /** A same-origin JSON call from the page, as the shop's client makes it (the session cookie kept). */
  function api<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    return page.evaluate(
      async ([p, b]) => {
        const res = await fetch(p as string, {
          method: b === undefined ? 'GET' : 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
          body: b === undefined ? undefined : JSON.stringify(b),
          credentials: 'include',
        });
        return { status: res.status, body: (await res.json()) as T };
      },
      [path, body] as const,
    );
  }

  /** Signed out, then a new account of this test's own, signed in (the tests share one browser context). */
  async function signUp(page: Page, username: string): Promise<void> {
    await browser.context.clearCookies();
    const res = await api(page, '/api/auth/register', { username, email: `${username}@example.com`, password: PASSWORD });
    expect(res.status).toBe(200);
  }

  it('asks a new account to confirm its e-mail, and the link from the e-mail confirms it', async () => {
    const name = `verify${stamp}`;
    const email = `verify.${stamp}@example.com`;
    await browser.context.clearCookies();
    const { page, errors } = await open('/register');
    try {
      await page.getByLabel(/^Username/).fill(name);
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByLabel(/^Confirm password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(new URL('/account', baseURL).href);
      await page.getByText(`We sent a link to ${email}.`, { exact: false }).waitFor();

      const token = await verificationToken(email);
      await page.goto(new URL(`/verify-email?token=${token}`, baseURL).href);
      await page.getByRole('heading', { level: 1, name: 'E-mail address confirmed' }).waitFor();
      await page.getByText(`Thank you: ${email} is confirmed.`).waitFor();
      await page.getByRole('link', { name: 'Go to my account' }).click();
      await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
      // The reminder goes once the refreshed session says the address is confirmed.
      await page.getByText('Confirm your e-mail address').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);

      // The same link again: the address is already confirmed, and says so (issue 26).
      await page.goto(new URL(`/verify-email?token=${token}`, baseURL).href);
      await page.getByRole('heading', { level: 1, name: 'Already confirmed' }).waitFor();
      expect(await page.getByRole('status').innerText()).toContain('was already confirmed with this link');
      // A link that never existed still does not work (the call's 400 is the expected answer).
      await page.goto(new URL('/verify-email?token=not-a-real-token', baseURL).href);
      await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    } finally {
      // The tests share one browser context: leave it signed out whatever happened.
      await browser.context.clearCookies();
      await page.close();
    }
  });

  it('registers, stays signed in, edits the profile, logs out, fails and passes a login, and is bounced from /account', async () => {
    await browser.context.clearCookies();
    const { page, errors } = await open('/register');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    expect(await page.title()).toContain('Create an account');

    // The spec's messages on an empty submit.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    expect(await page.getByText('Please enter a valid email address').count()).toBe(1);

    await page.getByLabel(/^Full name/).fill('Ada Traveller');
    await page.getByLabel(/^Username/).fill(USERNAME);
    await page.getByLabel(/^Email/).fill(EMAIL);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await toast(page, 'Registration successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    const userLink = header(page).getByRole('link', { name: USERNAME, exact: true });
    await userLink.waitFor();

    // The session survives a reload.
    await page.reload();
    await userLink.waitFor();
    expect(await header(page).getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);

    // The account area.
    await userLink.click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await page.getByRole('heading', { name: 'Welcome, Ada Traveller!' }).waitFor();
    await page.getByText('You have no orders yet').waitFor();
    expect(await page.title()).toContain('My Account');

    await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'eSIM Management' }).click();
    await page.getByText('No eSIMs yet').waitFor();

    // Edit the profile: a new username shows up in the header.
    await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Profile Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/account/profile');
    const username = page.getByLabel(/^Username/);
    await username.fill(RENAMED);
    await page.getByLabel(/^Travel preferences/).fill('Window seats, Japan in spring.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated').waitFor();
    await header(page).getByRole('link', { name: RENAMED, exact: true }).waitFor();
    await page.reload();
    await header(page).getByRole('link', { name: RENAMED, exact: true }).waitFor();
    expect(await page.getByLabel(/^Travel preferences/).inputValue()).toBe('Window seats, Japan in spring.');

    // Log out from the header menu: home, as a guest.
    await logOut(page);
    await page.waitForURL((url) => url.pathname === '/');
    await header(page).getByRole('link', { name: 'Login', exact: true }).waitFor();

    // Signed out, /account bounces to /login and comes back after the login.
    await page.goto(new URL('/account', baseURL).href);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();

    await logIn(page, RENAMED, 'not the password');
    const failed = toast(page, 'Login failed');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Incorrect username or password. Please try again.');

    await logIn(page, RENAMED, PASSWORD);
    await toast(page, 'Login successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await header(page).getByRole('link', { name: RENAMED, exact: true }).waitFor();

    // /admin is not for customers.
    await page.goto(new URL('/admin', baseURL).href);
    await page.getByRole('heading', { name: 'You are not allowed to view this page' }).waitFor();

    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await browser.context.clearCookies();
    await page.close();
  });

  it('has no serious or critical axe violations on /account; screenshots at 1280 and 375 px, English and Arabic', async () => {
    const { page, errors } = await open('/');
    await signUp(page, `audit${stamp}`);
    await page.goto(new URL('/account', baseURL).href);
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await page.getByText('You have no orders yet').waitFor();
    await checkWidths(page, 'account');

    await page.goto(new URL('/account/profile', baseURL).href);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await checkWidths(page, 'account-profile', { widths: [375] });

    await page.evaluate(() => localStorage.setItem('preferredLanguage', 'ar'));
    await page.goto(new URL('/account', baseURL).href);
    await page.locator('h1').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    // Texts are Arabic now: wait on structure (the order section without a loading placeholder).
    await page.locator('#dashboard-orders').waitFor();
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    await checkWidths(page, 'account-rtl', { widths: [375, 1280] });
    await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
    await browser.context.clearCookies();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no serious or critical axe violations on /login and /register; screenshots', async () => {
    // An account to sign in with on the phone below; signed out again, in English.
    const member = `drawer${stamp}`;
    const { page, errors } = await open('/');
    await signUp(page, member);
    await browser.context.clearCookies();
    await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
    await page.reload();
    await header(page).getByRole('link', { name: 'Login', exact: true }).waitFor();

    for (const [path, heading] of [
      ['/login', 'Welcome back'],
      ['/register', 'Create your account'],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(new URL(path, baseURL).href);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await axeCheck(page)).toEqual([]);
      // With the validation messages showing, too.
      await page.getByRole('button', { name: path === '/login' ? 'Login' : 'Create account', exact: true }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await checkWidths(page, path.slice(1));
    }

    await page.evaluate(() => localStorage.setItem('preferredLanguage', 'ar'));
    for (const path of ['/login', '/register']) {
      await page.goto(new URL(path, baseURL).href);
      await page.locator('h1').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await checkWidths(page, `${path.slice(1)}-rtl`, { widths: [375, 1280] });
    }
    await page.evaluate(() => localStorage.removeItem('preferredLanguage'));

    // The phone drawer shows the same account entries.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(new URL('/login', baseURL).href);
    await logIn(page, member, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: member, exact: true }).waitFor();
    const logout = drawer.getByRole('button', { name: 'Log out' });
    await logout.waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role=dialog] button')].some((b) => b.textContent === 'Log out' && !(b as HTMLButtonElement).disabled),
    );
    await screenshot(page, 'account-drawer-375', false);
    await drawer.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Login', exact: true }).waitFor();

    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await page.close();
  });
  it('shows the order history as a table on a computer and as cards on a phone, one at a time (en, ar)', async () => {
    const { page, errors } = await open('/');
    try {
      // A new account with one paid demo order, through the same calls the shop makes.
      const api = <T>(path: string, body?: unknown) =>
        page.evaluate(
          async ([p, b]) => {
            const res = await fetch(p as string, {
              method: b === undefined ? 'GET' : 'POST',
              headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
              body: b === undefined ? undefined : JSON.stringify(b),
              credentials: 'include',
            });
            return { status: res.status, body: (await res.json()) as T };
          },
          [path, body] as const,
        );
      const buyer = `orders${stamp}`;
      expect((await api('/api/auth/register', { username: buyer, email: `${buyer}@example.com`, password: PASSWORD })).status).toBe(200);
      const regions = await api<{ id: number; code: string }[]>('/api/regions');
      const japan = regions.body.find((r) => r.code === 'JP')!;
      const plans = await api<{ id: number }[]>(`/api/plans?regionId=${japan.id}`);
      const intent = await api<{ orderId: string; paymentIntentId: string; clientSecret: string }>('/api/create-payment-intent', {
        planId: plans.body[0]!.id,
      });
      expect(intent.status).toBe(200);
      const paid = await api<{ status: string }>('/api/demo-payments/confirm', {
        paymentIntentId: intent.body.paymentIntentId,
        clientSecret: intent.body.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      });
      expect(paid.body.status).toBe('succeeded');
      const orderId = intent.body.orderId;
      const main = page.locator('main');
      // The order's buttons are named with its number in every language.
      const inRows = main.getByRole('row').getByRole('button', { name: new RegExp(orderId) });
      const inCards = main.getByRole('listitem').getByRole('button', { name: new RegExp(orderId) });

      for (const lang of ['en', 'ar'] as const) {
        await page.evaluate((l) => localStorage.setItem('preferredLanguage', l), lang);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(new URL('/account/orders', baseURL).href);
        await inRows.first().waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        // A computer: the table, and no cards in the accessibility tree.
        expect(await main.getByRole('table').count()).toBe(1);
        expect(await inCards.count()).toBe(0);

        // A phone: the cards, and no table; the card holds the order's facts and buttons.
        await page.setViewportSize({ width: 360, height: 800 });
        await inCards.first().waitFor();
        expect(await main.getByRole('table').count()).toBe(0);
        expect(await inRows.count()).toBe(0);
        const card = main.getByRole('listitem').filter({ hasText: orderId });
        expect(await card.getByRole('heading', { level: 3 }).innerText()).not.toBe('');
        expect(await card.locator('[data-status-color]').count()).toBe(1);
        await checkWidths(page, lang === 'ar' ? 'account-orders-rtl' : 'account-orders', { widths: [360, 1280] });
      }

      // The card's 'view details' opens the order's receipt, as the row's does.
      await page.evaluate(() => localStorage.setItem('preferredLanguage', 'en'));
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(new URL('/account/orders', baseURL).href);
      await main
        .getByRole('listitem')
        .getByRole('button', { name: `View details of order ${orderId}` })
        .click();
      await page.waitForURL((url) => url.pathname === `/account/orders/${orderId}/receipt`);
      await page.getByTestId('receipt-items').waitFor();
      expect(await page.getByTestId('receipt-items').innerText()).toContain('Japan');
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.removeItem('preferredLanguage')).catch(() => undefined);
      // The tests share one browser context: leave it signed out whatever happened.
      await browser.context.clearCookies();
      await page.close();
    }
  });
});
