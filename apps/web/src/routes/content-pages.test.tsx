// The public content pages through the real route tree: blog list and article, about, legal, rewards.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server, trpcMsw } from '../test/msw.ts';
import { renderApp } from '../test/render.tsx';
import { rewardsHandlers } from '../features/rewards/test-fixtures.ts';

const titles = (container: HTMLElement = document.body) =>
  within(container)
    .getAllByRole('article')
    .map((a) => a.querySelector('h2, h3')!.textContent);

describe('/blog', () => {
  it('lists six articles, then filters them by category', async () => {
    const { router } = await renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'News & Blog' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('News & Blog | eSIM Shop'));
    const list = screen.getByRole('list', { name: 'Articles' });
    expect(within(list).getAllByRole('article')).toHaveLength(6);

    const filters = screen.getByRole('group', { name: 'Filter articles by category' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Travel', 'Business', 'Technology', 'Digital Nomad']);
    expect(within(filters).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    const user = userEvent.setup();
    await user.click(within(filters).getByRole('button', { name: 'Travel' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(titles()).toEqual([
      '10 Tips for Staying Connected While Travelling Abroad',
      'Backpacking Through Southeast Asia Without Losing Signal',
    ]);
    expect(router.state.location.search).toEqual({ category: 'travel' });
    expect(within(filters).getByRole('button', { name: 'Travel' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Showing 2 articles')).toBeTruthy();

    await user.click(within(filters).getByRole('button', { name: 'Digital Nomad' }));
    await waitFor(() => expect(titles()).toEqual(["The Digital Nomad's Guide to Reliable Mobile Data"]));
    expect(screen.getByText('Showing 1 article')).toBeTruthy();

    await user.click(within(filters).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(router.state.location.search).toEqual({});
  });

  it('opens with the filter from ?category= and ignores an unknown one', async () => {
    await renderApp('/blog?category=business');
    await screen.findByRole('heading', { level: 1, name: 'News & Blog' });
    await waitFor(() => expect(titles()).toEqual(['How Business Travellers Cut Roaming Costs with eSIMs']));
  });

  it('has the newsletter form', async () => {
    await renderApp('/blog');
    expect(await screen.findByRole('heading', { name: 'Subscribe to our newsletter' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });
});

describe('/blog/{id}', () => {
  it('shows the article with meta, body, share links and the first two other articles', async () => {
    await renderApp('/blog/3');
    const h1 = await screen.findByRole('heading', { level: 1, name: 'How Business Travellers Cut Roaming Costs with eSIMs' });
    expect(h1).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('How Business Travellers Cut Roaming Costs with eSIMs | eSIM Shop'));
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
    expect(screen.getByText('Priya Desai')).toBeTruthy();
    expect(screen.getByText('April 8, 2025')).toBeTruthy();
    expect(screen.getAllByText('7 min read').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Before you leave' })).toBeTruthy();
    expect(screen.getByText(/Each QR code can be used only once/)).toBeTruthy();

    const share = screen.getByRole('group', { name: 'Share this article' });
    const links = within(share).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Share on Facebook (opens in a new tab)',
      'Share on X (Twitter) (opens in a new tab)',
      'Share on LinkedIn (opens in a new tab)',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links[0]!.getAttribute('href')).toBe('https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Flocalhost%3A3000%2Fblog%2F3');
    expect(links[1]!.getAttribute('href')).toContain('&text=How%20Business%20Travellers');

    const related = screen.getByRole('region', { name: 'Related Articles' });
    expect(titles(related)).toEqual([
      '10 Tips for Staying Connected While Travelling Abroad',
      'eSIM vs Physical SIM: What Travellers Need to Know',
    ]);
  });

  it.each(['/blog/999', '/blog/abc', '/blog/0', '/blog/1.5'])('%s redirects to /blog', async (path) => {
    const { router } = await renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    expect(await screen.findByRole('heading', { level: 1, name: 'News & Blog' })).toBeTruthy();
  });
});

describe('content pages', () => {
  it('/about-us has every section and the support e-mail', async () => {
    await renderApp('/about-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connecting travellers to the world since 2023' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('About Us | eSIM Shop'));
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toContain('170+ countries');
    for (const name of ['Our Mission', 'Our Story', 'What Sets Us Apart', 'Our Team', 'Sustainability', 'Join Our Journey']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Coverage in 170+ countries',
      'Instant delivery',
      'Secure, transparent pricing',
      '24/7 human support',
    ]);
    expect(screen.getByText('170+')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe('mailto:support@example.com');
  });

  it('/terms covers the spec’s points with a table of contents', async () => {
    await renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(screen.getByText('Last updated May 12, 2025')).toBeTruthy();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const refunds = within(toc).getByRole('link', { name: 'Refunds and changes' });
    expect(refunds.getAttribute('href')).toBe('#terms-refunds');
    expect(document.getElementById('terms-refunds')).toBeTruthy();
    const text = document.querySelector('main')?.textContent ?? document.body.textContent!;
    for (const phrase of [
      'governed by the laws of the United Kingdom',
      'All plans are prepaid',
      'Prices include applicable taxes unless stated otherwise',
      'whichever comes first',
      'full refund within 14 days',
      'technical problem',
      'Each QR code can be used only once',
      'Data roaming must be enabled',
      'misused',
      'support@example.com',
      '1 Example Street',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('/privacy describes the data, the rights and the cookies', async () => {
    await renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Last updated May 12, 2025')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Privacy Policy | eSIM Shop'));
    for (const name of ['Data we collect', 'Your rights', 'Cookies and local storage']) {
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeTruthy();
    }
    const text = document.body.textContent!;
    expect(text).toContain('We never see or store your full card number');
    expect(text).toContain('ICCID');
    expect(text).toContain('preferredLanguage');
    // Issue 29: the device cookie, what it holds and its one use.
    expect(text).toContain('esim_dev');
    expect(text).toContain('a referral reward is not paid');
  });
});

describe('/rewards', () => {
  it('asks a guest to sign in, with a way back to /rewards', async () => {
    await renderApp('/rewards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Traveler Rewards' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sign in to access your rewards' })).toBeTruthy();
    expect(screen.getByText(/track your achievements, earn points and unlock exclusive benefits/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login?redirect=%2Frewards');
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/register');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Traveler', 'Explorer', 'Globetrotter', 'Jetsetter']),
    );
  });

  it('shows a signed-in member their rewards dashboard instead of the sign-in box', async () => {
    server.use(
      trpcMsw.auth.me.query(
        () => ({ id: 1, username: 'maria', email: 'maria@example.com', fullName: 'Maria Lopez', role: 'customer' }) as never,
      ),
      ...rewardsHandlers(),
    );
    await renderApp('/rewards');
    const card = await screen.findByTestId('level-card', {}, { timeout: 4000 });
    expect(within(card).getByRole('button', { name: 'Check In to Earn Points' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in to access your rewards' })).toBeNull();
  });
});
