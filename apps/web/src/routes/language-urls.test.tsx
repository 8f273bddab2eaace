// Per-language URLs through the real route tree: the URL's language becomes the UI language and
// the stored preference, links keep the prefix, and choosing a language goes to the same page
// under that language's URL.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { PLANS, REGIONS, detail } from '../test/fixtures.ts';
import { server, trpcMsw } from '../test/msw.ts';
import { renderApp } from '../test/render.tsx';
import { i18n } from '../lib/i18n.ts';

function mockCatalog() {
  server.use(
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.catalog.region.query(() => detail('JP', [{ code: 'JP', name: 'Japan' }])),
    trpcMsw.catalog.plans.query(() => PLANS),
  );
}

const hrefOf = (name: string) => screen.getAllByRole('link', { name, hidden: true })[0]!.getAttribute('href');

describe('language URLs', () => {
  it('/ja/coverage: the coverage route in Japanese, stored, links under /ja/', async () => {
    mockCatalog();
    const { router } = await renderApp('/ja/coverage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/coverage'));
    await waitFor(() => expect(i18n.language).toBe('ja'));
    expect(localStorage.getItem('preferredLanguage')).toBe('ja');
    await waitFor(() => expect(document.documentElement.lang).toBe('ja'));
    await waitFor(() => expect(hrefOf('Plans')).toBe('/ja/plans'));
    expect(hrefOf('About Us')).toBe('/ja/about-us');
    await act(() => router.navigate({ to: '/faq' }));
    expect(router.state.location.publicHref).toBe('/ja/faq');
    await act(() => i18n.changeLanguage('en'));
  });

  it('/ar/ is the landing page, right to left', async () => {
    mockCatalog();
    const { router } = await renderApp('/ar/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await act(() => i18n.changeLanguage('en'));
  });

  it('an unknown prefix is not a language: the not-found page', async () => {
    mockCatalog();
    const { router } = await renderApp('/xx/coverage');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/xx/coverage');
    expect(i18n.language).toBe('en');
  });

  it('choosing German on /coverage loads /de/coverage; English from there loads /coverage', async () => {
    mockCatalog();
    const { router } = await renderApp('/coverage?view=list#top');
    await waitFor(() => expect(router.state.location.pathname).toBe('/coverage'));
    const { goToLanguage } = await import('../lib/preferences/language-provider.tsx');
    const loaded: string[] = [];
    goToLanguage(router, 'de', (href) => loaded.push(href));
    expect(loaded).toEqual(['/de/coverage?view=list#top']);
    expect(localStorage.getItem('preferredLanguage')).toBe('de');
    const german = await renderApp('/de/coverage');
    await waitFor(() => expect(german.router.state.location.pathname).toBe('/coverage'));
    goToLanguage(german.router, 'en', (href) => loaded.push(href));
    expect(loaded.at(-1)).toBe('/coverage');
    expect(localStorage.getItem('preferredLanguage')).toBe('en');
    await act(() => i18n.changeLanguage('en'));
  });
});
