// A traveller's sign-in settings (issue 27) in Chromium against the built server, with Chromium's
// virtual authenticator (the DevTools WebAuthn domain: a platform authenticator that answers
// navigator.credentials as a phone's fingerprint reader would): on Profile Settings the traveller
// adds a passkey (the server checks the real attestation and stores the key), sees it listed and
// is given recovery codes once, then removes it; the sessions list names this device. Axe clean
// in English and Arabic, at 1280 and 390 px. Signing in (issue 27): with the passkey alone ('Sign in
// with a passkey', a discoverable credential), and with the password then a code from the app on
// the login page's second step (axe clean in English and Arabic).
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import arAccount from '../../../packages/i18n/locales/ar/account.json' with { type: 'json' };
import arAuth from '../../../packages/i18n/locales/ar/auth.json' with { type: 'json' };
import { sharedBrowser } from './audit.ts';
import { axeCheck, screenshot, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';
import { enrolTotpByApi, nextTotpCode } from './second-factor.ts';

const PASSWORD = 'correct horse battery staple';

// Each test registers a traveller from this one client: six, above the five an hour a client may
// register (REGISTRATIONS_PER_CLIENT); the multiplier leaves room (it does not touch sign-in throttling).
const { baseURL } = await fileServer({ RATE_LIMIT_MULTIPLIER: '3' });
const stamp = Date.now().toString(36);

/** A platform authenticator with user verification, answering without a prompt. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

describe("a traveller's sign-in settings", () => {
  const browser = sharedBrowser();

  /** A new traveller, signed in in this browser (the cookie the registration sets). */
  let travellers = 0;
  async function signUp(): Promise<string> {
    await browser.context.clearCookies();
    travellers += 1;
    const username = `keys${stamp}${travellers}`;
    const register = await browser.context.request.post(new URL('/api/auth/register', baseURL).href, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: new URL(baseURL).origin },
      data: { username, email: `${username}@example.com`, password: PASSWORD },
    });
    expect(register.status()).toBe(200);
    return username;
  }

  /** Signs this page's browser out (the server ends the session) and opens `path`. */
  async function signOutAndOpen(page: Page, path: string): Promise<void> {
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/auth/logout', { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return res.status;
    });
    expect(status).toBe(200);
    await page.goto(new URL(path, baseURL).href);
  }

  it('signs in with the passkey alone after signing out; a passkey the shop no longer knows is refused with a clear message', async () => {
    const username = await signUp();
    const page = await browser.context.newPage();
    const { errors } = watchPage(page, baseURL, { httpErrors: false });
    await virtualAuthenticator(page);
    await page.goto(new URL('/account/profile', baseURL).href);
    const security = page.getByRole('region', { name: 'Sign-in & security' });
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByLabel(/^Passkey name/).fill('Laptop');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByTestId('recovery-codes').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await security.getByText('Laptop').waitFor();

    // Signed out: no username, no password; the device offers its passkey for this shop.
    await signOutAndOpen(page, '/login?redirect=%2Faccount%2Fprofile');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/account/profile');
    await page.getByRole('link', { name: username }).first().waitFor();
    await security.getByText('Laptop').waitFor();
    // The passkey was the second factor too: removing it needs no step-up now.
    await security.getByRole('button', { name: 'Remove passkey Laptop' }).click();
    await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove' }).click();
    await security.getByText('You have no passkeys yet.').waitFor();

    // The device still holds the credential, the shop no longer: a clear refusal, still signed out.
    await signOutAndOpen(page, '/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This passkey is not registered here. Log in with your password, then add it under Profile Settings.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'login-passkey-unknown-1280');
    expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
    await page.close();
  });

  it("'Sign in with a passkey' fits a 320 px phone in its longest language (Spanish), wrapping its label", async () => {
    // Signed out (another test's traveller would be sent on from /login).
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(new URL('/es/login', baseURL).href);
    const button = page.getByRole('button', { name: 'Iniciar sesión con una llave de acceso' });
    await button.waitFor();
    const fits = await button.evaluate((el) => {
      const card = el.closest('.mantine-Paper-root')?.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const label = el.querySelector('.mantine-Button-label');
      return !!card && box.left >= card.left && box.right <= card.right && !!label && label.scrollWidth <= label.clientWidth;
    });
    expect(fits).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it('asks a traveller with an authenticator app for a code after the password (a wrong one is refused), then goes on to the page asked for', async () => {
    const username = await signUp();
    const page = await browser.context.newPage();
    await page.goto(new URL('/account/profile', baseURL).href);
    await page.getByRole('region', { name: 'Sign-in & security' }).waitFor();
    await enrolTotpByApi(page, username);

    await signOutAndOpen(page, '/login?redirect=%2Faccount%2Fprofile');
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // The second step, on the login page; the account answers nothing yet.
    await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const orders = await page.evaluate(async () => (await fetch('/api/orders')).status);
    expect(orders).toBe(403);
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'login-second-step-1280');

    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not valid. Please try again.').waitFor();
    await page.getByLabel('6-digit code').fill(await nextTotpCode(username));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/account/profile');
    await page.getByRole('link', { name: username }).first().waitFor();
    await page.getByRole('region', { name: 'Sign-in & security' }).waitFor();

    // In Arabic, at a phone's width: the same step, right to left, axe clean.
    await signOutAndOpen(page, '/ar/login');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByLabel(new RegExp(`^${arAuth.login.username}`)).fill(username);
    await page.getByLabel(new RegExp(`^${arAuth.login.password}`)).fill(PASSWORD);
    await page.getByRole('button', { name: arAuth.login.submit, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: arAuth.factors.promptTitle }).waitFor();
    await page.getByLabel(arAuth.factors.codeLabel).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'login-second-step-ar-390');
    // 'Log in with another account' ends the half session and shows the password form again.
    await page.getByRole('button', { name: arAuth.login.secondStepRestart }).click();
    await page.getByLabel(new RegExp(`^${arAuth.login.password}`)).waitFor();
    await page.close();
  });

  it('adds a passkey with the device, lists it, shows the recovery codes once, and removes it', async () => {
    await signUp();

    const page = await browser.context.newPage();
    const { errors } = watchPage(page, baseURL);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.goto(new URL('/account/profile', baseURL).href);
    const security = page.getByRole('region', { name: 'Sign-in & security' });
    await security.getByText('You have no passkeys yet.').waitFor();

    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByLabel(/^Passkey name/).fill('Test phone');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    // Recovery codes, shown once: ten of them.
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor({ timeout: 20_000 });
    const items = await codes.getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(10);
    expect(new Set(items).size).toBe(10);
    await page.keyboard.press('Escape');

    // The device holds the credential; the server lists it under its name.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await security.getByText('Test phone').waitFor();
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/trpc/factors.status', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return (await res.json()) as { result: { data: { json: { passkeys: { id: string; name: string }[] } } } };
    });
    expect(status.result.data.json.passkeys).toEqual([expect.objectContaining({ name: 'Test phone' })]);
    expect(status.result.data.json.passkeys[0]!.id).toBe(
      credentials[0]!.credentialId.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    );

    // The sessions list names this device.
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions.getByTestId('session').getByText('This device', { exact: true }).waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'profile-security-1280');

    // Removed after a confirmation (the passkey was given in this session: no step-up needed).
    await security.getByRole('button', { name: 'Remove passkey Test phone' }).click();
    await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove' }).click();
    await security.getByText('You have no passkeys yet.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const [lang, width] of [
    ['en', 390],
    ['ar', 390],
    ['ar', 1280],
  ] as const) {
    it(`the sections are axe clean (${lang}, ${width} px)`, async () => {
      await signUp();
      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(new URL(`${lang === 'ar' ? '/ar' : ''}/account/profile`, baseURL).href);
      const texts = lang === 'ar' ? arAccount : { security: { title: 'Sign-in & security', passkeys: { add: 'Add a passkey' } } };
      const security = page.getByRole('region', { name: texts.security.title });
      await security.getByRole('button', { name: texts.security.passkeys.add }).waitFor();
      await page.getByTestId('session').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The account menu's current entry is in view (on a phone the menu scrolls sideways).
      const inView = await page.evaluate(() => {
        const active = document.querySelector<HTMLElement>('nav [aria-current="page"][href$="/account/profile"]');
        const list = active?.closest('ul');
        if (!active || !list) return false;
        const a = active.getBoundingClientRect();
        const l = list.getBoundingClientRect();
        return a.left >= l.left - 1 && a.right <= l.right + 1;
      });
      expect(inView).toBe(true);
      expect(await axeCheck(page)).toEqual([]);
      await page.close();
    });
  }
});
