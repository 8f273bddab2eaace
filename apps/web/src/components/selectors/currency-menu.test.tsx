// Issue 28: the header's currency selector offers the ten currencies the server sends, names the
// seven new ones in the UI language with Intl (no tables shipped), and a pick shows prices in that
// currency's own minor unit (yen without decimals), charm-rounded as the checkout charges them.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Money } from '../money.tsx';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RATES } from '../../test/fixtures.ts';
import { formatMinor } from '../../lib/format.ts';
import { CurrencyMenu, CurrencySelect } from './currency-menu.tsx';

const TEN = {
  rates: { ...RATES.rates, AUD: 1.53, CAD: 1.39, JPY: 154, CHF: 0.88, SGD: 1.34, AED: 3.6725, INR: 84.5 },
  rateMicros: {
    ...RATES.rateMicros,
    AUD: 1_530_000,
    CAD: 1_390_000,
    JPY: 154_000_000,
    CHF: 880_000,
    SGD: 1_340_000,
    AED: 3_672_500,
    INR: 84_500_000,
  },
  supportedCurrencies: [
    ...RATES.supportedCurrencies,
    { code: 'AED', name: 'UAE Dirham', symbol: 'AED' },
    { code: 'AUD', name: 'Australian Dollar', symbol: 'A$' },
    { code: 'CAD', name: 'Canadian Dollar', symbol: 'CA$' },
    { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF' },
    { code: 'INR', name: 'Indian Rupee', symbol: '₹' },
    { code: 'JPY', name: 'Japanese Yen', symbol: '¥' },
    { code: 'SGD', name: 'Singapore Dollar', symbol: 'S$' },
  ],
};

afterEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.removeItem('preferredCurrency');
  localStorage.removeItem('preferredLanguage');
});

describe('currency selector with ten currencies', () => {
  it('lists the ten; picking JPY shows whole yen, charm-rounded ($9.99 → ¥1,580)', async () => {
    server.use(trpcMsw.catalog.exchangeRates.query(() => TEN));
    await renderWithProviders(
      <>
        <CurrencyMenu />
        <Money usdMinor={999} />
      </>,
    );
    await waitFor(() => expect(screen.getByText('$9.99')).toBeTruthy());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /USD/ }));
    const items = within(await screen.findByRole('menu', { hidden: true })).getAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => i.textContent?.replace(/^.*?([A-Z]{3} ·)/, '$1'))).toEqual([
      'USD · US Dollar',
      'GBP · British Pound',
      'EUR · Euro',
      'AED · United Arab Emirates Dirham', // Intl's English name, not the row's
      'AUD · Australian Dollar',
      'CAD · Canadian Dollar',
      'CHF · Swiss Franc',
      'INR · Indian Rupee',
      'JPY · Japanese Yen',
      'SGD · Singapore Dollar',
    ]);
    await user.click(screen.getByRole('menuitem', { name: /JPY/, hidden: true }));
    await waitFor(() => expect(screen.getByText('¥1,580')).toBeTruthy());
    expect(localStorage.getItem('preferredCurrency')).toBe('JPY');
    expect(screen.getByRole('button', { name: /JPY/ }).getAttribute('aria-label')).toBe(
      '¥ JPY – ' + i18n.t('currency.change', { currency: 'Japanese Yen' }),
    );
  });

  it('names the new currencies in the UI language (Arabic) and keeps a stored JPY', async () => {
    localStorage.setItem('preferredCurrency', 'JPY');
    server.use(trpcMsw.catalog.exchangeRates.query(() => TEN));
    await renderWithProviders(<CurrencySelect />);
    await i18n.changeLanguage('ar');
    const yen = new Intl.DisplayNames('ar', { type: 'currency' }).of('JPY')!;
    await waitFor(() => expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('JPY'));
    expect(screen.getByRole('option', { name: `¥ JPY · ${yen}` })).toBeTruthy();
  });
});

describe('formatMinor per minor unit and language', () => {
  it.each([
    [1480, 'JPY', 'en', '¥1,480'],
    [1480, 'JPY', 'ja', '￥1,480'],
    [38_049, 'INR', 'hi', '₹380.49'],
    [38_049, 'INR', 'en', '₹380.49'],
    [1649, 'AUD', 'en', 'A$16.49'],
    [1649, 'CAD', 'en', 'CA$16.49'],
    [3899, 'AED', 'en', 'AED 38.99'],
  ])('%i %s %s → %s', (minor, currency, lang, expected) => {
    expect(formatMinor(minor, currency, lang).replace(/\s/g, ' ')).toBe(expected);
  });

  it('Arabic: yen without decimals, the dirham after the amount', () => {
    expect(formatMinor(1480, 'JPY', 'ar')).not.toMatch(/[.,٫]\d\d(?!\d)|[.,٫][٠-٩]{2}(?![٠-٩])/);
    const aed = formatMinor(3899, 'AED', 'ar');
    expect(aed).toContain('د.إ');
    expect(aed.indexOf('د.إ')).toBeGreaterThan(aed.search(/[0-9٠-٩]/));
  });
});
