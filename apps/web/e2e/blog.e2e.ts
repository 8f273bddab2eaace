// The blog in Chromium against the built server: filter, article, redirects, newsletter, axe,
// screenshots in English and Arabic (RTL).
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './audit.ts';
import { auditPage, loadAllImages, openPage, type OpenOptions } from './content-helpers.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();

describe('blog', () => {
  const browser = sharedBrowser();

  const open = (path: string, options?: OpenOptions) => openPage(browser, baseURL, path, options);

  it('lists six articles and filters them by category', async () => {
    const { page, errors } = await open('/blog');
    await page.getByRole('heading', { level: 1, name: 'News & Blog' }).waitFor();
    expect(await page.title()).toBe('News & Blog | eSIM Shop');
    const cards = page.getByRole('list', { name: 'Articles' }).getByRole('article');
    expect(await cards.count()).toBe(6);
    await loadAllImages(page);

    const filters = page.getByRole('group', { name: 'Filter articles by category' });
    await filters.getByRole('button', { name: 'Travel' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="blog-card"]').length === 2);
    expect(new URL(page.url()).searchParams.get('category')).toBe('travel');
    expect(await cards.locator('h2').allInnerTexts()).toEqual([
      '10 Tips for Staying Connected While Travelling Abroad',
      'Backpacking Through Southeast Asia Without Losing Signal',
    ]);
    expect(await filters.getByRole('button', { name: 'Travel' }).getAttribute('aria-pressed')).toBe('true');

    await filters.getByRole('button', { name: 'Technology' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="blog-card"]').length === 2);
    expect(await cards.locator('h2').first().innerText()).toBe('eSIM vs Physical SIM: What Travellers Need to Know');

    await filters.getByRole('button', { name: 'All' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="blog-card"]').length === 6);

    // Keyboard: the filter buttons and the cards' links are reachable and show a focus ring.
    await filters.getByRole('button', { name: 'Business' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="blog-card"]').length === 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens an article: meta, body, share pages in a new tab, related articles, back link', async () => {
    const { page, errors } = await open('/blog');
    await page.getByRole('link', { name: /^Read More about 10 Tips/ }).click();
    await page.waitForURL((u) => u.pathname === '/blog/1');
    await page.getByRole('heading', { level: 1, name: '10 Tips for Staying Connected While Travelling Abroad' }).waitFor();
    expect(await page.title()).toBe('10 Tips for Staying Connected While Travelling Abroad | eSIM Shop');
    const main = page.locator('main');
    const text = await main.innerText();
    for (const part of ['Emma Clarke', 'May 6, 2025', '6 min read', 'Before you leave', 'Each QR code can be used only once']) {
      expect(text).toContain(part);
    }
    const hero = main.locator('article img').first();
    expect(await hero.getAttribute('alt')).toMatch(/aeroplane/);

    const share = page.getByRole('group', { name: 'Share this article' });
    const shareLinks = share.getByRole('link');
    expect(await shareLinks.count()).toBe(3);
    const articleUrl = encodeURIComponent(new URL('/blog/1', baseURL).href);
    expect(await share.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${articleUrl}`,
    );
    expect(await share.getByRole('link', { name: /Twitter/ }).getAttribute('href')).toContain(
      `https://twitter.com/intent/tweet?url=${articleUrl}&text=`,
    );
    expect(await share.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${articleUrl}`,
    );

    // A click really opens the share page in a new tab (answered locally: no outside request).
    await browser.context.route('https://www.linkedin.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }),
    );
    const [popup] = await Promise.all([browser.context.waitForEvent('page'), share.getByRole('link', { name: /LinkedIn/ }).click()]);
    expect(popup.url()).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${articleUrl}`);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await browser.context.unroute('https://www.linkedin.com/**');

    const related = page.getByRole('region', { name: 'Related Articles' });
    expect(await related.locator('h3').allInnerTexts()).toEqual([
      'eSIM vs Physical SIM: What Travellers Need to Know',
      'How Business Travellers Cut Roaming Costs with eSIMs',
    ]);
    await loadAllImages(page);

    await related.getByRole('link', { name: /^Read More about eSIM vs Physical SIM/ }).click();
    await page.waitForURL((u) => u.pathname === '/blog/2');
    await page.getByRole('heading', { level: 1, name: 'eSIM vs Physical SIM: What Travellers Need to Know' }).waitFor();
    expect(await page.getByRole('region', { name: 'Related Articles' }).locator('h3').allInnerTexts()).toEqual([
      '10 Tips for Staying Connected While Travelling Abroad',
      'How Business Travellers Cut Roaming Costs with eSIMs',
    ]);

    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL((u) => u.pathname === '/blog');
    await page.getByRole('heading', { level: 1, name: 'News & Blog' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(['/blog/999', '/blog/abc'])('%s goes to /blog', async (path) => {
    const { page, errors } = await open(path);
    await page.waitForURL((u) => u.pathname === '/blog');
    await page.getByRole('heading', { level: 1, name: 'News & Blog' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('subscribes to the newsletter; the same address again gets the same answer (no enumeration)', async () => {
    const { page, errors } = await open('/blog');
    const email = page.getByRole('textbox', { name: /Email address/ });
    await email.fill(`reader-${Date.now()}@example.com`);
    const address = await email.inputValue();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // Double opt-in (issue 30): the answer asks to open the e-mailed link; nothing says 'subscribed' yet.
    const checkInbox = 'Almost done: please open the link we have e-mailed you to confirm your subscription.';
    await page.getByText(checkInbox).waitFor();
    expect(await email.inputValue()).toBe('');

    // A stranger cannot tell from the answer whether an address is subscribed already.
    await email.fill(address.toUpperCase());
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /newsletter|subscribe/i.test(r.url()));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => email.inputValue()).toBe('');
    // Two toasts now, the same words.
    await expect.poll(() => page.getByText(checkInbox).count()).toBe(2);
    expect(await page.getByText(/already subscribed/i).count()).toBe(0);

    // An invalid address is stopped by the browser before any request.
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/blog: axe in English and Arabic, screenshots at 1280 and 375 px', async () => {
    await auditPage(browser, baseURL, '/blog', 'blog');
  });

  it('/blog/{id}: axe in English and Arabic, screenshots at 1280 and 375 px', async () => {
    await auditPage(browser, baseURL, '/blog/3', 'blog-article');
  });

  it('shows one column of cards on a phone', async () => {
    const { page } = await open('/blog', { width: 375 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const boxes = await page.locator('[data-testid="blog-card"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
    expect(boxes).toHaveLength(6);
    for (const b of boxes) expect(b.width).toBeGreaterThan(300);
    expect(new Set(boxes.map((b) => Math.round(b.left))).size).toBe(1);
    await page.close();
  });
});
