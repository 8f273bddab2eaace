// Every public and account page at every common width, in English and Arabic, signed out and
// signed in with a long username: nothing wider than the viewport or sticking out of it, and no
// clipped control. One page per language and sign-in state walks the routes by client-side
// navigation and resizes through the widths on each; one evaluate measures each width. Also: the
// audits run the newest axe-core, with WCAG 2.5.3 'Label in Name' among its rules; screenshots of
// the header, the plan tabs and the order history where they used to break.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser } from './audit.ts';
import { AXE_CORE_VERSION, axeRun, openPage, screenshot } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();
const stamp = Date.now().toString(36);

export const WIDTHS = [320, 360, 390, 768, 1024, 1280, 1366, 1440] as const;

/** What some routes need: a plan to check out, and (signed in) an order of one's own. */
interface Facts {
  planId: number;
  /** The long username has an account (and this browser its session). */
  registered?: boolean;
  order?: { planId: number; paymentIntentId: string; clientSecret: string; orderId: string; iccid: string };
}

interface RouteCase {
  /** The English path (the Arabic pass adds the language prefix when the app has per-language URLs). */
  path: string | ((facts: Facts) => string);
  /** Only signed in (the account area sends guests to /login). */
  signedIn?: true;
  /** Further states of the page worth measuring: each runs in turn, then the widths are walked again. */
  states?: { name: string; enter: (page: Page) => Promise<void> }[];
}

/** The routes to walk. Add a page here when it is added to the app. */
export const ROUTES: readonly RouteCase[] = [
  {
    path: '/',
    states: [
      {
        name: 'a destination chosen',
        enter: async (page) => {
          await page.locator('#picker-popular').locator('xpath=..').getByRole('button').first().click();
          await page.locator('#region-plans article').first().waitFor();
        },
      },
      {
        name: 'the subscription tab',
        enter: async (page) => {
          await page.locator('#region-plans').getByRole('tab').nth(1).click();
          await page.locator('#region-plans [role="tabpanel"]:not([hidden]) article').first().waitFor();
        },
      },
    ],
  },
  { path: '/coverage' },
  { path: '/destinations/japan' },
  { path: '/destinations/europe' },
  { path: '/devices' },
  { path: '/support' },
  { path: '/about-us' },
  { path: '/blog' },
  { path: '/blog/1' },
  { path: '/faq' },
  { path: '/terms' },
  { path: '/privacy' },
  { path: '/rewards' },
  { path: '/login' },
  { path: '/register' },
  { path: '/forgot-password' },
  { path: (f) => `/checkout/${f.planId}` },
  { path: '/subscribe' },
  {
    path: (f) =>
      f.order
        ? `/order-success/${f.order.planId}?payment_intent=${f.order.paymentIntentId}&payment_intent_client_secret=${encodeURIComponent(f.order.clientSecret)}`
        : '/order-success',
  },
  { path: '/account', signedIn: true },
  { path: '/account/orders', signedIn: true },
  { path: '/account/profile', signedIn: true },
  { path: '/account/esim', signedIn: true },
  { path: (f) => `/account/esim/${f.order?.iccid ?? '89000000000000000000'}`, signedIn: true },
  { path: (f) => `/account/orders/${f.order?.orderId ?? 'ORD-NONE'}/receipt`, signedIn: true },
  { path: '/this-page-does-not-exist' },
];

/** A username of 40 characters: the header, the menu and the greeting must shorten it, not widen. */
const LONG_USERNAME = `maximilian.alexander.wolfgang.${stamp}`.slice(0, 40);

/** One thing wrong at one width: what (the same at every width) and the figures at this one. */
interface Problem {
  what: string;
  figures: string;
}

/**
 * Measures the open page at its current width; returns what is wrong, each naming the element.
 * Runs in the page: keep it self-contained.
 */
function measure(): Problem[] {
  const vw = document.documentElement.clientWidth;
  const problems: Problem[] = [];
  const name = (el: Element): string => {
    const h = el as HTMLElement;
    const id = h.id ? `#${h.id}` : '';
    const testId = h.dataset?.testid ? `[data-testid=${h.dataset.testid}]` : '';
    const cls = [...el.classList]
      .filter((c) => !c.startsWith('m_'))
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('');
    const label = el.getAttribute('aria-label');
    const text = (label ?? h.innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    const parents: string[] = [];
    for (let p = el.parentElement; p && p !== document.body && parents.length < 3; p = p.parentElement) {
      parents.unshift(p.id ? `${p.tagName.toLowerCase()}#${p.id}` : p.tagName.toLowerCase());
    }
    return `${parents.join(' > ')}${parents.length ? ' > ' : ''}<${el.tagName.toLowerCase()}${id}${testId}${cls}> "${text}"`;
  };
  const visuallyHidden = (cs: CSSStyleDeclaration, r: DOMRect) =>
    cs.clip.startsWith('rect(0') || cs.clipPath === 'inset(50%)' || (r.width <= 1 && r.height <= 1 && cs.overflow === 'hidden');

  const doc = document.documentElement;
  if (doc.scrollWidth > vw) problems.push({ what: 'the page scrolls sideways', figures: `${doc.scrollWidth} px wide` });

  // Elements sticking out of the viewport, outside boxes that clip or scroll their content (there
  // the box itself is what must fit). <html> and <body> don't count as such boxes: hiding the
  // overflow there would hide the very problem.
  const outside: Problem[] = [];
  const walk = (parent: Element, clipped: boolean) => {
    // Text that runs out of its box (a long name or address that cannot wrap).
    if (!clipped) {
      for (const node of parent.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.width > 0 && (r.left < -1 || r.right > vw + 1)) {
            outside.push({
              what: `the text "${node.textContent.trim().slice(0, 40)}" in ${name(parent)} runs out of the viewport`,
              figures: `spans ${Math.round(r.left)}…${Math.round(r.right)} px`,
            });
            break;
          }
        }
      }
    }
    for (const el of parent.children) {
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.display === 'contents') {
        if (cs.display === 'contents') walk(el, clipped);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (visuallyHidden(cs, r)) continue;
      // Sliding in or out (a toast coming or going): measured once it has arrived.
      if (cs.transform !== 'none' && Number(cs.opacity) < 1) continue;
      let out = false;
      if (!clipped && cs.visibility !== 'hidden' && r.width > 0 && r.height > 0 && (r.left < -1 || r.right > vw + 1)) {
        out = true;
        outside.push({ what: `${name(el)} sticks out of the viewport`, figures: `spans ${Math.round(r.left)}…${Math.round(r.right)} px` });
      }
      // The outermost element that sticks out is reported; its children would only repeat it.
      if (!out) walk(el, clipped || cs.overflowX !== 'visible');
    }
  };
  walk(document.body, false);
  problems.push(...outside.slice(0, 6));
  if (outside.length > 6) problems.push({ what: 'more elements stick out of the viewport', figures: `${outside.length - 6} more` });

  // Controls whose words are cut: the control (or a part of it) hides what does not fit, or a box
  // around it that hides its overflow cuts it off. An ellipsis is a deliberate shortening (the
  // long username, with its tooltip and the full name in the accessible name).
  const controls = document.querySelectorAll(
    'button, a[href], [role="tab"], [role="button"], [role="menuitem"], [role="link"], input[type="button"], input[type="submit"]',
  );
  for (const control of controls) {
    const r = control.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const ccs = getComputedStyle(control);
    if (ccs.visibility === 'hidden' || visuallyHidden(ccs, r)) continue;
    for (const part of [control, ...control.querySelectorAll('*')]) {
      const cs = getComputedStyle(part);
      if (cs.overflowX !== 'hidden' && cs.overflowX !== 'clip') continue;
      if (cs.textOverflow === 'ellipsis' || visuallyHidden(cs, part.getBoundingClientRect())) continue;
      if (part.scrollWidth > part.clientWidth + 1) {
        problems.push({
          what: `clipped control: ${name(control)}${part === control ? '' : ` (in ${name(part)})`}`,
          figures: `${part.scrollWidth} px of content in ${part.clientWidth} px`,
        });
        break;
      }
    }
    for (let box = control.parentElement; box && box !== document.body; box = box.parentElement) {
      const cs = getComputedStyle(box);
      if (cs.overflowX !== 'hidden' && cs.overflowX !== 'clip') continue;
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1) {
        problems.push({
          what: `clipped control: ${name(control)} is cut off by ${name(box)}`,
          figures: `${Math.round(r.left)}…${Math.round(r.right)} px in ${Math.round(b.left)}…${Math.round(b.right)} px`,
        });
        break;
      }
    }
  }
  return problems;
}

/** Until the DOM has been quiet for `quietMs` (at most `maxMs`): a page done rendering. */
async function quiet(page: Page, quietMs = 250, maxMs = 5_000): Promise<void> {
  await page.evaluate(
    ([q, max]) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, q);
        const stop = setTimeout(done, max);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, q);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(stop);
          // Then until the finite animations and transitions (a toast sliding in) have ended.
          const running = document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
          void Promise.race([
            Promise.all(running.map((a) => a.finished.catch(() => undefined))),
            new Promise((r) => setTimeout(r, max)),
          ]).then(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
        }
      }),
    [quietMs, maxMs] as const,
  );
}

/** The page after a navigation: a heading, the session known, no spinner, then quiet. */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('shell') && document.querySelector('h1') !== null);
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        ![...document.querySelectorAll('.mantine-Loader-root')].some((l) => (l as HTMLElement).offsetParent !== null),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await quiet(page);
}

/** Client-side navigation: the router follows history.pushState (no reload between routes). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.scrollTo(0, 0);
    history.pushState(history.state, '', p);
  }, path);
  await ready(page);
}

/**
 * The path prefix of a language ('' for English, '/ar' when the app has per-language URLs), as
 * the app itself chose it: the first page opened in that language is at '/ar/' or at '/'.
 */
async function languagePrefix(page: Page, lang: string): Promise<string> {
  const path = await page.evaluate(() => location.pathname);
  return lang !== 'en' && (path === `/${lang}` || path.startsWith(`/${lang}/`)) ? `/${lang}` : '';
}

/** A same-origin JSON call from the page, as the shop's client makes it. */
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

describe('every page at every width', () => {
  const browser = sharedBrowser();
  const facts: Facts = { planId: 0 };

  beforeAll(async () => {
    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
    facts.planId = plans[0]!.id;
  });

  it('the audits run the newest axe-core, with WCAG 2.5.3 Label in Name', async () => {
    const { page } = await openPage(browser, baseURL, '/', { lang: 'en' });
    await ready(page);
    const results = await axeRun(page);
    expect(AXE_CORE_VERSION).toMatch(/^4\.14\./);
    expect(results.testEngine.version).toBe(AXE_CORE_VERSION);
    expect(await page.evaluate(() => (window as unknown as { axe: { version: string } }).axe.version)).toBe(AXE_CORE_VERSION);
    const ran = [...results.passes, ...results.violations, ...results.incomplete].map((r) => r.id);
    expect(ran).toContain('label-content-name-mismatch');
    await page.close();
  });

  async function walk(lang: 'en' | 'ar', signedIn: boolean): Promise<void> {
    // Signed out, whichever walk ran before (the walks share one browser context).
    await browser.context.clearCookies();
    const { page, errors } = await openPage(browser, baseURL, '/', { lang, width: WIDTHS[0] });
    await ready(page);
    // What is wrong → the widths (and figures) where it is.
    const problems = new Map<string, string[]>();
    if (signedIn) {
      if (facts.registered) {
        const res = await api(page, '/api/auth/login', { username: LONG_USERNAME, password: 'correct horse battery staple' });
        expect(res.status).toBe(200);
      } else {
        const res = await api(page, '/api/auth/register', {
          username: LONG_USERNAME,
          email: `${LONG_USERNAME}@example.com`,
          password: 'correct horse battery staple',
        });
        expect(res.status).toBe(200);
        facts.registered = true;
      }
      if (!facts.order) {
        const intent = await api<{ paymentIntentId: string; clientSecret: string; orderId: string }>(page, '/api/create-payment-intent', {
          planId: facts.planId,
        });
        expect(intent.status).toBe(200);
        const paid = await api<{ status: string }>(page, '/api/demo-payments/confirm', {
          paymentIntentId: intent.body.paymentIntentId,
          clientSecret: intent.body.clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
        });
        expect(paid.body.status).toBe('succeeded');
        // The eSIM's page needs its ICCID, known once the order is fulfilled.
        let iccid: string | null = null;
        for (let i = 0; i < 100 && !iccid; i++) {
          const view = await api<{ iccid: string | null }>(page, `/api/orders/${intent.body.paymentIntentId}`);
          iccid = view.body?.iccid ?? null;
          if (!iccid) await new Promise((r) => setTimeout(r, 200));
        }
        expect(iccid).toMatch(/^89\d{17,18}$/);
        facts.order = { planId: facts.planId, ...intent.body, iccid: iccid! };
      }
      await page.reload();
      await ready(page);
    }
    const prefix = await languagePrefix(page, lang);
    const state = `${lang}, ${signedIn ? 'signed in' : 'signed out'}`;

    for (const route of ROUTES) {
      if (route.signedIn && !signedIn) continue;
      const path = typeof route.path === 'function' ? route.path(facts) : route.path;
      await navigate(page, `${prefix}${path === '/' && prefix ? '/' : path}`);
      expect(await page.evaluate(() => document.documentElement.lang), `${path} (${state})`).toBe(lang);
      const steps = [{ name: '', enter: async () => undefined }, ...(route.states ?? [])];
      for (const step of steps) {
        await step.enter(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await quiet(page, 120, 2_000);
          for (const p of await page.evaluate(measure)) {
            const key = `${path}${step.name ? ` (${step.name})` : ''}, ${state}: ${p.what}`;
            problems.set(key, [...(problems.get(key) ?? []), `${width} px: ${p.figures}`]);
          }
        }
      }
    }

    // Where it used to break: look at these.
    if (lang === 'ar' && signedIn) {
      await navigate(page, `${prefix}/`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await quiet(page);
      await screenshot(page, 'widths-header-ar-signed-in-1280', false);
      const account = page.locator('header').getByRole('link', { name: LONG_USERNAME });
      await account.hover();
      await page.getByRole('tooltip').filter({ hasText: LONG_USERNAME }).waitFor();
      await screenshot(page, 'widths-header-ar-tooltip-1280', false);
      await page.mouse.move(0, 400);
      await page.setViewportSize({ width: 390, height: 844 });
      await ROUTES[0]!.states![0]!.enter(page);
      await page
        .locator('#region-plans')
        .getByRole('tablist')
        .evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await quiet(page);
      await screenshot(page, 'widths-plan-tabs-ar-390', false);
      await ROUTES[0]!.states![1]!.enter(page);
      await quiet(page);
      await screenshot(page, 'widths-plan-tabs-ar-390-subscription', false);
    }
    if (signedIn) {
      await navigate(page, `${prefix}/account/orders`);
      await page.setViewportSize({ width: 360, height: 800 });
      await quiet(page);
      await screenshot(page, `widths-order-history-${lang}-360`);
      // On a phone the orders are stacked cards, not a table that scrolls sideways; only one of the two is shown.
      expect(await page.locator('main').getByRole('table').count(), `the order table at 360 px (${state})`).toBe(0);
      expect(await page.locator('main').getByRole('listitem').getByRole('button', { name: /ORD-/ }).count()).toBeGreaterThan(0);
    }

    expect([...problems].map(([what, where]) => `${what} — at ${where.join('; ')}`)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }

  for (const signedIn of [false, true]) {
    for (const lang of ['en', 'ar'] as const) {
      it(`${lang === 'en' ? 'English' : 'Arabic'}, ${signedIn ? `signed in as a ${LONG_USERNAME.length}-character username` : 'signed out'}: nothing wider than ${WIDTHS.join(', ')} px`, async () => {
        await walk(lang, signedIn);
      }, 300_000);
    }
  }
});
