import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AdminPlan, AdminRegion } from '../forms/views.ts';
import { PlanForm } from './plan-form.tsx';
import { parsePriceText, priceTextOf } from './price-text.ts';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

const REGION: AdminRegion = {
  id: 10,
  code: 'JP',
  name: 'Japan',
  continent: 'Asia',
  kind: 'country',
  isPopular: false,
  visible: true,
  planCount: 1,
  visiblePlanCount: 1,
};

const PLAN: AdminPlan = {
  id: 77,
  regionId: 10,
  regionCode: 'JP',
  slug: 'japan-5gb-30d',
  name: 'Japan 5GB',
  description: 'Fast data',
  priceMinor: 1300,
  currency: 'USD',
  dataAmount: '5GB',
  dataMb: 5120,
  validityDays: 30,
  features: ['Hotspot', '5G'],
  isPopular: false,
  visible: true,
  orderCount: 3,
  provider: 'airalo',
  providerPackage: 'japan-5gb-30d-pkg',
  wholesaleMinor: 812,
  wholesaleCurrency: 'USD',
  alternateOf: null,
};

describe('parsePriceText', () => {
  it.each([
    ['19.99', 1999],
    ['19', 1900],
    ['19.9', 1990],
    [' 1,234.50 ', 123450],
    ['0.01', 1],
  ])('%s → %i minor units', (text, minor) => {
    expect(parsePriceText(text)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'Required'],
    ['-5', 'A price cannot be negative'],
    ['0', 'A price must be more than 0'],
    ['0.00', 'A price must be more than 0'],
    ['abc', 'Type a price like 19.99 (at most 2 decimals)'],
    ['1.999', 'Type a price like 19.99 (at most 2 decimals)'],
    ['100000.01', 'A price is at most 100,000.00'],
  ])('%j is refused: %s', (text, message) => {
    expect(parsePriceText(text)).toEqual({ ok: false, message });
  });

  it('writes minor units back as money text', () => {
    expect(priceTextOf(1999)).toBe('19.99');
    expect(priceTextOf(5)).toBe('0.05');
    expect(priceTextOf(1300)).toBe('13.00');
  });
});

async function renderForm(plan: AdminPlan | null = null) {
  const onDone = vi.fn();
  const utils = await renderWithProviders(<PlanForm region={REGION} plan={plan} onDone={onDone} />);
  const user = userEvent.setup();
  const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
  return { ...utils, user, field, onDone };
}

describe('PlanForm', () => {
  it('refuses a bad price, an empty name and no data next to their fields, and sends nothing', async () => {
    const create = vi.fn();
    server.use(trpcMsw.admin.catalog.createPlan.mutation(create));
    const { user, field, onDone } = await renderForm();
    await user.type(field('Price in USD'), '0');
    await user.type(field('Validity in days'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    expect(await screen.findByText('A price must be more than 0')).toBeTruthy();
    expect(screen.getByText('Enter a name')).toBeTruthy();
    expect(screen.getByText('Enter how the data is shown, e.g. 5GB or Unlimited')).toBeTruthy();
    expect(screen.getByText('Validity is a whole number of days from 1 to 365')).toBeTruthy();
    expect(field('Price in USD').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));

    await user.clear(field('Price in USD'));
    await user.type(field('Price in USD'), '-4.50');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('A price cannot be negative')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends the price as minor units, the data in MB from "5GB", features one per line, then refreshes the shop catalogue', async () => {
    let received: unknown;
    server.use(
      trpcMsw.admin.catalog.createPlan.mutation(({ input }) => {
        received = input;
        return { ...PLAN, id: 78, name: input.name, orderCount: 0 };
      }),
    );
    const { user, field, onDone, queryClient } = await renderForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.type(field('Name'), 'Japan 5GB');
    await user.type(field('Price in USD'), '19.99');
    await user.type(field('Validity in days'), '30');
    await user.type(field('Data as shown'), '5GB');
    expect(field('Data in MB').value).toBe('5120');
    await user.type(field('Features'), 'Hotspot{Enter}{Enter}  5G  ');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(received).toEqual({
      regionId: 10,
      name: 'Japan 5GB',
      description: '',
      priceMinor: 1999,
      dataAmount: '5GB',
      dataMb: 5120,
      validityDays: 30,
      features: ['Hotspot', '5G'],
      isPopular: false,
      visible: true,
    });
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toContain(JSON.stringify([['catalog']]));
    expect(keys).toContain(JSON.stringify([['admin', 'catalog']]));
  });

  it('edits a plan: starts from its values, Unlimited sends no MB', async () => {
    let received: unknown;
    server.use(
      trpcMsw.admin.catalog.updatePlan.mutation(({ input }) => {
        received = input;
        return PLAN;
      }),
    );
    const { user, field, onDone } = await renderForm(PLAN);
    expect(field('Price in USD').value).toBe('13.00');
    expect(field('Features').value).toBe('Hotspot\n5G');
    await user.click(screen.getByRole('checkbox', { name: 'Unlimited data' }));
    expect(screen.queryByRole('textbox', { name: /^Data in MB/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(received).toMatchObject({ id: 77, patch: { dataAmount: 'Unlimited', dataMb: null, priceMinor: 1300 } });
  });

  it("shows the server's refusal in words and keeps the form", async () => {
    server.use(
      trpcMsw.admin.catalog.updatePlan.mutation(() => {
        throw new TRPCError({ code: 'NOT_FOUND', message: 'No plan has that id.' });
      }),
    );
    const { user, onDone } = await renderForm(PLAN);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No plan has that id.');
    expect(alert.textContent).toContain('Not saved');
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('the plan being edited says where it comes from (issue 25)', () => {
  it('shows its provider, package and wholesale cost; a seed plan says so', async () => {
    await renderForm(PLAN);
    const source = screen.getByTestId('plan-source');
    expect(source.textContent).toContain('Provider: airalo (japan-5gb-30d-pkg)');
    expect(source.textContent).toMatch(/Wholesale cost: \$8\.12/);
  });

  it('a plan of the shop itself, without a cost', async () => {
    await renderForm({ ...PLAN, provider: null, providerPackage: null, wholesaleMinor: null, wholesaleCurrency: null });
    const source = screen.getByTestId('plan-source');
    expect(source.textContent).toContain("Provider: The shop's own");
    expect(source.textContent).toContain('Wholesale cost: Not known');
  });
});
