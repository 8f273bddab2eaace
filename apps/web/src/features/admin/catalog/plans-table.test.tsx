// The admin plans list shows each plan's provider, package and wholesale cost, and with several
// providers which plan is listed (the best offer) and which are its alternates (issue 25).
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AdminPlan } from '../forms/views.ts';
import { PlansTable } from './plans-table.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

const base: AdminPlan = {
  id: 1,
  regionId: 10,
  regionCode: 'US',
  slug: 'us-1gb-7d',
  name: 'United States 1GB - 7 Days',
  description: '',
  priceMinor: 449,
  currency: 'USD',
  dataAmount: '1GB',
  dataMb: 1024,
  validityDays: 7,
  features: [],
  isPopular: false,
  visible: true,
  orderCount: 0,
  provider: 'esimaccess',
  providerPackage: 'EA-US-1G-7D',
  wholesaleMinor: 200,
  wholesaleCurrency: 'USD',
  alternateOf: null,
};

describe('PlansTable: provider and cost', () => {
  it('the best offer names its alternates; an alternate names the plan listed instead; a seed plan is the shop’s own', async () => {
    const plans: AdminPlan[] = [
      base,
      {
        ...base,
        id: 2,
        slug: 'us-1gb-7d-airalo',
        provider: 'airalo',
        providerPackage: 'change-7days-1gb',
        wholesaleMinor: 225,
        priceMinor: 499,
        alternateOf: 1,
      },
      {
        ...base,
        id: 3,
        slug: 'us-3gb',
        name: 'United States 3GB',
        provider: null,
        providerPackage: null,
        wholesaleMinor: null,
        wholesaleCurrency: null,
      },
    ];
    await renderWithProviders(<PlansTable regionName="United States" plans={plans} onEdit={() => {}} />);
    const table = screen.getByTestId('plans-table');
    expect(within(table).getByRole('columnheader', { name: 'Provider' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Wholesale cost' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('esimaccess');
    expect(rows[0]!.textContent).toContain('EA-US-1G-7D');
    expect(rows[0]!.textContent).toContain('$2.00');
    expect(rows[0]!.textContent).toContain('Listed: best offer · 1 alternate at another provider: airalo');
    expect(rows[1]!.textContent).toContain('Alternate of United States 1GB - 7 Days (esimaccess) (not listed)');
    expect(rows[1]!.textContent).toContain('$2.25');
    expect(rows[2]!.textContent).toContain("The shop's own");
    expect(rows[2]!.textContent).toContain('Not known');
  });
});
