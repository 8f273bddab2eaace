import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import trip from '@esim/i18n/locales/en/trip.json';
import { i18n } from '../../lib/i18n.ts';

// The test set-up bundles the common namespaces; the page's loader asks for 'trip' too (its link to the planner).
beforeAll(() => {
  i18n.addResourceBundle('en', 'trip', trip, true, true);
});

async function openCoverage() {
  server.use(trpcMsw.catalog.regions.query(() => REGIONS));
  const utils = await renderApp('/coverage');
  await screen.findByRole('heading', { level: 1, name: 'Global Coverage' });
  // The list's first group (the Regional Packages block has a 'Europe' heading too).
  await within(await screen.findByTestId('coverage-list')).findByRole('heading', { level: 3, name: /^Europe/ });
  return { ...utils, user: userEvent.setup() };
}

const groupNames = () =>
  within(screen.getByTestId('coverage-list'))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.firstChild!.textContent);

describe('/coverage', () => {
  it('shows the hero, highlights, tabs and sets its title', async () => {
    await openCoverage();
    expect(screen.getByText('200+')).toBeTruthy();
    expect(screen.getByText('99%')).toBeTruthy();
    expect(screen.getByText('4G/5G')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['List View', 'Map View']);
    await waitFor(() => expect(document.title).toBe('Global Coverage | eSIM Shop'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('200+ countries');
  });

  it('links the trip planner from the Regional Packages block (issue 28: the header keeps the spec’s links)', async () => {
    await openCoverage();
    const packages = screen.getByRole('region', { name: 'Regional Packages' });
    const link = await within(packages).findByRole('link', { name: 'Plan my trip: the cheapest eSIM plans for several countries' });
    expect(link.getAttribute('href')).toBe('/trip');
  });

  it('groups countries by continent in the spec order and leaves bundles out', async () => {
    await openCoverage();
    expect(groupNames()).toEqual(['Europe', 'Asia', 'Americas', 'Africa', 'Oceania', 'Middle East']);
    const list = screen.getByTestId('coverage-list');
    const americas = within(list).getByRole('region', { name: /^Americas/ });
    expect(
      within(americas)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Brazil', 'Costa Rica', 'Jamaica', 'United States']);
    expect(within(list).queryByRole('link', { name: 'Global' })).toBeNull();
    expect(within(list).getByRole('link', { name: 'Japan' }).getAttribute('href')).toBe('/destinations/japan');
    // Fiji has no flag image: its code shows instead.
    const fiji = within(list).getByRole('link', { name: 'Fiji' });
    expect(within(fiji).getByTestId('flag-fallback').textContent).toBe('FJ');
  });

  it('searches name or continent, case-insensitively; says when nothing matches', async () => {
    const { user } = await openCoverage();
    const search = screen.getByRole('searchbox', { name: 'Search by country or region' });
    expect(search.getAttribute('placeholder')).toBe('Search by country or region');
    await user.type(search, 'CARIB');
    expect(groupNames()).toEqual(['Americas']);
    expect(
      within(screen.getByTestId('coverage-list'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Jamaica']);
    await user.clear(search);
    await user.type(search, 'americas');
    expect(within(screen.getByTestId('coverage-list')).getAllByRole('link')).toHaveLength(4);
    await user.clear(search);
    await user.type(search, 'Atlantis');
    expect(screen.getByText('No countries found matching "Atlantis"')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(groupNames()).toHaveLength(6);
  });

  it('has Network Partners, Service Quality and Regional Packages linking to their destination pages', async () => {
    await openCoverage();
    expect(screen.getByRole('heading', { level: 2, name: 'Network Partners' })).toBeTruthy();
    const quality = screen.getByRole('region', { name: 'Service Quality' });
    expect(
      within(quality)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['5G', '4G/LTE', '3G']);
    const packages = screen.getByRole('region', { name: 'Regional Packages' });
    expect(
      within(packages)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Europe', 'Asia', 'North America', 'South America', 'Middle East', 'Africa']);
    // The fixtures hold the EU and ASIA bundles only; the others browse the picker.
    expect(within(packages).getByRole('link', { name: 'View Europe plans' }).getAttribute('href')).toBe('/destinations/europe');
    expect(within(packages).getByRole('link', { name: 'View Asia plans' }).getAttribute('href')).toBe('/destinations/asia');
    expect(within(packages).getByRole('link', { name: 'Browse Africa destinations' }).getAttribute('href')).toBe('/#plans');
  });

  it('Map View shows the globe in its own area', async () => {
    const { user } = await openCoverage();
    await user.click(screen.getByRole('tab', { name: 'Map View' }));
    expect(await screen.findByText('Click a country to check its coverage and plans.')).toBeTruthy();
    expect(screen.queryByTestId('coverage-list')).toBeNull();
  });
});
