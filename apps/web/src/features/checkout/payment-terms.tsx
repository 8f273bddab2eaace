// Under the Pay button: the secure-payment line, the terms, and for a subscription what will be
// charged and when.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { CheckoutKind } from './use-checkout-intent.ts';

export function PaymentTerms({ kind, amount }: { kind: CheckoutKind; amount: string }) {
  const { t } = useTranslation('checkout');
  return (
    <Stack gap={6}>
      <Group gap={6} justify="center" wrap="nowrap">
        <IconShieldCheck size={16} aria-hidden color="var(--mantine-color-green-9)" />
        <Text size="xs" c="dimmed">
          {t('payment.secure')}
        </Text>
      </Group>
      {kind === 'subscription' ? (
        <Text size="xs" c="dimmed" ta="center">
          {t('payment.subscribeAgree', { amount })}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" ta="center">
        <Trans
          t={t}
          i18nKey="payment.agree"
          components={{
            terms: <Anchor component={Link} to="/terms" size="xs" inherit underline="always" />,
            privacy: <Anchor component={Link} to="/privacy" size="xs" inherit underline="always" />,
          }}
        />
      </Text>
    </Stack>
  );
}
