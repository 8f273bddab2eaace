// The display currency: persisted as localStorage 'preferredCurrency' (default USD). Rates come
// from catalog.exchangeRates (cached 30 min, 3 retries with back-off) and fall back to the
// spec's fixed rates, so prices always show. Conversion is integer math on USD minor units.
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENCY, FALLBACK_CURRENCIES, convertPrice, type CurrencyInfo } from '@esim/api/domain';
import { useTRPC } from '../trpc.ts';
import { CACHE } from '../query-client.ts';
import { STORAGE_KEYS, readStorage, writeStorage } from '../storage.ts';
import { formatMinor } from '../format.ts';
import { useLanguage } from './language-provider.tsx';

export interface CurrencyContextValue {
  /** ISO code of the chosen currency, e.g. 'GBP'. */
  currency: string;
  currencies: readonly CurrencyInfo[];
  setCurrency: (code: string) => void;
  /** Where the rates come from: the server, or the spec's fallback table. */
  ratesSource: 'server' | 'fallback';
  /** USD minor units → minor units of the chosen currency (its own minor unit, charm-rounded as the checkout). */
  convert: (usdMinor: number) => number;
  /** USD minor units → '£3.55' in the chosen currency and the UI language. */
  formatPrice: (usdMinor: number) => string;
}

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

const FALLBACK_RATE_MICROS: Record<string, number> = Object.fromEntries(FALLBACK_CURRENCIES.map((c) => [c.code, c.rateMicros]));
const FALLBACK_INFO: CurrencyInfo[] = FALLBACK_CURRENCIES.map(({ code, name, symbol }) => ({ code, name, symbol }));

function initialCurrency(): string {
  const stored = readStorage('local', STORAGE_KEYS.currency);
  // Any code: one the fallback table lacks (JPY) shows as USD until the server's rates arrive.
  return stored?.length === 3 ? stored : DEFAULT_CURRENCY;
}

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const { language } = useLanguage();
  const [chosen, setChosen] = useState(initialCurrency);

  const rates = useQuery({
    ...trpc.catalog.exchangeRates.queryOptions(),
    staleTime: CACHE.ratesStaleMs,
    retry: CACHE.ratesRetries,
    retryDelay: CACHE.ratesRetryDelay,
  });

  const server = rates.data;
  const rateMicros = server?.rateMicros ?? FALLBACK_RATE_MICROS;
  const currencies = server?.supportedCurrencies?.length ? server.supportedCurrencies : FALLBACK_INFO;
  // A stored currency the server no longer offers (or has no rate for) shows as USD.
  const currency = rateMicros[chosen] !== undefined && currencies.some((c) => c.code === chosen) ? chosen : DEFAULT_CURRENCY;
  const micros = rateMicros[currency] ?? 1_000_000;

  const setCurrency = useCallback((code: string) => {
    if (!code) return;
    writeStorage('local', STORAGE_KEYS.currency, code);
    setChosen(code);
  }, []);

  const value = useMemo<CurrencyContextValue>(() => {
    const convert = (usdMinor: number) => convertPrice(usdMinor, micros, currency);
    return {
      currency,
      currencies,
      setCurrency,
      ratesSource: server ? 'server' : 'fallback',
      convert,
      formatPrice: (usdMinor: number) => formatMinor(convert(usdMinor), currency, language),
    };
  }, [currency, currencies, setCurrency, server, micros, language]);

  return <CurrencyContext value={value}>{children}</CurrencyContext>;
}

export function useCurrency(): CurrencyContextValue {
  const ctx = use(CurrencyContext);
  if (!ctx) throw new Error('useCurrency must be used within a CurrencyProvider');
  return ctx;
}

/** The formatter alone: formatPrice(usdMinor) → '£3.55'. */
export function useFormatPrice(): (usdMinor: number) => string {
  return useCurrency().formatPrice;
}
