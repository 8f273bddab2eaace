import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AdminRate } from '../forms/views.ts';
import { RatesTable } from './rates-table.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

const RATES: AdminRate[] = [
  {
    currency: 'USD',
    name: 'US dollar',
    symbol: '$',
    rateMicros: 1_000_000,
    rate: '1',
    updatedAt: '2026-11-01T00:00:00.000Z',
    source: 'seed',
    updatedBy: null,
  },
  {
    currency: 'EUR',
    name: 'Euro',
    symbol: '€',
    rateMicros: 920_000,
    rate: '0.92',
    updatedAt: '2026-11-01T00:00:00.000Z',
    source: 'seed',
    updatedBy: null,
  },
];

describe('RatesTable', () => {
  it("names a daily feed's rate in words, not as the stored 'feed:ecb'", async () => {
    const fed: AdminRate[] = [
      RATES[0] as AdminRate,
      { ...(RATES[1] as AdminRate), source: 'feed:ecb' },
      { ...(RATES[1] as AdminRate), currency: 'GBP', source: 'feed:other' },
    ];
    await renderWithProviders(<RatesTable rates={fed} />);
    const table = screen.getByRole('table', { name: 'Exchange rates' });
    expect(within(table).getByText('Daily feed (European Central Bank)')).toBeTruthy();
    expect(within(table).getByText('Daily feed (other)')).toBeTruthy();
    expect(within(table).queryByText('feed:ecb')).toBeNull();
  });

  it('lists the rates in a real table; USD has no Edit', async () => {
    await renderWithProviders(<RatesTable rates={RATES} />);
    const table = screen.getByRole('table', { name: 'Exchange rates' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Currency', 'Name', 'Rate per 1 USD', 'Changed (UTC)', 'Source', 'By']);
    expect(screen.queryByRole('button', { name: 'Edit the USD rate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit the EUR rate' })).toBeTruthy();
    expect(within(table).getAllByText('Seed data')).toHaveLength(2);
  });

  it('refuses 0 and letters with the message under the field and sends nothing', async () => {
    const update = vi.fn();
    server.use(trpcMsw.admin.rates.update.mutation(update));
    await renderWithProviders(<RatesTable rates={RATES} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit the EUR rate' }));
    const field = screen.getByRole('textbox', { name: 'Rate of EUR per 1 USD' }) as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    const message = 'A rate is a positive number of units per 1 USD, e.g. 0.92 (at most 6 decimals)';
    for (const bad of ['0', 'abc', '-1', '0.0000001']) {
      await user.clear(field);
      await user.type(field, bad);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(update).not.toHaveBeenCalled();
  });

  it('shows the allowed range under the field and refuses a rate outside it before sending', async () => {
    const update = vi.fn();
    server.use(trpcMsw.admin.rates.update.mutation(update));
    await renderWithProviders(<RatesTable rates={RATES} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit the EUR rate' }));
    // EUR's reference (seed) rate is 0.93: 1/10 to 10× of it.
    expect(screen.getByText('Allowed: 0.093 to 9.3')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Rate of EUR per 1 USD' }) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '930000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The rate must be between 0.093 and 9.3 EUR per 1 USD (1/10 to 10× the reference rate 0.93).'),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(update).not.toHaveBeenCalled();
  });

  it('saves a good rate, refreshes the shop rates and closes the field', async () => {
    let received: unknown;
    server.use(
      trpcMsw.admin.rates.update.mutation(({ input }) => {
        received = input;
        return { ...RATES[1], rate: '0.95', rateMicros: 950_000, source: 'admin', updatedBy: 'root' } as AdminRate;
      }),
    );
    const { queryClient } = await renderWithProviders(<RatesTable rates={RATES} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit the EUR rate' }));
    const field = screen.getByRole('textbox', { name: 'Rate of EUR per 1 USD' });
    await user.clear(field);
    await user.type(field, '0.95');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('EUR is now 0.95 per 1 USD')).toBeTruthy();
    expect(received).toEqual({ currency: 'EUR', rate: '0.95' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Rate of EUR per 1 USD' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit the EUR rate' })));
    expect(invalidate.mock.calls.map(([f]) => JSON.stringify(f?.queryKey))).toContain(JSON.stringify([['catalog', 'exchangeRates']]));
  });

  it("shows the server's refusal under the field", async () => {
    server.use(
      trpcMsw.admin.rates.update.mutation(() => {
        throw new TRPCError({ code: 'NOT_FOUND', message: 'The shop does not know the currency EUR.' });
      }),
    );
    await renderWithProviders(<RatesTable rates={RATES} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit the EUR rate' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The shop does not know the currency EUR.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Rate of EUR per 1 USD' })).toBeTruthy();
  });
});
