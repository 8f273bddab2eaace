// The live chat (issue 30) in Chromium against the built server, in TWO browser contexts: a
// traveller on /support and an agent (an owner made with the CLI) on the back office's 'Live chat'
// tab. While the agent's view is open the badge says 'Available 24/7'; the traveller's message
// reaches the agent and the agent's answer appears live in the traveller's window (server-sent
// events), in English and in Arabic (right to left). With the agent gone and a 5-second answer
// timeout, the unanswered chat asks the guest for an e-mail and becomes a ticket (its
// acknowledgement e-mail in the outbox). Axe on the chat window and on the agent's view.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser } from './audit.ts';
import { axeCheck, launchBrowser, openRoute, repoRoot, type Browser } from './browser.ts';
import { giveSecondFactorByApi } from './second-factor.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, databaseUrl, outboxDir } = await fileServer();
const OWNER = { username: 'chat_owner', email: 'chat-owner@example.com', password: 'Owner-chat-2026!' };

/** A tRPC mutation from the page (its cookies), in superjson's envelope. */
async function mutate(page: Page, path: string, input: unknown): Promise<number> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(`/api/trpc/${p}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ json: b }),
        credentials: 'include',
      });
      return res.status;
    },
    [path, input] as const,
  );
}

describe('live chat: a traveller and an agent', { shuffle: false }, () => {
  const traveller = sharedBrowser();
  let agentBrowser: Browser;
  let agent: Page;

  beforeAll(async () => {
    const made = spawnSync(
      process.execPath,
      [join(repoRoot, 'apps/server/dist/admin-cli.js'), '--username', OWNER.username, '--email', OWNER.email],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: OWNER.password }, encoding: 'utf8' },
    );
    expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);
    // The agent: a browser context of its own, signed in with the second factor given.
    agentBrowser = await launchBrowser();
    agent = await agentBrowser.context.newPage();
    await agent.goto(new URL('/favicon.svg', baseURL).href);
    const login = await agent.evaluate(
      async (o) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
            body: JSON.stringify(o),
            credentials: 'include',
          })
        ).status,
      { username: OWNER.username, password: OWNER.password },
    );
    expect(login).toBe(200);
    await giveSecondFactorByApi(agent, OWNER.username);
  }, 120_000);
  afterAll(async () => {
    await agentBrowser?.close();
  });

  async function chatBothWays(lang: 'en' | 'ar', words: { start: RegExp; input: RegExp; badge: string; question: string; answer: string }) {
    // The agent's view is open: the agent is online.
    await agent.goto(new URL('/admin/support?tab=chat', baseURL).href);
    await agent.getByRole('heading', { name: 'Open chats' }).waitFor();
    const { page, errors } = await openRoute(traveller, baseURL, '/support#live-chat', { lang });
    const block = page.locator('#live-chat');
    await block.getByText(words.badge, { exact: true }).waitFor();
    const opener = block.getByRole('button', { name: words.start });
    await opener.click();
    const box = block.getByRole('textbox', { name: words.input });
    await box.waitFor();
    // Focus moved into the window; Enter sends.
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill(words.question);
    await box.press('Enter');
    await block.getByRole('list').getByText(words.question).waitFor();

    // The agent: the chat appears in the list (polled), its thread over SSE, the answer sent.
    await agent.getByRole('button', { name: new RegExp(words.question.slice(0, 12)) }).click();
    const thread = agent.getByRole('region', { name: /^Chat #\d+$/ });
    await thread.getByRole('list').getByText(words.question).waitFor();
    await thread.getByRole('textbox', { name: 'Your answer' }).fill(words.answer);
    await thread.getByRole('button', { name: 'Send answer' }).click();

    // The traveller sees it live, without reloading; it is announced in the live region.
    await block.getByRole('list').getByText(words.answer).waitFor({ timeout: 10_000 });
    expect(await page.locator('[aria-live="polite"]').filter({ hasText: words.answer }).count()).toBeGreaterThan(0);
    if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeCheck(page)).toEqual([]);
    expect(await axeCheck(agent)).toEqual([]);
    // Escape closes the window and gives focus back to its opener.
    await box.press('Escape');
    await opener.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'BUTTON');
    expect(errors).toEqual([]);
    await page.close();
  }

  it('in English: the badge, the message to the agent, the answer live', async () => {
    await chatBothWays('en', {
      start: /^Start chat$/,
      input: /^Your message/,
      badge: 'Available 24/7',
      question: 'Hello, my eSIM shows no data in Lisbon',
      answer: 'Hi! Please turn on data roaming for the eSIM line.',
    });
  }, 120_000);

  it('in Arabic (right to left): the same, both ways', async () => {
    await chatBothWays('ar', {
      start: /^ابدأ المحادثة$/,
      input: /^رسالتك/,
      badge: 'متاحة على مدار الساعة 24/7',
      question: 'مرحبًا، لا يوجد إنترنت في دبي',
      answer: 'Hello! Is data roaming on? / هل تجوال البيانات مفعّل؟',
    });
  }, 120_000);

  it("in the account at 390 px: a signed-in traveller's chat, bound to the account, answered live", async () => {
    await agent.goto(new URL('/admin/support?tab=chat', baseURL).href);
    await agent.getByRole('heading', { name: 'Open chats' }).waitFor();
    const { page, errors } = await openRoute(traveller, baseURL, '/support', { width: 390 });
    const registered = await page.evaluate(
      async (o) =>
        (
          await fetch('/api/auth/register', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
            body: JSON.stringify(o),
            credentials: 'include',
          })
        ).status,
      {
        username: 'chat_nadia',
        email: 'nadia@example.com',
        password: 'Nadia-travels-2026!',
        confirmPassword: 'Nadia-travels-2026!',
        fullName: 'Nadia Traveller',
      },
    );
    expect(registered).toBeLessThan(300);
    await page.goto(new URL('/account/tickets', baseURL).href);
    const section = page.getByRole('region', { name: 'Live chat' }).first();
    await section.getByRole('button', { name: 'Start chat' }).click();
    const box = page.getByRole('textbox', { name: /^Your message/ });
    await box.fill('Signed in: my top-up is missing');
    await box.press('Enter');
    await agent.getByRole('button', { name: /Nadia Traveller/ }).click();
    const thread = agent.getByRole('region', { name: /^Chat #\d+$/ });
    await thread.getByRole('list').getByText('Signed in: my top-up is missing').waitFor();
    await thread.getByRole('textbox', { name: 'Your answer' }).fill('Found it: the top-up is applied now.');
    await thread.getByRole('button', { name: 'Send answer' }).click();
    await page.getByRole('list', { name: 'Chat messages' }).getByText('Found it: the top-up is applied now.').waitFor({ timeout: 10_000 });
    // The agent closes the chat: the traveller is told, the message box goes.
    await thread.getByRole('button', { name: 'Close chat' }).click();
    await page
      .getByRole('list', { name: 'Chat messages' })
      .getByText(/This chat was closed/)
      .waitFor({ timeout: 10_000 });
    await page.getByRole('textbox', { name: /^Your message/ }).waitFor({ state: 'detached' });
    // The chat is the account's: no guest token was kept in the browser.
    expect(await page.evaluate(() => localStorage.getItem('esim-chat-token'))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeCheck(page)).toEqual([]);
    await page.evaluate(() =>
      fetch('/api/auth/logout', {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        body: '{}',
        credentials: 'include',
      }),
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('unanswered: the guest is asked for an e-mail and the chat becomes a ticket answered by e-mail', async () => {
    // The owner sets a 5-second timeout; then the agent leaves (their heartbeat stops).
    expect(
      await mutate(agent, 'admin.chat.saveSettings', {
        hours: { alwaysOpen: true, timeZone: 'UTC', days: [], open: '09:00', close: '18:00' },
        answerTimeoutMs: 5000,
      }),
    ).toBe(200);
    await agent.goto(new URL('/favicon.svg', baseURL).href);

    const { page, errors } = await openRoute(traveller, baseURL, '/support#live-chat');
    const block = page.locator('#live-chat');
    await block.getByRole('button', { name: 'Start chat' }).click();
    const box = block.getByRole('textbox', { name: /^Your message/ });
    await box.fill('Is anyone there? My eSIM will not activate.');
    await box.press('Enter');
    // The server's sweep (every 5 s) finds it past the timeout: the e-mail question, focused.
    const email = block.getByRole('textbox', { name: /^Your e-mail/ });
    await email.waitFor({ timeout: 30_000 });
    await block
      .getByRole('list')
      .getByText(/Leave your e-mail and we will answer/)
      .waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await email.fill('chat-guest@example.com');
    await block.getByRole('button', { name: 'Answer me by e-mail' }).click();
    const note = block.getByRole('list').getByText(/your chat is now ticket T-\d{6}/);
    await note.waitFor();
    const number = /T-\d{6}/.exec((await note.textContent()) ?? '')![0];
    // The acknowledgement e-mail with the ticket's number.
    const deadline = Date.now() + 20_000;
    let found = false;
    while (!found && Date.now() < deadline) {
      let files: string[] = [];
      try {
        files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
      } catch {
        // not created yet
      }
      for (const f of files) {
        const raw = readFileSync(join(outboxDir, f), 'utf8');
        if (raw.includes('To: chat-guest@example.com') && raw.includes(number)) found = true;
      }
      if (!found) await new Promise((r) => setTimeout(r, 200));
    }
    expect(found).toBe(true);
    expect(await axeCheck(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
