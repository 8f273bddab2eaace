// The header's language and currency buttons. They render at once; the menus behind them (and
// the floating-ui positioning code) load lazily (selectors.tsx), keeping them out of the initial
// bundle. The menus reuse these buttons as their targets.
import type { ComponentProps } from 'react';
import { Button } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useCurrency } from '../../lib/preferences/currency-provider.tsx';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';

type ButtonProps = Omit<ComponentProps<typeof Button<'button'>>, 'children'>;

/**
 * A press on a placeholder button while its menu's code is still loading is remembered, and the
 * menu opens as soon as it arrives (otherwise that first press would be lost).
 */
const pendingOpen = { language: false, currency: false };
export type SelectorMenu = keyof typeof pendingOpen;
export function requestOpen(menu: SelectorMenu): void {
  pendingOpen[menu] = true;
}
export function takePendingOpen(menu: SelectorMenu): boolean {
  const pending = pendingOpen[menu];
  pendingOpen[menu] = false;
  return pending;
}

export function currencyName(t: TFunction<'common'>, code: string, fallback: string): string {
  return code === 'USD' || code === 'GBP' || code === 'EUR' ? t(`currency.names.${code}`) : fallback;
}

/** What both selectors look like: a small subtle button with a chevron. */
function SelectorButton(props: ComponentProps<typeof Button<'button'>>) {
  return <Button variant="subtle" color="dark" size="sm" px={10} rightSection={<IconChevronDown size={14} aria-hidden />} {...props} />;
}

export function LanguageButton(props: ButtonProps) {
  const { t } = useTranslation();
  const { language, languages } = useLanguage();
  const current = languages.find((l) => l.code === language) ?? languages[0]!;
  return (
    <SelectorButton
      leftSection={<IconLanguage size={18} aria-hidden />}
      // The name holds the visible code outside parentheses, as WCAG 2.5.3 (label in name) asks.
      aria-label={t('language.change', { language: `${current.name} – ${current.code.toUpperCase()}` })}
      {...props}
    >
      {current.code.toUpperCase()}
    </SelectorButton>
  );
}

export function CurrencyButton(props: ButtonProps) {
  const { t } = useTranslation();
  const { currency, currencies } = useCurrency();
  const current = currencies.find((c) => c.code === currency);
  return (
    <SelectorButton
      aria-label={t('currency.change', {
        currency: current ? `${currencyName(t, current.code, current.name)} – ${currency}` : currency,
      })}
      {...props}
    >
      <span aria-hidden="true">
        {current?.symbol ?? ''} {currency}
      </span>
    </SelectorButton>
  );
}
