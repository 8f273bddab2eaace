// After the purchase, the whole flow in Chromium against the built server (service worker
// allowed, as a traveller has it): a traveller buys an eSIM with the demo card; the simulator CLI
// (`cli.js esim simulate`, as a provider would: a signed webhook) installs it and uses 820 MB of
// its 1 GB; /account/esim/{iccid} shows the usage bar at 80% and the 80% alert e-mail is in the
// outbox. A top-up through the same checkout makes the total grow; a second eSIM bought and
// refunded reads 'refunded' with a refund e-mail. Axe on each new page in English and Arabic.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkWidths, sharedBrowser } from './audit.ts';
import { openPage, repoRoot, waitFor } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir, databaseUrl } = await fileServer();
const stamp = Date.now().toString(36);
const email = `traveller.${stamp}@example.com`;

interface UsageView {
  usedMb: number;
  totalMb: number | null;
  percent: number | null;
}
interface EsimSummary {
  iccid: string;
  orderId: string;
  status: string;
  usage: UsageView;
}
interface OrderSummary {
  id: string;
  status: string;
  orderStatus: string;
}
interface EsimDetail extends EsimSummary {
  packages: { kind: string; state: string; dataMb: number | null }[];
}

/** A same-origin GET from the page (its session cookie): the spec's REST paths. */
async function getJson<T>(page: Page, path: string): Promise<T> {
  const { status, body } = await page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'include', cache: 'no-store' });
    return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
  }, path);
  if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${JSON.stringify(body)}`);
  return body as T;
}

/** `node apps/server/dist/cli.js esim simulate <iccid> …` beside the test's server; its one line. */
function simulate(iccid: string, ...action: string[]): string {
  const run = spawnSync(process.execPath, [join(repoRoot, 'apps/server/dist/cli.js'), 'esim', 'simulate', iccid, ...action], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: new URL(baseURL).port, NODE_ENV: 'production', LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  expect(run.status, `${action.join(' ')}: ${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout.trim();
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header, decoded and joined. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

interface Mail {
  to: string;
  subject: string;
}

/** Every e-mail in the outbox: its recipient and decoded subject. */
function outbox(): Mail[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((f) => {
    const raw = readFileSync(join(outboxDir, f), 'utf8');
    const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1] ?? '';
    return { to: header('To'), subject: decodeHeader(header('Subject')) };
  });
}

/** The traveller's e-mails whose subject matches. */
const mailsTo = (subject: RegExp) => outbox().filter((m) => m.to.includes(email) && subject.test(m.subject));

describe('after the purchase: usage, alerts, top-up, refund', () => {
  const browser = sharedBrowser({ serviceWorkers: 'allow' });
  let page: Page;
  let errors: string[];
  let planId: number;
  let first: EsimSummary;

  /** Demo checkout of `path` (a plan, or a top-up) with the card that pays; waits for the success page. */
  async function pay(path: string): Promise<void> {
    await page.goto(new URL(path, baseURL).href);
    await page.getByTestId('account-email').getByText(email).waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/order-success/'));
  }

  /**
   * Another Japan eSIM of the traveller's own, bought through the calls the shop's checkout makes
   * (demo card), and, with `useMb`, installed and used that much through the simulator: what a test
   * starts from, so it needs no other test's eSIM.
   */
  async function buyEsim(useMb?: number): Promise<EsimSummary> {
    const had = new Set((await getJson<EsimSummary[]>(page, '/api/esims')).map((e) => e.iccid));
    const post = <T>(path: string, body: unknown) =>
      page.evaluate(
        async ([p, b]) => {
          const res = await fetch(p as string, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
            body: JSON.stringify(b),
            credentials: 'include',
          });
          return { status: res.status, body: (await res.json()) as T };
        },
        [path, body] as const,
      );
    const intent = await post<{ paymentIntentId: string; clientSecret: string }>('/api/create-payment-intent', { planId });
    expect(intent.status).toBe(200);
    const paid = await post<{ status: string }>('/api/demo-payments/confirm', {
      paymentIntentId: intent.body.paymentIntentId,
      clientSecret: intent.body.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(paid.body.status).toBe('succeeded');
    let esim: EsimSummary | undefined;
    await expect
      .poll(
        async () => {
          esim = (await getJson<EsimSummary[]>(page, '/api/esims')).find((e) => !had.has(e.iccid));
          return esim !== undefined;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    if (useMb !== undefined) {
      expect(simulate(esim!.iccid, 'install')).toMatch(/delivered/);
      expect(simulate(esim!.iccid, 'use', String(useMb))).toMatch(new RegExp(`${useMb} MB`));
      await expect
        .poll(async () => (await getJson<EsimSummary[]>(page, '/api/esims')).find((e) => e.iccid === esim!.iccid)?.usage.usedMb, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(useMb);
    }
    return (await getJson<EsimSummary[]>(page, '/api/esims')).find((e) => e.iccid === esim!.iccid)!;
  }

  /** The usage bar on an eSIM page: its percentage and its label. */
  async function usageBar(): Promise<{ percent: number; label: string }> {
    // At 0% the bar's filled part has no width: attached, not visible.
    const bar = page.getByTestId('usage').getByRole('progressbar');
    await bar.waitFor({ state: 'attached' });
    return { percent: Number(await bar.getAttribute('aria-valuenow')), label: (await bar.getAttribute('aria-label')) ?? '' };
  }

  beforeAll(async () => {
    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number; dataAmount?: string }[];
    planId = plans[0]!.id;

    ({ page, errors } = await openPage(browser, baseURL, '/register'));
    await page.getByLabel(/^Username/).fill(`traveller${stamp}`);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('correct horse battery staple');
    await page.getByLabel(/^Confirm password/).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await pay(`/checkout/${planId}`);
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    const esims = await getJson<EsimSummary[]>(page, '/api/esims');
    expect(esims).toHaveLength(1);
    first = esims[0]!;
    expect(first.usage).toMatchObject({ usedMb: 0, totalMb: 1024 });
  });

  afterAll(async () => {
    await page?.close();
  });

  it('installs and uses data through the simulator: the usage bar reaches 80% and the 80% alert is e-mailed', async () => {
    // The file's tests share this page: the axe test may have left it at phone width.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(new URL('/account/esim', baseURL).href);
    const card = page.getByRole('article').filter({ hasText: first.iccid });
    await card.getByText('Ready to install').waitFor();
    await card.getByRole('link', { name: /View eSIM/ }).click();
    await page.waitForURL((url) => url.pathname === `/account/esim/${first.iccid}`);
    // The eSIM's own page, not the list it came from (whose cards have usage bars too, one per eSIM
    // the file's other tests bought): not installed yet, it opens with the install details.
    await page.getByTestId('esim-install').waitFor();
    expect((await usageBar()).percent).toBe(0);

    expect(simulate(first.iccid, 'install')).toMatch(/delivered/);
    expect(simulate(first.iccid, 'use', '820')).toMatch(/820 MB/);

    // The page shows what the server knows when it loads: reload until the event is in.
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await usageBar()).percent;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(80);
    const bar = await usageBar();
    expect(bar.percent).toBe(80);
    expect(bar.label).toMatch(/^820 MB of 1 GB used \(80\s?%\)$/);
    await page.getByTestId('days-left').waitFor();
    expect(await page.getByText('Active', { exact: true }).count()).toBeGreaterThan(0);

    // The 80% alert, once, in the outbox (the 50% one went out too: both thresholds were crossed).
    const alert = await waitFor(() => {
      const m = mailsTo(/80\s?%/);
      return m.length > 0 ? m : undefined;
    }, 30_000);
    expect(alert).toHaveLength(1);
    expect(alert[0]!.subject).toMatch(/^You've used 80\s?% of your .+ data$/);
  });

  it('tops up the same eSIM through the checkout and sees the total grow', async () => {
    // An eSIM of this test's own, 300 MB used (below the usage alerts the test above counts).
    const before = await buyEsim(300);
    const count = (await getJson<EsimSummary[]>(page, '/api/esims')).length;
    await page.goto(new URL(`/account/esim/${before.iccid}`, baseURL).href);
    const offer = page.getByTestId('topup-options').getByRole('article').first();
    await offer.waitFor();
    const buy = offer.getByRole('link', { name: /^Top up – / });
    const href = (await buy.getAttribute('href'))!;
    expect(href).toContain(`topUp=${before.iccid}`);
    await pay(href);
    await page.getByTestId('topup-done').waitFor({ timeout: 30_000 });
    await page.getByTestId('topup-done').getByRole('link', { name: 'Back to my eSIM' }).click();
    await page.waitForURL((url) => url.pathname === `/account/esim/${before.iccid}`);

    const after = (await getJson<EsimSummary[]>(page, '/api/esims')).find((e) => e.iccid === before.iccid)!;
    expect(after.usage.totalMb).toBeGreaterThan(before.usage.totalMb!);
    expect(after.usage.usedMb).toBe(300);
    // Same eSIM, no second one.
    expect(await getJson<EsimSummary[]>(page, '/api/esims')).toHaveLength(count);
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await usageBar()).percent;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(after.usage.percent);
    expect(after.usage.percent!).toBeLessThan(before.usage.percent!);
    // The top-up is the eSIM's second package, waiting its turn behind the first.
    const detail = await getJson<EsimDetail>(page, `/api/esims/${before.iccid}`);
    expect(detail.packages.map((p) => [p.kind, p.state])).toEqual([
      ['initial', 'active'],
      ['topup', 'queued'],
    ]);
    await page.getByText('Package 2').waitFor();
  });

  it('buys another eSIM and refunds it: the order reads refunded and a refund e-mail goes out', async () => {
    const had = new Set((await getJson<EsimSummary[]>(page, '/api/esims')).map((e) => e.iccid));
    await pay(`/checkout/${planId}`);
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    const second = (await getJson<EsimSummary[]>(page, '/api/esims')).find((e) => !had.has(e.iccid))!;
    expect(second).toBeDefined();

    await page.goto(new URL(`/account/esim/${second.iccid}`, baseURL).href);
    await page
      .getByTestId(`refund-${second.orderId}`)
      .getByRole('button', { name: /^Refund – / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Refund this eSIM?' });
    await dialog.getByRole('button', { name: 'Yes, refund' }).click();
    // The page follows: the eSIM reads refunded, canceled.
    await page.getByText('Canceled and refunded').waitFor({ timeout: 20_000 });

    const orders = await getJson<OrderSummary[]>(page, '/api/orders');
    expect(orders.find((o) => o.id === second.orderId)).toMatchObject({ status: 'refunded', orderStatus: 'refunded' });
    expect((await getJson<EsimSummary[]>(page, '/api/esims')).find((e) => e.iccid === second.iccid)?.status).toBe('refunded');
    await page.reload();
    await page.getByText('Canceled and refunded').waitFor();
    expect(await page.getByText('Refunded', { exact: true }).count()).toBeGreaterThan(0);

    const refundMail = await waitFor(() => {
      const m = mailsTo(new RegExp(`order ${second.orderId} was refunded`));
      return m.length > 0 ? m : undefined;
    }, 30_000);
    expect(refundMail).toHaveLength(1);
    // A used eSIM cannot be refunded: the reason instead of the button.
    const used = await buyEsim(100);
    await page.goto(new URL(`/account/esim/${used.iccid}`, baseURL).href);
    await page.getByTestId('refund-unavailable').first().waitFor();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`the new pages are axe clean at 1280 and 375 px (${lang})`, async () => {
      const prefix = lang === 'ar' ? '/ar' : '';
      const suffix = lang === 'ar' ? '-rtl' : '';
      const pages: [string, string, (p: Page) => Promise<void>][] = [
        ['/account/esim', 'after-esim-list', (p) => p.getByRole('article').first().waitFor()],
        // Install details first while not installed, folded once active (another test of this file may
        // have used the eSIM by now): the page is ready when it names its ICCID either way.
        [`/account/esim/${first.iccid}`, 'after-esim-detail', (p) => p.getByText(first.iccid, { exact: true }).first().waitFor()],
        [`/checkout/${planId}?topUp=${first.iccid}`, 'after-checkout-topup', (p) => p.getByTestId('demo-payment-form').waitFor()],
        [`/account/orders/${first.orderId}/receipt`, 'after-receipt', (p) => p.getByTestId('receipt-items').waitFor()],
      ];
      for (const [path, name, ready] of pages) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(new URL(`${prefix}${path}`, baseURL).href);
        await page.waitForFunction(() => !document.getElementById('shell'));
        await page.getByRole('heading', { level: 1 }).waitFor();
        await ready(page);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(
          lang === 'ar' ? ['ar', 'rtl'] : ['en', 'ltr'],
        );
        await checkWidths(page, `${name}${suffix}`, { label: `${prefix}${path}` });
      }
      if (lang === 'ar') await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
      expect(errors).toEqual([]);
    });
  }
});
