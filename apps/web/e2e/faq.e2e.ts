// /faq in Chromium against the built server: categories, one answer open at a time, search with
// 'Clear search', sanitized HTML answers, 'Still have questions?', axe and screenshots.
import { describe, expect, it } from 'vitest';
import { AUDIT_LANGUAGES, auditPage, sharedBrowser } from './audit.ts';
import { openRoute, type OpenOptions } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();

describe('/faq', () => {
  const browser = sharedBrowser();

  const open = (path: string, options: OpenOptions = {}) => openRoute(browser, baseURL, path, options);

  it('opens an answer; one answer open at a time', async () => {
    const { page, errors } = await open('/faq');
    expect(await page.title()).toContain('Frequently Asked Questions');
    const answers = page.locator('#faq-answers');
    expect(await page.getByRole('button', { name: 'General', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await answers.getByRole('button', { name: 'What is an eSIM?' }).click();
    await answers.getByText(/digital SIM built into your phone/).waitFor();
    await answers
      .getByRole('button', { name: /How many countries/i })
      .or(answers.getByRole('button', { name: /In how many countries/ }))
      .click();
    await answers.getByText(/over 170 countries/).waitFor();
    expect(await answers.getByRole('button', { name: 'What is an eSIM?' }).getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('searches every category, clears the search on a category change, and offers "Clear search"', async () => {
    const { page } = await open('/faq');
    const answers = page.locator('#faq-answers');
    const search = page.getByRole('searchbox', { name: 'Search for questions' });
    await search.fill('roaming');
    await answers.getByRole('heading', { name: 'Search results' }).waitFor();
    expect(await answers.getByRole('button', { name: /Do I need to turn on data roaming\?/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Account & Billing' }).click();
    expect(await search.inputValue()).toBe('');
    await answers.getByRole('heading', { name: 'Account & Billing' }).waitFor();
    await search.fill('submarine');
    await answers.getByText('No results found for "submarine".').waitFor();
    await answers.getByRole('button', { name: 'Clear search' }).click();
    expect(await search.inputValue()).toBe('');
    await page.close();
  });

  it('shows the Installation Guide as sanitized HTML with working links', async () => {
    const { page } = await open('/faq');
    await page.getByRole('button', { name: 'Installation Guide' }).click();
    const answers = page.locator('#faq-answers');
    await answers.getByRole('button', { name: 'What do I need before I install?' }).click();
    await answers.getByText(/A carrier-unlocked device/).waitFor();
    expect(await answers.locator('ul li').count()).toBeGreaterThanOrEqual(4);
    expect(await answers.locator('[data-faq-html]').count()).toBeGreaterThan(0);
    expect(await answers.locator('[data-faq-html] :is(script, [onerror], [onclick], [style])').count()).toBe(0);
    await answers.getByRole('link', { name: 'compatible devices' }).click();
    await page.waitForURL((url) => url.pathname === '/devices');
    await page.getByRole('heading', { level: 1, name: 'Compatible Devices' }).waitFor();
    await page.close();
  });

  it('"Still have questions?" goes to support and to its live chat', async () => {
    const { page } = await open('/faq');
    const still = page.getByRole('region', { name: 'Still have questions?' });
    await still.getByRole('link', { name: 'Live Chat' }).click();
    await page.waitForURL((url) => url.pathname === '/support' && url.hash === '#live-chat');
    await page.locator('#live-chat').getByRole('button', { name: 'Start chat' }).waitFor();
    await page.goBack();
    await page.getByRole('region', { name: 'Still have questions?' }).getByRole('link', { name: 'Contact Support' }).click();
    await page.waitForURL((url) => url.pathname === '/support');
    await page.close();
  });

  for (const lang of AUDIT_LANGUAGES) {
    it(`has no serious axe violations and looks right at 375 and 1280 px (${lang})`, async () => {
      await auditPage(browser, baseURL, '/faq', 'faq', {
        langs: [lang],
        // Language-neutral selectors: the Arabic run shows translated texts.
        prepare: async (page) => {
          await page.locator('[data-category="installation"]').click();
          await page.locator('#faq-answers button[aria-expanded]').first().click();
          await page.locator('#faq-answers [data-faq-html] ol').first().waitFor();
        },
      });
    });
  }
});
