// A status as a coloured badge with words (never colour alone). Shades keep the text above 4.5:1.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_ORDER_STATUSES } from '@esim/api/domain/admin';

/** Every order status (the domain's list, ADMIN_ORDER_STATUSES) and the jobs' and e-mails' own. */
const KNOWN = [...ADMIN_ORDER_STATUSES, 'pending', 'sent', 'failed'] as const;
type KnownStatus = (typeof KNOWN)[number];

/** A colour for each known status (a new order status is a type error here until it has one). */
const STATUS_COLORS: Record<KnownStatus | 'done' | 'already' | 'queued', string> = {
  pending_payment: 'gray.7',
  payment_failed: 'red.9',
  paid: 'blue.8',
  provisioning: 'yellow.4',
  fulfilled: 'green.9',
  refunded: 'grape.8',
  canceled: 'gray.7',
  expired: 'gray.7',
  pending: 'yellow.4',
  sent: 'green.9',
  failed: 'red.9',
  done: 'green.9',
  already: 'blue.8',
  queued: 'yellow.4',
};
const colorOf = (status: string): string => (STATUS_COLORS as Record<string, string>)[status] ?? 'gray.7';

const isKnown = (status: string): status is KnownStatus => (KNOWN as readonly string[]).includes(status);

/** 'payment_failed' → 'Payment failed'; unknown values read as words. */
export function statusLabel(status: string, t: (key: `common.status.${KnownStatus}`) => string): string {
  if (isKnown(status)) return t(`common.status.${status}`);
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={colorOf(status)} autoContrast variant="filled" tt="none" size="md" miw="max-content" data-status={status}>
      {statusLabel(status, t)}
    </Badge>
  );
}
