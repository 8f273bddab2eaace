import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arDestinations from '@esim/i18n/locales/ar/destinations.json';
import arLanding from '@esim/i18n/locales/ar/landing.json';
import jaDestinations from '@esim/i18n/locales/ja/destinations.json';
import jaLanding from '@esim/i18n/locales/ja/landing.json';
import { i18n } from '../../lib/i18n.ts';
import { REGIONS, byCode } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RegionPicker } from './region-picker.tsx';
import type { Region } from './types.ts';

async function renderPicker(props: Partial<Parameters<typeof RegionPicker>[0]> = {}) {
  const onSelect = vi.fn<(r: Region) => void>();
  const utils = await renderWithProviders(<RegionPicker regions={REGIONS} status="success" onSelect={onSelect} {...props} />);
  return { ...utils, onSelect, user: userEvent.setup() };
}

const regionButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('RegionPicker', () => {
  it('opens on the Popular tab: popular countries, and bundles in their own group', async () => {
    await renderPicker();
    expect(screen.getByRole('tab', { name: 'Popular' }).getAttribute('aria-selected')).toBe('true');
    const popular = screen.getByRole('region', { name: 'Popular destinations' });
    expect(within(popular).getByRole('button', { name: /^United States/ })).toBeTruthy();
    expect(within(popular).queryByRole('button', { name: /^Japan/ })).toBeNull();
    const bundles = screen.getByRole('region', { name: /Regional & global plans/ });
    expect(
      within(bundles)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-region-code')),
    ).toEqual(['EU', 'GLOBAL', 'ASIA']);
  });

  it('searches name, code and continent, case-insensitively and trimmed', async () => {
    const { user } = await renderPicker();
    const search = screen.getByRole('searchbox', { name: 'Search destinations' });
    expect(search.getAttribute('placeholder')).toBe('Search country or region');

    await user.type(search, '  jAp ');
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeTruthy();
    expect(regionButton('Japan')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();

    await user.clear(search);
    await user.type(search, 'fr');
    expect(regionButton('France')).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'asia');
    const codes = screen.getAllByRole('button', { pressed: false }).map((b) => b.getAttribute('data-region-code'));
    expect(codes).toEqual(['ASIA', 'JP']);
  });

  it('says so when nothing matches, and clearing brings the tabs back', async () => {
    const { user } = await renderPicker();
    await user.type(screen.getByRole('searchbox'), 'Atlantis');
    expect(screen.getByText('No regions found matching "Atlantis"')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('tablist', { name: 'Destination groups' })).toBeTruthy();
  });

  it('has the spec tabs in order; Latin America groups three continents; All is a 400 px list', async () => {
    const { user } = await renderPicker();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Popular',
      `All${REGIONS.length}`, // the count, shown beside the name (aria-hidden: the tab's name stays 'All')
      'Europe',
      'Middle East',
      'Asia',
      'North America',
      'Latin America',
      'Oceania',
      'Africa',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Latin America' }));
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-region-code'))
        .sort(),
    ).toEqual(['BR', 'CR', 'JM']);

    await user.click(screen.getByRole('tab', { name: 'Europe' }));
    expect(
      within(screen.getByRole('tabpanel'))
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-region-code')),
    ).toEqual(['EU', 'FR']);

    await user.click(screen.getByRole('tab', { name: 'All' }));
    const list = screen.getByTestId('all-regions-list');
    expect(within(list).getAllByRole('button')).toHaveLength(REGIONS.length);
    // It says how many it holds and that it scrolls; a keyboard can reach it.
    expect(screen.getByTestId('all-regions-hint').textContent).toBe(`${REGIONS.length} destinations: scroll the list to see them all`);
    expect(list.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('region', { name: `All destinations (${REGIONS.length})` })).toBe(list);
  });

  it('shows the region code when a flag is missing or fails to load', async () => {
    const { user } = await renderPicker();
    await user.click(screen.getByRole('tab', { name: 'Oceania' }));
    expect(within(regionButton('Fiji')).getByTestId('flag-fallback').textContent).toBe('FJ');

    await user.click(screen.getByRole('tab', { name: 'Asia' }));
    const japan = regionButton('Japan');
    const img = japan.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    await waitFor(() => expect(japan.querySelector('img')).toBeNull());
    expect(within(japan).getByTestId('flag-fallback').textContent).toBe('JP');
  });

  it("shows a 'From' badge in the chosen currency, and none without a price", async () => {
    localStorage.setItem('preferredCurrency', 'GBP');
    const { user } = await renderPicker();
    await user.click(screen.getByRole('tab', { name: 'Africa' }));
    expect(within(regionButton('Kenya')).queryByTestId('from-badge')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Asia' }));
    // 450 US cents × 0.79 = 355.5 → £3.56 (half up)
    expect(within(regionButton('Japan')).getByTestId('from-badge').textContent).toBe('From £3.56');
  });

  it('calls onSelect with the region and marks the selected one', async () => {
    const { user, onSelect } = await renderPicker({ selectedId: byCode('US').id });
    expect(regionButton('United States').getAttribute('aria-pressed')).toBe('true');
    await user.click(regionButton('Europe'));
    expect(onSelect).toHaveBeenCalledWith(byCode('EU'));
  });

  it('shows a loading state and an unavailable message', async () => {
    const { unmount } = await renderWithProviders(<RegionPicker regions={undefined} status="pending" onSelect={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Loading destinations');
    unmount();
    await renderWithProviders(<RegionPicker regions={undefined} status="error" onSelect={() => {}} />);
    expect(screen.getByText(/Destinations could not be loaded/)).toBeTruthy();
  });
});

describe("RegionPicker in the traveller's language", () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
    localStorage.removeItem('preferredCurrency');
  });

  async function inLanguage(lang: 'ar' | 'ja') {
    const files = { ar: [arLanding, arDestinations], ja: [jaLanding, jaDestinations] } as const;
    i18n.addResourceBundle(lang, 'landing', files[lang][0], true, true);
    i18n.addResourceBundle(lang, 'destinations', files[lang][1], true, true);
    await i18n.changeLanguage(lang);
  }

  const codesIn = (element: HTMLElement) =>
    within(element)
      .getAllByRole('button')
      .map((b) => b.getAttribute('data-region-code'));

  it('names destinations in Arabic, sorted by the Arabic collator, and finds Japan by «اليابان», its English name and its code', async () => {
    await inLanguage('ar');
    const { user } = await renderPicker();
    await user.click(screen.getByRole('tab', { name: arLanding.picker.tabs.all }));
    const list = screen.getByTestId('all-regions-list');
    const names = within(list)
      .getAllByRole('button')
      .filter((b) => b.getAttribute('data-kind') === 'country')
      .map((b) => b.querySelector('bdi')!.textContent);
    expect(names).toContain('اليابان');
    expect(names).toContain('الإمارات العربية المتحدة');
    expect(names).toEqual([...names].sort(new Intl.Collator('ar').compare));
    expect(
      within(list)
        .getByRole('button', { name: /^أوروبا/ })
        .getAttribute('data-region-code'),
    ).toBe('EU');

    const search = screen.getByRole('searchbox');
    for (const query of ['اليابان', 'Japan', 'jp', 'يابان']) {
      await user.clear(search);
      await user.type(search, query);
      expect(codesIn(screen.getByRole('region', { name: arLanding.picker.results }))[0], query).toBe('JP');
    }
  });

  it('finds Japan by 日本 in Japanese, and by «japon» or «Japón» whatever the language', async () => {
    await inLanguage('ja');
    const { user } = await renderPicker();
    const search = screen.getByRole('searchbox');
    await user.type(search, '日本');
    expect(screen.getByRole('button', { name: /^日本/ }).getAttribute('data-region-code')).toBe('JP');
    for (const query of ['japon', 'Japón']) {
      await user.clear(search);
      await user.type(search, query);
      expect(codesIn(screen.getByRole('region', { name: jaLanding.picker.results }))[0], query).toBe('JP');
    }
  });

  it("finds common aliases once their table has loaded ('USA', 'UAE', 'Emirates')", async () => {
    const { user } = await renderPicker();
    const search = screen.getByRole('searchbox');
    await user.type(search, 'UAE');
    await waitFor(() => expect(regionButton('United Arab Emirates')).toBeTruthy());
    await user.clear(search);
    await user.type(search, 'usa');
    expect(regionButton('United States')).toBeTruthy();
  });

  it('offers the regional and global bundles covering a searched country, labelled with what they cover', async () => {
    const { user, onSelect } = await renderPicker();
    await user.type(screen.getByRole('searchbox'), 'France');
    const results = screen.getByRole('region', { name: 'Search Results' });
    const covering = screen.getByRole('region', { name: 'Multi-country plans with France' });
    expect(results.contains(covering)).toBe(true);
    expect(codesIn(covering)).toEqual(['EU', 'GLOBAL']);
    // The country's name is isolated in the heading and the notes (another script must not reorder them).
    expect(within(covering).getByRole('heading').querySelector('bdi')?.textContent).toBe('France');
    const europe = within(covering).getByRole('button', { name: /^Europe/ });
    expect(europe.textContent).toContain('Covers France + 2 more countries');
    expect(within(europe).getByTestId('from-badge').textContent).toBe('From $6.99');
    await user.click(europe);
    expect(onSelect).toHaveBeenCalledWith(byCode('EU'));

    // A continent alone offers no bundles: 'Europe' is found by its own name.
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'europe');
    expect(screen.queryByTestId('covering-bundles')).toBeNull();
  });

  it('shows the whole price in Arabic, isolated from the text around it', async () => {
    await inLanguage('ar');
    await renderPicker();
    const badge = within(screen.getByRole('button', { name: /^الولايات المتحدة/ })).getByTestId('from-badge');
    const price = badge.querySelector('bdi')!;
    expect(badge.textContent).toBe(`${arLanding.picker.from} ${price.textContent}`);
    expect(price.textContent).toMatch(/٦٫٥٠|6[.,]50/);
  });
});
