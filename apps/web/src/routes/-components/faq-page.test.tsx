import '../../test/dom-shims.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render.tsx';

async function openFaq() {
  const utils = await renderApp('/faq');
  await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
  return { ...utils, user: userEvent.setup() };
}

const answers = () => document.getElementById('faq-answers')!;
const questions = () =>
  within(answers())
    .queryAllByRole('button', { expanded: false })
    .map((b) => b.textContent);

describe('/faq', () => {
  it('opens on General with the six categories, and sets its title', async () => {
    await openFaq();
    await waitFor(() => expect(document.title).toBe('Frequently Asked Questions | eSIM Shop'));
    const nav = screen.getByRole('navigation', { name: 'FAQ categories' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'General',
      'Purchasing & Activation',
      'Usage & Coverage',
      'Troubleshooting',
      'Installation Guide',
      'Account & Billing',
    ]);
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(within(answers()).getByRole('heading', { level: 2, name: 'General' })).toBeTruthy();
    expect(questions()).toHaveLength(5);
  });

  it('keeps one answer open at a time', async () => {
    const { user } = await openFaq();
    const [first, second] = within(answers()).getAllByRole('button', { expanded: false });
    await user.click(first!);
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(within(answers()).getByText(/digital SIM built into your phone/)).toBeTruthy();
    await user.click(second!);
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(second!.getAttribute('aria-expanded')).toBe('true');
  });

  it('searches every category; changing category clears the search; no results has "Clear search"', async () => {
    const { user } = await openFaq();
    const search = screen.getByRole('searchbox', { name: 'Search for questions' });
    expect(search.getAttribute('placeholder')).toBe('Search for questions...');
    await user.type(search, '14 days');
    expect(within(answers()).getByRole('heading', { level: 2, name: 'Search results' })).toBeTruthy();
    // In search results each question carries its category.
    expect(questions()).toEqual(['Can I get a refund? — Purchasing & Activation']);
    expect(screen.getByText('1 result for "14 days"')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Troubleshooting' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(questions()).toContain("My QR code doesn't scan. What can I do?");

    await user.type(search, 'teleportation');
    expect(screen.getByText('No results found for "teleportation".')).toBeTruthy();
    await user.click(within(answers()).getByRole('button', { name: 'Clear search' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(questions()).toHaveLength(5);
  });

  it('renders the Installation Guide answers as sanitized HTML', async () => {
    const { user } = await openFaq();
    await user.click(screen.getByRole('button', { name: 'Installation Guide' }));
    await user.click(within(answers()).getByRole('button', { name: 'How do I install an eSIM on an iPhone?' }));
    const panel = within(answers())
      .getByText(/Use QR Code/)
      .closest('ol')!;
    expect(panel.querySelectorAll('li').length).toBe(5);
    expect(within(answers()).getAllByText('iOS 12.1 or later')[0]!.tagName).toBe('STRONG');
    expect(answers().querySelector('script, [onerror], [onclick]')).toBeNull();
  });

  it('"Still have questions?" leads to support and its live chat', async () => {
    await openFaq();
    const still = screen.getByRole('region', { name: 'Still have questions?' });
    expect(within(still).getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
    expect(within(still).getByRole('link', { name: 'Live Chat' }).getAttribute('href')).toBe('/support#live-chat');
  });
});
