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
/** Read while the menu renders; cleared by clearPendingOpen once it has mounted (a render React
 * throws away must not use the press up, or the menu that commits would open closed). */
export function isOpenPending(menu: SelectorMenu): boolean {
  return pendingOpen[menu];
}
export function clearPendingOpen(menu: SelectorMenu): void {
  pendingOpen[menu] = false;
}

/** The currency's name in the UI language: the spec's three from the texts, the others from Intl (no tables shipped). */
export function currencyName(t: TFunction<'common'>, code: string, fallback: string, language: string): string {
  if (code === 'USD' || code === 'GBP' || code === 'EUR') return t(`currency.names.${code}`);
  // The server's codes are ISO 4217 (three letters), which DisplayNames accepts.
  return new Intl.DisplayNames(language, { type: 'currency' }).of(code) ?? fallback;
}

/** What both selectors look like: a small subtle button with a chevron. */
function SelectorButton(props: ComponentProps<typeof Button<'button'>>) {
  return <Button variant="subtle" color="dark" size="sm" px={10} rightSection={<IconChevronDown size={14} aria-hidden />} {...props} />;
}

export function LanguageButton(props: ButtonProps) {
  const { t } = useTranslation();
  const { language, languages } = useLanguage();
  const current = languages.find((l) => l.code === language) ?? languages[0]!;
  const visible = current.code.toUpperCase();
  return (
    <SelectorButton
      leftSection={<IconLanguage size={18} aria-hidden />}
      // WCAG 2.5.3 (label in name): the name starts with the visible words, so 'EN' said to a
      // speech control presses it, whatever the translation does with brackets and word order.
      aria-label={`${visible} – ${t('language.change', { language: current.name })}`}
      {...props}
    >
      {visible}
    </SelectorButton>
  );
}

export function CurrencyButton(props: ButtonProps) {
  const { t, i18n } = useTranslation();
  const { currency, currencies } = useCurrency();
  const current = currencies.find((c) => c.code === currency);
  const visible = current?.symbol && current.symbol !== currency ? `${current.symbol} ${currency}` : currency;
  return (
    <SelectorButton
      // As the language button: the visible '$ USD' first, then what the button does.
      aria-label={`${visible} – ${t('currency.change', { currency: current ? currencyName(t, current.code, current.name, i18n.language) : currency })}`}
      {...props}
    >
      {/* The amount's symbol and code read left to right in Arabic too. */}
      <bdi>{visible}</bdi>
    </SelectorButton>
  );
}
