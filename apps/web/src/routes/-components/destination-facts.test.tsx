import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PLANS, REGIONS, byCode } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BundlesIncluding, DestinationNetworks, bundlesCovering, networksOf } from './destination-facts.tsx';

const plan = PLANS[0]!;

describe('destination facts', () => {
  it('lists the operators the plans name per country, each with the best generation any plan names', () => {
    const plans = [
      { facts: { operators: [{ country: 'JP', name: 'SoftBank', generation: '4G' as const }] } },
      {
        facts: {
          operators: [
            { country: 'JP', name: 'SoftBank', generation: '5G' as const },
            { country: 'JP', name: 'KDDI' },
          ],
        },
      },
      {},
    ];
    expect(networksOf(plans)).toEqual([
      {
        country: 'JP',
        operators: [
          { name: 'SoftBank', generation: '5G' },
          { name: 'KDDI', generation: undefined },
        ],
      },
    ]);
    expect(networksOf([{}, { facts: { hotspot: true } }])).toEqual([]);
  });

  it("shows '5G where available' only when a provider said 5G, and nothing when no plan names a network", async () => {
    const japan = byCode('JP');
    const with5g = { ...plan, facts: { operators: [{ country: 'JP', name: 'NTT Docomo', generation: '5G' as const }] } };
    const { unmount } = await renderWithProviders(<DestinationNetworks plans={[with5g]} region={japan} />);
    expect(screen.getByRole('heading', { name: 'Mobile networks' })).toBeTruthy();
    expect(screen.getByText('5G where available')).toBeTruthy();
    expect(screen.getByText('NTT Docomo (5G)')).toBeTruthy();
    unmount();
    const only4g = { ...plan, facts: { operators: [{ country: 'JP', name: 'KDDI', generation: '4G' as const }] } };
    const second = await renderWithProviders(<DestinationNetworks plans={[only4g]} region={japan} />);
    expect(screen.queryByText('5G where available')).toBeNull();
    second.unmount();
    await renderWithProviders(<DestinationNetworks plans={[plan]} region={japan} />);
    expect(screen.queryByRole('heading', { name: 'Mobile networks' })).toBeNull();
  });

  it('a country page lists the regional and global plans that include it', async () => {
    const covering = bundlesCovering(REGIONS, 'FR');
    expect(covering.map((r) => r.code)).toEqual(['EU', 'GLOBAL']);
    await renderWithProviders(<BundlesIncluding regions={REGIONS} region={byCode('FR')} />);
    expect(screen.getByRole('heading', { name: 'Also included in these plans' })).toBeTruthy();
    expect(screen.getAllByRole('link').length).toBe(2);
    expect(bundlesCovering(REGIONS, 'ZZ')).toEqual([]);
  });
});
