import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import { Money } from '../../components/money.tsx';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RATES } from '../../test/fixtures.ts';
import { useCurrency } from './currency-provider.tsx';
import { useLanguage } from './language-provider.tsx';

function Probe() {
  const { currency, setCurrency, ratesSource } = useCurrency();
  const { language, setLanguage, dir } = useLanguage();
  return (
    <div>
      <span data-testid="state">{`${language} ${dir} ${currency} ${ratesSource}`}</span>
      <Money usdMinor={1000} />
      <button onClick={() => setCurrency('GBP')}>gbp</button>
      <button onClick={() => setLanguage('ar')}>ar</button>
    </div>
  );
}

describe('preferences', () => {
  it('useCurrency and useLanguage throw outside their providers', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useCurrency())).toThrow('useCurrency must be used within a CurrencyProvider');
    expect(() => renderHook(() => useLanguage())).toThrow('useLanguage must be used within a LanguageProvider');
    expect(() => render(<Money usdMinor={1} />)).toThrow(/CurrencyProvider/);
  });

  it('defaults to USD with the server rates, and persists a currency switch', async () => {
    await renderWithProviders(<Probe />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('en ltr USD server'));
    expect(screen.getByText('$10.00')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'gbp' }));
    expect(screen.getByText('£7.90')).toBeTruthy();
    expect(localStorage.getItem('preferredCurrency')).toBe('GBP');
  });

  it('uses the server rates when they differ from the fallback', async () => {
    localStorage.setItem('preferredCurrency', 'EUR');
    server.use(trpcMsw.catalog.exchangeRates.query(() => ({ ...RATES, rateMicros: { ...RATES.rateMicros, EUR: 900_000 } })));
    await renderWithProviders(<Probe />);
    await waitFor(() => expect(screen.getByText('€9.00')).toBeTruthy());
  });

  it('falls back to the fixed rates when the rates call fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      localStorage.setItem('preferredCurrency', 'GBP');
      server.use(
        trpcMsw.catalog.exchangeRates.query(() => {
          throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR' });
        }),
      );
      await renderWithProviders(<Probe />);
      expect(screen.getByTestId('state').textContent).toBe('en ltr GBP fallback');
      expect(screen.getByText('£7.90')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores an unknown stored currency', async () => {
    localStorage.setItem('preferredCurrency', 'XXX');
    await renderWithProviders(<Probe />);
    expect(screen.getByTestId('state').textContent).toMatch(/ USD /);
  });

  it('switching to Arabic sets <html lang dir>, persists, and stays RTL', async () => {
    await renderWithProviders(<Probe />);
    await act(async () => {
      screen.getByRole('button', { name: 'ar' }).click();
    });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('preferredLanguage')).toBe('ar');
    expect(screen.getByTestId('state').textContent).toMatch(/^ar rtl/);
  });
});
