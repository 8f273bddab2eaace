// An amount in the admin area: English formatting, isolated left-to-right so it reads the same
// inside an Arabic (right-to-left) page.
import { formatMoney } from './format.ts';

export interface MoneyProps {
  minor: number;
  currency: string;
}

export function Money({ minor, currency }: MoneyProps) {
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(minor, currency)}
    </bdi>
  );
}

/** Text that must stay left to right (order numbers, ICCIDs, payment ids, e-mail addresses). */
export function Code({ children, mono = true }: { children: string; mono?: boolean }) {
  return (
    <bdi dir="ltr" style={{ fontFamily: mono ? 'var(--mantine-font-family-monospace)' : undefined, overflowWrap: 'anywhere' }}>
      {children}
    </bdi>
  );
}
