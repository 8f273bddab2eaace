import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import type { Region } from '../catalog/types.ts';
import { HERO_RESULTS, HeroSearch } from './hero-search.tsx';

async function renderHeroSearch() {
  server.use(trpcMsw.catalog.regions.query(() => REGIONS));
  const onSelect = vi.fn<(region: Region) => void>();
  await renderWithProviders(<HeroSearch onSelect={onSelect} />);
  return { onSelect, user: userEvent.setup() };
}

describe('HeroSearch', () => {
  it('shows nothing until the traveller types, then the best matches; a typo still finds Japan', async () => {
    const { onSelect, user } = await renderHeroSearch();
    const box = screen.getByRole('searchbox', { name: 'Find your destination' });
    expect(screen.queryByTestId('hero-results')).toBeNull();
    await user.type(box, 'japn');
    const results = await screen.findByTestId('hero-results');
    const codes = within(results)
      .getAllByRole('button')
      .map((b) => b.getAttribute('data-region-code'));
    expect(codes[0]).toBe('JP');
    await user.click(within(results).getAllByRole('button')[0]!);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ code: 'JP' }));
  });

  it(`lists at most ${HERO_RESULTS} and says how many more the list below holds`, async () => {
    const { user } = await renderHeroSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Find your destination' }), 'a');
    const results = await screen.findByTestId('hero-results');
    const found = REGIONS.length; // an upper bound: the search can find no more than there are
    const shown = within(results).getAllByRole('button').length;
    expect(shown).toBeLessThanOrEqual(HERO_RESULTS);
    const status = screen.getByRole('status');
    const total = Number(status.textContent?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(HERO_RESULTS);
    expect(total).toBeLessThanOrEqual(found);
    expect(screen.getByText(`+${total - shown} more in the list below`)).toBeTruthy();
  });

  it('says when nothing matches, and clears', async () => {
    const { user } = await renderHeroSearch();
    const box = screen.getByRole('searchbox', { name: 'Find your destination' });
    await user.type(box, 'Atlantis');
    expect(await screen.findByText('No regions found matching "Atlantis"')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.queryByText(/No regions found/)).toBeNull();
  });
});
