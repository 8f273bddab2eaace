import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
      'All',
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
