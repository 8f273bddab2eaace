// The regions table: 25 rows a page with the pager, the filter over all of them (back to page 1),
// and the page of the picked region first.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AdminRegion } from '../forms/views.ts';
import { REGIONS_PAGE_SIZE, RegionsTable } from './regions-table.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

const REGIONS: AdminRegion[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  code: `R${String(i + 1).padStart(2, '0')}`,
  name: `Region ${String(i + 1).padStart(2, '0')}`,
  continent: 'Europe',
  kind: 'country',
  isPopular: false,
  visible: true,
  planCount: 2,
  visiblePlanCount: 2,
}));

const names = () =>
  within(screen.getByTestId('regions-table'))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('RegionsTable', () => {
  it('shows 25 rows a page and pages through all 60', async () => {
    await renderWithProviders(<RegionsTable regions={REGIONS} selectedId={undefined} onSelect={() => {}} onEdit={() => {}} />);
    expect(REGIONS_PAGE_SIZE).toBe(25);
    expect(names()).toHaveLength(25);
    expect(names()[0]).toBe('Region 01');
    expect(screen.getByText('Page 1 of 3 · 60 results')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(names()[0]).toBe('Region 26');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(names()).toHaveLength(10);
  });

  it('filters over every region and goes back to the first page; opens on the picked region’s page', async () => {
    await renderWithProviders(<RegionsTable regions={REGIONS} selectedId={55} onSelect={() => {}} onEdit={() => {}} />);
    expect(names()).toContain('Region 55');
    expect(screen.getByText('Page 3 of 3 · 60 results')).toBeTruthy();
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Filter regions' }), 'Region 0');
    expect(names()).toEqual(Array.from({ length: 9 }, (_, i) => `Region 0${i + 1}`));
    expect(screen.queryByTestId('pager')).toBeNull();
  });
});
