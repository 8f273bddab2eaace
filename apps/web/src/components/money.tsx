import { useCurrency } from '../lib/preferences/currency-provider.tsx';

export interface MoneyProps {
  /** Amount in USD minor units (cents); shown converted to the visitor's currency. */
  usdMinor: number;
  className?: string;
}

/** A price in the chosen currency, e.g. <Money usdMinor={450} /> → '£3.56'. */
export function Money({ usdMinor, className }: MoneyProps) {
  const { formatPrice, currency } = useCurrency();
  return (
    <span className={className} data-currency={currency}>
      {formatPrice(usdMinor)}
    </span>
  );
}
