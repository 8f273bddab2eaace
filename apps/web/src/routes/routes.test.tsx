import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PLANS, REGIONS, detail } from '../test/fixtures.ts';
import { server, trpcMsw } from '../test/msw.ts';
import { renderApp } from '../test/render.tsx';

function mockCatalog() {
  server.use(
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.catalog.region.query(() => detail('JP', [{ code: 'JP', name: 'Japan' }])),
    trpcMsw.catalog.plans.query(() => PLANS),
    trpcMsw.catalog.plan.query(({ input }) => PLANS.find((p) => p.id === input.id)!),
  );
}

describe('routes', () => {
  it('renders the landing page with header, hero, picker and footer', async () => {
    mockCatalog();
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Global Connectivity Made Simple' })).toBeTruthy();
    const hero = screen.getByRole('region', { name: 'Global Connectivity Made Simple' });
    expect(within(hero).getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/plans');
    expect(within(hero).getByRole('link', { name: 'How It Works' }).getAttribute('href')).toBe('/how-it-works');
    // The picker and the sections below the hero come in the page's second render pass.
    expect(await screen.findByRole('heading', { name: 'Where are you traveling?' })).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Plans',
      'Coverage',
      'About Us',
      'Blog',
      'Rewards',
      'Support',
      'How It Works',
    ]);
    // The account corner shows a placeholder until the session (a guest here) has loaded.
    expect((await screen.findByRole('link', { name: 'Login', hidden: true })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign Up', hidden: true }).getAttribute('href')).toBe('/register');
    // The footer (below the fold) comes in its own chunk after the first render.
    expect(await screen.findByText(`© ${new Date().getFullYear()} eSIM Shop. All rights reserved.`)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('eSIM Shop – Travel eSIM data plans for 200+ countries'));
  });

  it('opens the region from ?region= and shows its plans', async () => {
    mockCatalog();
    await renderApp('/?region=jp');
    expect(await screen.findByRole('heading', { name: 'Japan eSIM Plans' })).toBeTruthy();
    expect(await screen.findAllByRole('article')).toHaveLength(PLANS.length);
  });

  it('redirects /plans to /#plans and /how-it-works to /#how-it-works', async () => {
    mockCatalog();
    const { router } = await renderApp('/plans');
    await waitFor(() => expect(router.state.location.href).toBe('/#plans'));
    expect(await screen.findByRole('heading', { name: 'Where are you traveling?' })).toBeTruthy();
    await router.navigate({ to: '/how-it-works' });
    await waitFor(() => expect(router.state.location.href).toBe('/#how-it-works'));
  });

  it('shows the not-found page for an unknown path', async () => {
    mockCatalog();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found | eSIM Shop'));
  });

  it('/checkout/{id} shows the chosen plan and the payment form', async () => {
    mockCatalog();
    server.use(trpcMsw.payments.config.query(() => ({ provider: 'demo' as const, publishableKey: null })));
    await renderApp('/checkout/102');
    expect(await screen.findByRole('heading', { name: 'Japan 5 GB – 30 days' })).toBeTruthy();
    expect(screen.getByText('Demo payments: no real charge')).toBeTruthy();
    expect(screen.getByText('$17.99')).toBeTruthy();
  });

  it('/subscribe shows the stored plan at the monthly price', async () => {
    mockCatalog();
    server.use(trpcMsw.payments.config.query(() => ({ provider: 'demo' as const, publishableKey: null })));
    sessionStorage.setItem('selectedPlan', JSON.stringify(PLANS[0]));
    await renderApp('/subscribe');
    expect(await screen.findByRole('heading', { name: 'Japan 1 GB – 7 days' })).toBeTruthy();
    expect(screen.getByText('$3.83')).toBeTruthy();
  });

  it("/checkout without a stored plan toasts 'No plan selected' and goes home", async () => {
    mockCatalog();
    const { router } = await renderApp('/checkout');
    expect(await screen.findByText('No plan selected')).toBeTruthy();
    expect(screen.getByText('Please select a plan first')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
