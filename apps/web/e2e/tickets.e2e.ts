// Support tickets (issue 30) in Chromium against the built server: a guest's contact message
// becomes a ticket, the owner answers it in the back office, and the guest reads the answer and
// replies through the signed link of the e-mail (read from the server's .eml outbox); a signed-in
// traveller's ticket list in Arabic at 390 px; axe (and, with E2E_SCREENSHOTS=1, screenshots at
// 1280 and 390 px in English and Arabic) on every new view: the guest's ticket, the account's list
// and thread, the back office's inbox with a ticket open and its canned answers, the newsletter page.
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

const OWNER = { username: 'ticket_owner', email: 'ticket-owner@example.com', password: 'Owner-tickets-2026!' };
const TRAVELLER = { username: 'layla_t', email: 'layla@example.com', password: 'Layla-travels-2026!' };
const WIDTHS = { widths: [1280, 390] };

/** A same-origin JSON call from the page (the session cookie kept), as the shop's client makes it. */
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

/** The newest e-mail in the outbox to `to` whose text has `marker`, quoted-printable undone; then `pick` from it. */
async function fromOutbox(to: string, marker: string, pick: RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
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
      if (!raw.includes(`To: ${to}`) || !raw.includes(marker)) continue;
      const found = pick.exec(raw)?.[1];
      if (found) return found;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} with '${marker}' in ${outboxDir}`);
}

describe('support tickets', () => {
  const browser = sharedBrowser();

  beforeAll(() => {
    const made = spawnSync(
      process.execPath,
      [join(repoRoot, 'apps/server/dist/admin-cli.js'), '--username', OWNER.username, '--email', OWNER.email],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: OWNER.password }, encoding: 'utf8' },
    );
    expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);
  });

  it('a guest writes, the owner answers in the back office, the guest reads and replies through the link', async () => {
    // 1. The guest's contact message: a ticket number in the toast, an acknowledgement e-mail.
    // (The file's tests share one browser context: whoever another test signed in is signed out.)
    const { page, errors } = await openRoute(browser, baseURL, '/support');
    await api(page, '/api/auth/logout', {});
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const form = page.locator('#contact-form');
    await form.getByLabel(/^Name/).fill('Guest Traveller');
    await form.getByLabel(/^Email/).fill('guest-ticket@example.com');
    await form.getByLabel(/^Subject/).fill('No data in Lisbon');
    await form.getByLabel(/^Message/).fill('My eSIM is installed but there is no internet.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByText(/Your request number is (T-\d{6})\./);
    await toast.waitFor();
    const number = /T-\d{6}/.exec((await toast.textContent()) ?? '')![0];
    const ackToken = await fromOutbox('guest-ticket@example.com', number, /\/support\?ticket=([A-Za-z0-9._-]+)/);
    expect(ackToken).toMatch(/^\d+\.\d+\./);

    // 2. The owner answers from the back office's inbox.
    expect((await api(page, '/api/auth/login', { username: OWNER.username, password: OWNER.password })).status).toBe(200);
    await giveSecondFactorByApi(page, OWNER.username);
    await page.goto(new URL('/admin/support', baseURL).href);
    await page.getByRole('button', { name: 'No data in Lisbon' }).click();
    const ticket = page.getByRole('article', { name: 'No data in Lisbon' });
    await ticket.getByText('My eSIM is installed but there is no internet.').waitFor();
    await ticket.getByRole('combobox', { name: /^Canned answer/ }).selectOption({ label: 'Turn on data roaming' });
    const answer = ticket.getByRole('textbox', { name: /^Answer/ });
    expect(await answer.inputValue()).toContain('Data Roaming');
    await ticket.getByRole('button', { name: 'Send answer' }).click();
    await page.getByText('Waiting for customer (1)').waitFor();
    await auditPage(browser, baseURL, `/admin/support?ticket=${Number(number.slice(2))}`, 'tickets-admin-inbox', {
      ...WIDTHS,
      langs: ['en'],
    });
    await auditPage(browser, baseURL, '/admin/support?tab=canned', 'tickets-admin-canned', { ...WIDTHS, langs: ['en'] });
    expect((await api(page, '/api/auth/logout', {})).status).toBeLessThan(300);

    // 3. The guest opens the answer e-mail's link: the answer is there; they reply; the ticket opens again.
    const token = await fromOutbox('guest-ticket@example.com', 'Here is our answer', /\/support\?ticket=([A-Za-z0-9._-]+)/);
    await page.goto(new URL(`/support?ticket=${token}`, baseURL).href);
    const mine = page.locator('#your-ticket');
    await mine.getByRole('heading', { level: 2, name: 'No data in Lisbon' }).waitFor();
    await mine
      .getByText(/Data Roaming/)
      .first()
      .waitFor();
    expect(await mine.getByText('Waiting for you').count()).toBeGreaterThan(0);
    await mine.getByRole('textbox', { name: /^Your reply/ }).fill('Roaming was off. It works now, thank you!');
    await mine.getByRole('button', { name: 'Send reply' }).click();
    await mine.getByText('Roaming was off. It works now, thank you!').waitFor();
    await mine.getByRole('status').getByText('Your reply was added.', { exact: false }).waitFor();
    expect(await mine.locator('[data-status]').first().getAttribute('data-status')).toBe('open');
    expect(await axeCheck(page)).toEqual([]);
    // A link altered by one character is refused, and says so.
    await page.goto(new URL(`/support?ticket=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, baseURL).href);
    await page.locator('#your-ticket').getByText('This link is not valid. Open the newest e-mail about your request.').waitFor();
    expect(errors.filter((e) => !/ 404 |status of 404/.test(e))).toEqual([]);
    await auditPage(browser, baseURL, `/support?ticket=${token}`, 'tickets-guest', WIDTHS);
    await page.close();
  }, 240_000);

  it("a traveller's tickets in the account, in Arabic at 390 px; the dashboard tile counts them", async () => {
    const { page } = await openRoute(browser, baseURL, '/support');
    const registered = await api<{ id: number }>(page, '/api/auth/register', {
      username: TRAVELLER.username,
      email: TRAVELLER.email,
      password: TRAVELLER.password,
      confirmPassword: TRAVELLER.password,
      fullName: 'Layla Traveller',
    });
    expect(registered.status).toBeLessThan(300);
    // The contact form fills in the signed-in traveller's name and e-mail.
    await page.reload();
    const form = page.locator('#contact-form');
    await expect.poll(() => form.getByLabel(/^Name/).inputValue()).toBe('Layla Traveller');
    expect(await form.getByLabel(/^Email/).inputValue()).toBe(TRAVELLER.email);
    const sent = await api<{ ticketNumber: string }>(page, '/api/contact', {
      name: 'Layla',
      email: TRAVELLER.email,
      subject: 'Top-up not showing',
      message: 'I bought a top-up but the data did not change.',
    });
    expect(sent.status).toBe(200);
    await page.close();

    const ar = await openRoute(browser, baseURL, '/ar/account/tickets', { lang: 'ar', width: 390 });
    await ar.page.getByRole('heading', { level: 2, name: 'طلبات الدعم' }).waitFor();
    const row = ar.page.getByRole('row', { name: /Top-up not showing/ });
    await row.getByText('مفتوح').waitFor();
    expect(await ar.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeCheck(ar.page)).toEqual([]);
    await row.getByRole('link', { name: 'Top-up not showing' }).click();
    await ar.page.getByText('I bought a top-up but the data did not change.').waitFor();
    await ar.page.goto(new URL('/ar/account', baseURL).href);
    // The dashboard's 'Support Tickets' tile counts the tickets not yet solved (was a hard-coded 0).
    const tile = ar.page.getByText('تذاكر الدعم', { exact: true });
    await tile.waitFor({ timeout: 20_000 });
    await expect.poll(() => tile.evaluate((el) => el.nextElementSibling?.textContent), { timeout: 15_000 }).toBe('1');
    await ar.page.close();

    await auditPage(browser, baseURL, '/account/tickets', 'tickets-account-list', WIDTHS);
    await auditPage(browser, baseURL, `/account/tickets?number=${sent.body.ticketNumber}`, 'tickets-account-thread', WIDTHS);
  }, 240_000);

  it('the newsletter asks for confirmation by e-mail; the confirmation and unsubscribe pages pass axe', async () => {
    const { page } = await openRoute(browser, baseURL, '/blog');
    expect((await api(page, '/api/newsletter', { email: 'double-opt-in@example.com' })).status).toBe(200);
    const confirm = await fromOutbox('double-opt-in@example.com', 'newsletter', /\/blog\?newsletter=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/);
    const unsubscribe = await fromOutbox('double-opt-in@example.com', 'newsletter', /\/blog\?newsletter=(u\.[A-Za-z0-9_.-]+)/);
    await page.goto(new URL(`/blog?newsletter=${confirm}`, baseURL).href);
    await page.getByText('Your subscription is confirmed. Thank you!').waitFor();
    await page.goto(new URL(`/blog?newsletter=${unsubscribe}`, baseURL).href);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You have been unsubscribed.', { exact: false }).waitFor();
    await page.close();
    await auditPage(browser, baseURL, `/blog?newsletter=${unsubscribe}`, 'tickets-newsletter-unsubscribe', WIDTHS);
  }, 180_000);
});
