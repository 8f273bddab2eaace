// /rewards in Chromium: the guest's sign-in box (with a way back), the programme teaser, and the
// signed-in placeholder; axe and screenshots in English and Arabic.
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './audit.ts';
import { screenshot } from './browser.ts';
import { auditPage, openPage } from './content-helpers.ts';

const baseURL = inject('baseURL');

describe('rewards page', () => {
  const browser = sharedBrowser();

  it('asks a guest to sign in and comes back to /rewards afterwards', async () => {
    const { page, errors } = await openPage(browser, baseURL, '/rewards');
    await page.getByRole('heading', { level: 1, name: 'Traveler Rewards' }).waitFor();
    expect(await page.title()).toBe('Traveler Rewards | eSIM Shop');
    await page.getByRole('heading', { name: 'Sign in to access your rewards' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('Sign in or create an account to track your achievements, earn points and unlock exclusive benefits.');
    for (const level of ['Traveler', 'Silver', 'Gold', 'Platinum']) {
      expect(await page.getByRole('heading', { level: 3, name: level, exact: true }).count()).toBe(1);
    }
    const signIn = page.locator('main').getByRole('link', { name: 'Sign In', exact: true });
    expect(await signIn.getAttribute('href')).toBe('/login?redirect=%2Frewards');
    await signIn.click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/rewards');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a signed-in member the coming-soon dashboard', async () => {
    const { page, errors } = await openPage(browser, baseURL, '/rewards');
    await page.getByRole('heading', { name: 'Sign in to access your rewards' }).waitFor();
    const username = `rw${Date.now().toString(36)}`;
    const status = await page.evaluate(async (u) => {
      const res = await fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ username: u, email: `${u}@example.com`, password: 'correct-horse-battery', fullName: 'Rita Walker' }),
        credentials: 'include',
      });
      return res.status;
    }, username);
    expect(status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Your rewards dashboard is coming soon' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Welcome back, Rita Walker.');
    expect(await page.getByRole('heading', { name: 'Sign in to access your rewards' }).count()).toBe(0);
    await screenshot(page, 'rewards-signed-in-1280');
    expect(errors).toEqual([]);
    await page.close();
    await browser.context.clearCookies();
  });

  it('passes axe in English and Arabic; screenshots at 1280 and 375 px', async () => {
    await auditPage(browser, baseURL, '/rewards', 'rewards');
  });
});
