// Each page's head through the router: title and description, canonical URL, hreflang alternates
// for the ten languages and x-default, OpenGraph and Twitter tags, JSON-LD (FAQPage on /faq,
// Product with one Offer per plan on a destination page), noindex on private pages.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { LANGUAGE_CODES } from '@esim/i18n';
import { PLANS, REGIONS, detail } from '../test/fixtures.ts';
import { server, trpcMsw } from '../test/msw.ts';
import { renderApp } from '../test/render.tsx';
import { i18n } from '../lib/i18n.ts';

const ORIGIN = window.location.origin;

function mockCatalog() {
  server.use(
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.catalog.region.query(() => detail('EU', [{ code: 'FR', name: 'France' }])),
    trpcMsw.catalog.plans.query(() => PLANS),
  );
}

const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name) ?? null;
const meta = (key: string) => attr(`meta[property="${key}"], meta[name="${key}"]`, 'content');
const alternates = () =>
  [...document.head.querySelectorAll('link[rel="alternate"]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);
const jsonLd = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );

/** What every indexable page carries, for a route path in a language. */
function expectIndexable(path: string, lang: string) {
  const url = `${ORIGIN}${lang === 'en' ? '' : `/${lang}`}${path}`;
  expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  expect(attr('link[rel="canonical"]', 'href')).toBe(url);
  expect(alternates()).toEqual([
    ...LANGUAGE_CODES.map((l) => [l, `${ORIGIN}${l === 'en' ? '' : `/${l}`}${path}`]),
    ['x-default', `${ORIGIN}${path}`],
  ]);
  expect(meta('og:url')).toBe(url);
  expect(meta('og:title')).toBe(document.title);
  expect(meta('og:description')).toBe(meta('description'));
  expect(meta('og:image')).toBe(`${ORIGIN}/og-image.jpg`);
  expect(meta('twitter:card')).toBe('summary_large_image');
  expect(meta('twitter:title')).toBe(document.title);
  expect(meta('robots')).toBeNull();
  expect(document.head.querySelectorAll('meta[property="og:locale:alternate"]')).toHaveLength(9);
}

describe('page head', () => {
  it('/coverage: its title, description, canonical, alternates and OpenGraph', async () => {
    mockCatalog();
    await renderApp('/coverage');
    await waitFor(() => expect(document.title).toBe('Global Coverage | eSIM Shop'));
    expect(meta('description')).toMatch(/^See where eSIM Shop eSIMs work/);
    expectIndexable('/coverage', 'en');
    expect(meta('og:locale')).toBe('en_US');
  });

  it('/ja/coverage: the Japanese URL is canonical, og:locale ja_JP', async () => {
    mockCatalog();
    await renderApp('/ja/coverage');
    await waitFor(() => expect(attr('link[rel="canonical"]', 'href')).toBe(`${ORIGIN}/ja/coverage`));
    expectIndexable('/coverage', 'ja');
    expect(meta('og:locale')).toBe('ja_JP');
    await act(() => i18n.changeLanguage('en'));
  });

  it('/: the full landing title', async () => {
    mockCatalog();
    await renderApp('/');
    await waitFor(() => expect(document.title).toBe('eSIM Shop – Travel eSIM data plans for 200+ countries'));
    expectIndexable('/', 'en');
  });

  it('/faq: FAQPage with every question and its answer as text', async () => {
    await renderApp('/faq');
    await waitFor(() => expect(document.title).toBe('Frequently Asked Questions | eSIM Shop'));
    expectIndexable('/faq', 'en');
    const [faq] = jsonLd();
    expect(faq).toMatchObject({ '@context': 'https://schema.org', '@type': 'FAQPage' });
    const questions = faq!.mainEntity as { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
    expect(questions.length).toBeGreaterThanOrEqual(24);
    for (const q of questions) {
      expect(q['@type']).toBe('Question');
      expect(q.name.trim()).not.toBe('');
      expect(q.acceptedAnswer['@type']).toBe('Answer');
      expect(q.acceptedAnswer.text).not.toMatch(/<[a-z]/i);
    }
  });

  it('/destinations/japan: the destination, its plans as a Product with USD offers', async () => {
    mockCatalog();
    await renderApp('/destinations/japan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Japan eSIM' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Japan eSIM data plans | eSIM Shop'));
    expectIndexable('/destinations/japan', 'en');
    expect(meta('description')).toContain(`from $${(Math.min(...PLANS.map((p) => p.priceMinor)) / 100).toFixed(2)}`);
    const [product] = jsonLd();
    expect(product).toMatchObject({ '@type': 'Product', name: 'Japan eSIM', url: `${ORIGIN}/destinations/japan` });
    const offers = product!.offers as Record<string, string>[];
    expect(offers).toHaveLength(PLANS.length);
    expect(offers[0]).toMatchObject({
      '@type': 'Offer',
      price: (PLANS[0]!.priceMinor / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${ORIGIN}/destinations/japan`,
    });
    expect(offers.every((o) => String(o.name).includes('Japan'))).toBe(true);
  });

  it('an unknown destination is the not-found page, kept out of search results', async () => {
    mockCatalog();
    await renderApp('/destinations/atlantis');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found | eSIM Shop'));
    expect(meta('robots')).toBe('noindex');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('private pages say noindex and name no canonical URL', async () => {
    await renderApp('/reset-password?token=x');
    await waitFor(() => expect(document.title).toBe('Choose a new password | eSIM Shop'));
    expect(meta('robots')).toBe('noindex');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});
