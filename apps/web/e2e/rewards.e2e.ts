// /rewards in Chromium: the guest's sign-in box (with a way back) and the programme teaser; then a
// traveller's whole journey, in English and in Arabic: register, check in, see the points and the
// streak, open achievements, buy a plan and see the purchase points, spend points on a second
// purchase. Axe and screenshots of the signed-in page (each tab, both dialogs) at 1280 and 375 px.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { checkWidths, sharedBrowser } from './audit.ts';
import { axeCheck, repoRoot, screenshot } from './browser.ts';
import { auditPage, openPage } from './content-helpers.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();
const stamp = Date.now().toString(36);

type Lang = 'en' | 'ar';
type Texts = Record<string, unknown>;

/** A locale file of packages/i18n, so the Arabic run reads the same texts the app shows. */
function localeTexts(lang: Lang, ns: string): Texts {
  return JSON.parse(readFileSync(join(repoRoot, 'packages/i18n/locales', lang, `${ns}.json`), 'utf8')) as Texts;
}

/** The text at 'a.b.c' with {{placeholders}} filled ('{{count, number}}' takes `count` as given). */
function text(texts: Texts, path: string, values: Record<string, string | number> = {}): string {
  const value = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);
  if (typeof value !== 'string') throw new Error(`no text at ${path}`);
  return value.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The first whole number in a text, whatever the digits (Arabic-Indic too) and group separators. */
function num(value: string): number {
  const latin = value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  const match = /[+-]?\d[\d,\u066c\u00a0\u202f.]*/.exec(latin);
  if (!match) throw new Error(`no number in "${value}"`);
  return Number(match[0].replace(/[,\u066c\u00a0\u202f.]/g, ''));
}

interface Profile {
  totalPointsEarned: number;
  currentPoints: number;
  streakDays: number;
}

/** A same-origin JSON call from the page (its session cookie), as the spec's client makes it. */
async function api<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: b === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: b === undefined ? undefined : JSON.stringify(b),
        credentials: 'include',
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as never };
    },
    [path, body] as const,
  );
}

interface CreatedIntent {
  orderId: string;
  pointsUsed: number;
  pointsDiscountMinor: number;
  paidWithPoints: boolean;
}

/** The createIntent answer (superjson inside tRPC's envelope, batched or not). */
async function intentFrom(response: Response): Promise<CreatedIntent> {
  const body = (await response.json()) as unknown;
  const first = (Array.isArray(body) ? body[0] : body) as { result: { data: { json: CreatedIntent } } };
  return first.result.data.json;
}

describe('rewards page', () => {
  const browser = sharedBrowser();

  it('asks a guest to sign in and comes back to /rewards afterwards', async () => {
    const { page, errors } = await openPage(browser, baseURL, '/rewards');
    await page.getByRole('heading', { level: 1, name: 'Traveler Rewards' }).waitFor();
    expect(await page.title()).toBe('Traveler Rewards | eSIM Shop');
    await page.getByRole('heading', { name: 'Sign in to access your rewards' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('Sign in or create an account to track your achievements, earn points and unlock exclusive benefits.');
    for (const level of ['Traveler', 'Explorer', 'Globetrotter', 'Jetsetter']) {
      expect(await page.getByRole('heading', { level: 3, name: level, exact: true }).count()).toBe(1);
    }
    const signIn = page.locator('main').getByRole('link', { name: 'Sign In', exact: true });
    expect(await signIn.getAttribute('href')).toBe('/login?redirect=%2Frewards');
    await signIn.click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/rewards');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('passes axe in English and Arabic; screenshots at 1280 and 375 px', async () => {
    await auditPage(browser, baseURL, '/rewards', 'rewards');
  });
});

describe('a traveller earns and spends points', () => {
  const browser = sharedBrowser();
  let planId: number;
  let planMinor: number;
  beforeAll(async () => {
    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number; price: number }[];
    const cheapest = [...plans].sort((a, b) => a.price - b.price)[0]!;
    planId = cheapest.id;
    planMinor = Math.round(cheapest.price * 100);
  });
  afterEach(async () => {
    await browser.context.clearCookies();
  });

  const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).first();

  async function profileOf(page: Page): Promise<Profile> {
    const res = await api<Profile>(page, '/api/rewards/profile');
    expect(res.status).toBe(200);
    return res.body;
  }

  /**
   * The page's available points agree with the server's profile. An achievement can be granted
   * just after the page opened (its facts hold once the order is fulfilled, in the background):
   * the page then shows it on its next load, so reload until both agree. The agreed profile.
   */
  async function shownAgrees(page: Page): Promise<Profile> {
    let agreed: Profile | undefined;
    await expect
      .poll(
        async () => {
          const profile = await profileOf(page);
          const shown = num(await page.getByTestId('available-points').innerText());
          if (shown === profile.currentPoints) agreed = profile;
          else {
            await page.reload();
            await page.getByTestId('level-card').waitFor();
          }
          return shown === profile.currentPoints;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    return agreed!;
  }

  /** The card form, paid with 4242; resolves with the created intent once on the order-success page. */
  async function payByCard(page: Page): Promise<CreatedIntent> {
    await page.getByTestId('card-number').fill('4242 4242 4242 4242');
    await page.getByTestId('card-expiry').fill('12 / 34');
    await page.getByTestId('card-cvc').fill('123');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('payments.createIntent')),
      page.getByTestId('pay-button').click(),
    ]);
    const intent = await intentFrom(response);
    // Under the page's language prefix ('/ar/order-success/…' in Arabic).
    await page.waitForURL((url) => /^(\/[a-z]{2})?\/order-success\//.test(url.pathname));
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    return intent;
  }

  /** Each tab of the signed-in page: axe clean and screenshots at 1280 and 375 px. */
  async function auditTabs(page: Page, r: Texts, lang: Lang) {
    const suffix = lang === 'ar' ? '-rtl' : '';
    for (const tab of ['overview', 'achievements', 'checkIns', 'history'] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('tab', { name: text(r, `tabs.${tab}`) }).click();
      await checkWidths(page, `rewards-signed-in-${tab}${suffix}`, { label: `/rewards ${tab} (${lang})` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  for (const lang of ['en', 'ar'] as const) {
    it(`in ${lang === 'en' ? 'English' : 'Arabic'}: check in, achievements, purchase points, then points spent on a second purchase`, async () => {
      const r = localeTexts(lang, 'rewards');
      const username = `rw${lang}${stamp}`;
      const { page, errors } = await openPage(browser, baseURL, lang === 'en' ? '/register' : '/rewards', { lang });
      if (lang === 'en') {
        await page.getByLabel(/^Username/).fill(username);
        await page.getByLabel(/^Email/).fill(`${username}@example.com`);
        await page.getByLabel(/^Password/).fill('correct horse battery staple');
        await page.getByLabel(/^Confirm password/).fill('correct horse battery staple');
        await page.getByRole('button', { name: 'Create account' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.goto(new URL('/rewards', baseURL).href);
      } else {
        await page.getByRole('heading', { level: 1 }).waitFor();
        const res = await api(page, '/api/auth/register', {
          username,
          email: `${username}@example.com`,
          password: 'correct-horse-battery',
          fullName: 'رنا الحسن',
        });
        expect(res.status).toBe(200);
        await page.reload();
      }

      // A new traveller: the first level, nothing earned yet.
      const card = page.getByTestId('level-card');
      await card.waitFor();
      const traveler = text(r, 'catalog.levels.traveler.name');
      await card.getByRole('heading', { name: text(r, 'dashboard.levelName', { name: traveler }) }).waitFor();
      expect(num(await card.getByTestId('total-points').innerText())).toBe(0);
      expect(await card.getByText(text(r, 'dashboard.nextLevel', { name: text(r, 'catalog.levels.explorer.name') })).count()).toBe(1);
      await page.getByText(text(r, 'overview.noCheckIns')).waitFor();

      // Check in (Japan in English; the first country offered in Arabic).
      await card.getByRole('button', { name: text(r, 'dashboard.checkIn') }).click();
      const dialog = page.getByRole('dialog', { name: text(r, 'checkInDialog.title') });
      await dialog.waitFor();
      const submit = dialog.getByRole('button', { name: text(r, 'checkInDialog.submit'), exact: true });
      expect(await submit.isDisabled()).toBe(true);
      const region = dialog.getByTestId('region-select');
      await region.click();
      if (lang === 'en') {
        await region.fill('Japan');
        await page.getByRole('option', { name: 'Japan', exact: true }).click();
      } else {
        await region.press('ArrowDown');
        await region.press('Enter');
      }
      const regionName = await region.inputValue();
      expect(regionName).not.toBe('');
      await dialog.getByLabel(text(r, 'checkInDialog.location')).fill('  Shibuya  ');
      expect(await axeCheck(page), `check-in dialog (${lang})`).toEqual([]);
      await screenshot(page, `rewards-check-in-dialog${lang === 'ar' ? '-rtl' : ''}-1280`, false);
      await submit.click();
      await toast(page, text(r, 'toasts.checkInSuccess')).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The points and the streak, as the server counts them.
      const afterCheckIn = await profileOf(page);
      expect(afterCheckIn.totalPointsEarned).toBeGreaterThanOrEqual(10);
      expect(afterCheckIn.streakDays).toBe(1);
      await expect.poll(async () => num(await card.getByTestId('total-points').innerText())).toBe(afterCheckIn.totalPointsEarned);
      expect(num(await card.getByTestId('available-points').innerText())).toBe(afterCheckIn.currentPoints);
      expect(await card.getByTestId('streak').innerText()).toContain(text(r, 'dashboard.streakDays_one', { count: 1 }));
      const recent = page.getByRole('region', { name: text(r, 'overview.recentCheckIns') });
      await recent.getByText(regionName, { exact: true }).waitFor();
      expect(await recent.locator('bdi[dir="ltr"]').first().innerText()).toMatch(/^\+/);

      // Achievements: the first check-in is completed; another shows its progress and updates.
      await page.getByRole('tab', { name: text(r, 'tabs.achievements') }).click();
      await page.getByTestId('achievement-first_check_in').click();
      const done = page.getByRole('dialog', { name: text(r, 'catalog.achievements.first_check_in.name') });
      await done.getByText(text(r, 'achievements.completed'), { exact: true }).waitFor();
      expect(await done.getByRole('button', { name: text(r, 'achievementDialog.update') }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await done.waitFor({ state: 'hidden' });
      await page.getByTestId('achievement-ten_check_ins').click();
      const ten = page.getByRole('dialog', { name: text(r, 'catalog.achievements.ten_check_ins.name') });
      expect((await ten.getByTestId('dialog-progress').innerText()).replace(/\s/g, '')).toMatch(/^1\/10$/);
      expect(await axeCheck(page), `achievement dialog (${lang})`).toEqual([]);
      await screenshot(page, `rewards-achievement-dialog${lang === 'ar' ? '-rtl' : ''}-1280`, false);
      await ten.getByRole('button', { name: text(r, 'achievementDialog.update') }).click();
      await page
        .locator('.mantine-Notification-root')
        .filter({ hasText: new RegExp(`${text(r, 'toasts.progressUpdated')}|${text(r, 'toasts.progressUnchanged')}`) })
        .first()
        .waitFor();
      await page.keyboard.press('Escape');
      await ten.waitFor({ state: 'hidden' });

      await auditTabs(page, r, lang);

      // A first purchase by card (points offered but not used): points for the purchase.
      await page.goto(new URL(`/checkout/${planId}`, baseURL).href);
      await page.getByTestId('use-points').waitFor();
      await payByCard(page);
      const earned = page.getByTestId('order-points-earned');
      await earned.waitFor();
      const purchasePoints = num(await earned.innerText());
      expect(purchasePoints).toBeGreaterThan(0);
      if (lang === 'en') expect(await earned.innerText()).toBe(`You earned ${purchasePoints} points`);
      await page.getByRole('link', { name: text(r, 'checkout.viewRewards') }).click();
      await page.waitForURL((url) => url.pathname === (lang === 'en' ? '/rewards' : `/${lang}/rewards`));
      await page.getByRole('tab', { name: text(r, 'tabs.history') }).click();
      // The purchase's own entry (an achievement such as 'First purchase' names the word too).
      const purchase = page.locator('[data-testid="history-entry"][data-source="purchase"]');
      await purchase.first().waitFor();
      expect(await purchase.first().innerText()).toContain(text(r, 'history.sources.purchase'));
      expect(num(await purchase.first().locator('bdi').innerText())).toBe(purchasePoints);
      const beforeSpend = await shownAgrees(page);

      // A second purchase: 'Use my points', the card pays the rest.
      await page.goto(new URL(`/checkout/${planId}`, baseURL).href);
      const option = page.getByTestId('use-points');
      await option.waitFor();
      const fullPrice = await page.getByTestId('pay-button').innerText();
      await option.getByRole('checkbox', { name: text(r, 'checkout.usePoints') }).check();
      // The Pay button now asks for what is left after the points.
      await expect.poll(() => page.getByTestId('pay-button').innerText()).not.toBe(fullPrice);
      // The summary shows the points line and what the card pays: the Pay button's figure.
      const summary = page.getByTestId('checkout-plan');
      await summary.getByTestId('checkout-points-lines').waitFor();
      const toPay = (await summary.getByTestId('checkout-total').innerText()).trim();
      expect(await page.getByTestId('pay-button').innerText()).toContain(toPay);
      const subtotal = await summary.getByTestId('checkout-subtotal').innerText();
      const discount = await summary.getByTestId('checkout-points-discount').innerText();
      expect(num(subtotal) - num(discount)).toBe(num(toPay));
      const second = await payByCard(page);
      // All the points, as long as the card keeps the minimum charge (0.50 USD).
      expect(second.pointsUsed).toBe(Math.min(beforeSpend.currentPoints, planMinor - 50));
      expect(second.paidWithPoints).toBe(false);
      await page.getByTestId('order-points-used').waitFor();
      expect(num(await page.getByTestId('order-points-used').innerText())).toBe(second.pointsUsed);

      // The redemption in the history, and the balance after it.
      await page.goto(new URL('/rewards', baseURL).href);
      await page.getByTestId('level-card').waitFor();
      await shownAgrees(page);
      await page.getByRole('tab', { name: text(r, 'tabs.history') }).click();
      const redemption = page.locator('[data-testid="history-entry"][data-source="redemption"]');
      await redemption.first().waitFor();
      expect(num(await redemption.first().locator('bdi').innerText())).toBe(-second.pointsUsed);
      expect(await redemption.first().locator('[data-sign]').getAttribute('data-sign')).toBe('negative');

      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
