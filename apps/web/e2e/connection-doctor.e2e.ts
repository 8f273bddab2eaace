// The connection doctor (issue 30) in Chromium against the built server, on the guest's 'Manage your
// eSIM' page: two eSIMs bought as a guest with the demo card; the simulator CLI (as a provider would)
// installs and activates the first one, and installs the second one and uses all its data.
//  - English, 1280 px, the active eSIM: roaming is a phone setting the shop cannot see, so the doctor
//    asks: the traveller answers 'Still no internet' at the data line and at the roaming step (focus on
//    each new step's heading), then at the network and restart steps, and 'Still need help' opens a
//    ticket whose acknowledgement reaches the order's address.
//  - Arabic, 390 px, the used-up eSIM: the doctor starts with 'data used up' and its top-up button,
//    which closes the dialog and moves to the eSIM's top-ups.
// axe on the open dialog in both.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arDoctor from '../../../packages/i18n/locales/ar/doctor.json' with { type: 'json' };
import enDoctor from '../../../packages/i18n/locales/en/doctor.json' with { type: 'json' };
import { leaves, parseMime } from '../../../packages/api/test/providers/eml.ts';
import { sharedBrowser } from './audit.ts';
import { axeCheck, repoRoot, screenshot, waitFor, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir, databaseUrl } = await fileServer();
const stamp = Date.now().toString(36);

/** The outbox's messages to `email`, oldest first: their whole text (every part, decoded). */
function mailsTo(email: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(join(outboxDir, f), 'utf8'))
    .filter((raw) => raw.includes(email))
    .map((raw) =>
      leaves(parseMime(raw))
        .map((p) => p.body.toString('utf8'))
        .join('\n'),
    );
}

function linkToken(email: string): string | undefined {
  for (const text of mailsTo(email)) {
    const m = /esim-link\?token=([A-Za-z0-9_%-]+)/.exec(text);
    if (m) return decodeURIComponent(m[1]!);
  }
  return undefined;
}

/** `node apps/server/dist/cli.js esim simulate <iccid> …` beside the test's server. */
function simulate(iccid: string, ...action: string[]): string {
  const run = spawnSync(process.execPath, [join(repoRoot, 'apps/server/dist/cli.js'), 'esim', 'simulate', iccid, ...action], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: new URL(baseURL).port, NODE_ENV: 'production', LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  expect(run.status, `${action.join(' ')}: ${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout.trim();
}

/** A same-origin call from the page (the shop's own headers). */
async function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
        credentials: 'include',
        cache: 'no-store',
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as T };
    },
    [method, path, body] as const,
  );
}

interface LinkedEsim {
  iccid: string;
  status: string;
}

/** A guest's eSIM (Japan, demo card) → its link's token and ICCID. */
async function guestEsim(page: Page, planId: number, email: string): Promise<{ token: string; iccid: string }> {
  const intent = await call<{ paymentIntentId: string; clientSecret: string }>(page, 'POST', '/api/create-payment-intent', {
    planId,
    email,
  });
  expect(intent.status).toBe(200);
  const paid = await call<{ status: string }>(page, 'POST', '/api/demo-payments/confirm', {
    paymentIntentId: intent.body.paymentIntentId,
    clientSecret: intent.body.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  });
  expect(paid.body.status).toBe('succeeded');
  const token = await waitFor(() => linkToken(email), 30_000);
  const esim = await linked(page, token);
  return { token, iccid: esim.iccid };
}

async function linked(page: Page, token: string): Promise<LinkedEsim> {
  const input = encodeURIComponent(JSON.stringify({ json: { token } }));
  const res = await call<{ result: { data: { json: LinkedEsim } } }>(page, 'GET', `/api/trpc/esimLinks.get?input=${input}`);
  expect(res.status).toBe(200);
  return res.body.result.data.json;
}

async function openDoctor(page: Page) {
  await page.getByTestId('doctor-open').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('doctor-step').waitFor({ timeout: 20_000 });
  return dialog;
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('the connection doctor on the guest link page', () => {
  const browser = sharedBrowser({ viewport: { width: 1280, height: 900 } });

  it('en 1280: roaming off — still no internet at each step, then a ticket with the answers; ar 390: used up — the top-up', async () => {
    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
    const page = await browser.context.newPage();
    const watch = watchPage(page, baseURL);
    await page.goto(new URL('/support', baseURL).href);

    const activeEmail = `doctor.roaming.${stamp}@example.com`;
    const usedEmail = `doctor.used.${stamp}@example.com`;
    const active = await guestEsim(page, plans[0]!.id, activeEmail);
    const used = await guestEsim(page, plans[0]!.id, usedEmail);
    simulate(active.iccid, 'install');
    simulate(active.iccid, 'activate');
    simulate(used.iccid, 'install');
    simulate(used.iccid, 'use', '1024');
    await expect.poll(async () => (await linked(page, active.token)).status, { timeout: 20_000, interval: 200 }).toBe('active');
    await expect.poll(async () => (await linked(page, used.token)).status, { timeout: 20_000, interval: 200 }).toBe('depleted');

    // ── English, 1280 px: the active eSIM; roaming is asked, the traveller says it did not help.
    await page.goto(new URL(`/esim-link?token=${encodeURIComponent(active.token)}`, baseURL).href);
    let dialog = await openDoctor(page);
    expect(await dialog.getByRole('heading', { level: 2 }).innerText()).toBe(enDoctor.title);
    expect(await dialog.getByTestId('doctor-step').getAttribute('data-step')).toBe('dataLine');
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'doctor-en-1280', false);
    await dialog.getByRole('button', { name: enDoctor.notFixed }).click();
    await expect.poll(() => focusedText(page)).toBe(enDoctor.steps.roaming.title);
    expect(await dialog.getByTestId('doctor-taps').innerText()).toContain('Turn on Data Roaming.');
    // The simulator's plan has an APN to type: data line, roaming, APN, network, restart.
    expect(await dialog.getByTestId('doctor-live').innerText()).toBe(`Step 2 of 5: ${enDoctor.steps.roaming.title}`);
    await dialog.getByRole('button', { name: enDoctor.notFixed }).click();
    await expect.poll(() => focusedText(page)).toBe(enDoctor.steps.apn.title);
    expect(await dialog.getByTestId('doctor-apn').innerText()).not.toBe('');
    await dialog.getByRole('button', { name: enDoctor.notFixed }).click();
    await expect.poll(() => focusedText(page)).toBe(enDoctor.steps.network.title);
    await dialog.getByRole('button', { name: enDoctor.notFixed }).click();
    await expect.poll(() => focusedText(page)).toBe(enDoctor.steps.restart.title);
    await dialog.getByRole('button', { name: enDoctor.notFixed }).click();
    const end = dialog.getByTestId('doctor-end');
    await end.waitFor();
    expect(await end.getByTestId('doctor-answers').innerText()).toContain(`${enDoctor.steps.roaming.title}: ${enDoctor.answerNotFixed}`);
    expect(await axeCheck(page)).toEqual([]);
    const mailsBefore = mailsTo(activeEmail).length;
    await end.getByRole('button', { name: enDoctor.send }).click();
    const done = end.getByTestId('doctor-ticket');
    await done.waitFor({ timeout: 20_000 });
    const number = /T-\d{6}/.exec(await done.innerText())![0];
    // The acknowledgement goes to the order's address, with the ticket's number.
    const ack = await waitFor(
      () =>
        mailsTo(activeEmail)
          .slice(mailsBefore)
          .find((m) => m.includes(number)),
      20_000,
    );
    expect(ack).toContain(number);

    // ── Arabic, 390 px: the used-up eSIM; the doctor offers a top-up.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(new URL(`/ar/esim-link?token=${encodeURIComponent(used.token)}`, baseURL).href);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    dialog = await openDoctor(page);
    expect(await dialog.getByTestId('doctor-step').getAttribute('data-step')).toBe('usedUp');
    expect(await dialog.getByRole('heading', { level: 3 }).innerText()).toBe(arDoctor.steps.usedUp.title);
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'doctor-ar-390', false);
    await dialog.getByRole('button', { name: arDoctor.actions.topUp }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('esim-link-topup-heading');
    await page.getByTestId('topup-options').waitFor({ timeout: 20_000 });

    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
