// /support in Chromium against the built server: FAQ search, topics, the contact form (stored
// through support.contact), the live-chat anchor, axe and screenshots.
import { describe, expect, it } from 'vitest';
import { AUDIT_LANGUAGES, auditPage, sharedBrowser } from './audit.ts';
import { openRoute, type OpenOptions } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();

describe('/support', () => {
  const browser = sharedBrowser();

  const open = (path: string, options: OpenOptions = {}) => openRoute(browser, baseURL, path, options);

  it('searches the FAQs and filters by topic', async () => {
    const { page, errors } = await open('/support');
    expect(await page.title()).toContain('Support');
    const faq = page.locator('#support-faq');
    const search = page.getByRole('searchbox', { name: 'Search FAQs' });
    await search.fill('refund');
    await faq.getByRole('button', { name: 'Can I get a refund?' }).waitFor();
    expect(await faq.getByRole('button', { expanded: false }).count()).toBe(1);
    await search.fill('hovercraft');
    await faq.getByText('No FAQs found matching "hovercraft"').waitFor();
    await faq.getByRole('button', { name: 'Clear search' }).click();
    expect(await search.inputValue()).toBe('');

    await page.getByRole('button', { name: /Technical Issues/ }).click();
    await faq.getByText('Topic: Technical Issues').waitFor();
    expect(await faq.getByRole('button', { expanded: false }).count()).toBe(2);
    await faq.getByRole('button', { name: /no internet/ }).click();
    await faq.getByText(/data roaming is enabled/).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends the contact form: validation, 200 from support.contact, toast, cleared form', async () => {
    const { page, errors } = await open('/support');
    const form = page.locator('#contact-form');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByText('Required', { exact: true }).count()).toBe(4);
    expect(await form.getByLabel(/^Email/).getAttribute('type')).toBe('email');

    await form.getByLabel(/^Name/).fill('Ana Viajera');
    await form.getByLabel(/^Email/).fill('ana@example');
    await form.getByText('Please enter a valid email address').waitFor();
    await form.getByLabel(/^Email/).fill('ana@example.com');
    await form.getByLabel(/^Subject/).fill('eSIM for Japan');
    await form.getByLabel(/^Message/).fill('Can I install my Japan eSIM before I fly?');
    expect(await form.getByText('Required', { exact: true }).count()).toBe(0);

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/trpc/support.contact') && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as unknown;
    expect(JSON.stringify(body)).toMatch(/"id":\d+/);
    await page.getByText('Message Sent').waitFor();
    await page.getByText(/Your request number is T-\d{6}\./).waitFor();
    expect(await form.getByLabel(/^Name/).inputValue()).toBe('');
    expect(await form.getByLabel(/^Message/).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/support#live-chat lands on the live chat block', async () => {
    const { page } = await open('/support#live-chat');
    const chat = page.locator('#live-chat');
    // No agent has the back office's chat view open: the badge says when a person answers, not
    // 'Available 24/7' (issue 30; live-chat.e2e.ts shows it with an agent online).
    await chat.getByText(/^(A person answers (from|within)|We answer by e-mail)/).waitFor();
    expect(await chat.getByText('Available 24/7').count()).toBe(0);
    await page.waitForFunction(() => {
      const r = document.getElementById('live-chat')!.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    // 'Start chat' opens the chat window in place, the message box focused.
    await chat.getByRole('button', { name: 'Start chat' }).click();
    await chat.getByRole('textbox', { name: /^Your message/ }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    await page.close();
  });

  for (const lang of AUDIT_LANGUAGES) {
    it(`has no serious axe violations and looks right at 375 and 1280 px (${lang})`, async () => {
      await auditPage(browser, baseURL, '/support', 'support', {
        langs: [lang],
        // Show the validation state in the screenshots too.
        prepare: async (page) => {
          await page.locator('#contact-form button[type="submit"]').click();
          await page.locator('#contact-form [aria-invalid="true"]').first().waitFor();
        },
      });
    });
  }
});
