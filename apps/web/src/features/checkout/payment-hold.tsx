// 'Payment under review' (issue 31): a paid order held while Stripe Radar's manual review is open,
// or not approved. Texts in the 'disputes' namespace, fetched only when an order is held (the
// component suspends for them under its own boundary; nothing is added to other pages).
import { Suspense } from 'react';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type PaymentHold = 'review' | 'refused';

/** The keys (namespace 'disputes') of a hold's title and explanation. */
export function paymentHoldTexts(hold: PaymentHold): {
  title: 'status.underReview' | 'status.refused';
  body: 'status.underReviewHelp' | 'status.refusedHelp';
} {
  return hold === 'review'
    ? { title: 'status.underReview', body: 'status.underReviewHelp' }
    : { title: 'status.refused', body: 'status.refusedHelp' };
}

function HoldChip({ hold }: { hold: PaymentHold }) {
  const { t } = useTranslation('disputes');
  return (
    <Badge color={hold === 'review' ? 'yellow.9' : 'red.8'} variant="outline" bg="white" tt="none" size="md" data-testid="payment-hold">
      {t(paymentHoldTexts(hold).title)}
    </Badge>
  );
}

/** The chip beside an order's badge (account's orders); nothing when the order is not held. */
export function PaymentHoldChip({ hold }: { hold: PaymentHold | null | undefined }) {
  if (!hold) return null;
  return (
    <Suspense fallback={null}>
      <HoldChip hold={hold} />
    </Suspense>
  );
}

function HoldNotice({ hold }: { hold: PaymentHold }) {
  const { t } = useTranslation('disputes');
  const texts = paymentHoldTexts(hold);
  return (
    <Stack align="center" ta="center" gap="sm" py="lg" data-testid="payment-hold-notice">
      <Title order={2} fz="xl">
        {t(texts.title)}
      </Title>
      <Text c="dimmed" maw={440}>
        {t(texts.body)}
      </Text>
    </Stack>
  );
}

/** The order-success page's panel for a held order. */
export function PaymentHoldNotice({ hold }: { hold: PaymentHold }) {
  return (
    <Suspense fallback={null}>
      <HoldNotice hold={hold} />
    </Suspense>
  );
}
