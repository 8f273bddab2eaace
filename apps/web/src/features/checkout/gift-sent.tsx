// Issue 29: the order-success page of an eSIM bought as a gift at checkout (a lazy chunk): to whom,
// and whether the gift is on its way, waits for its day, or was claimed — never the install details
// (the server sends none to the buyer: services/gifts/checkout-gift.ts).
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolated } from '../../components/bidi.tsx';
import type { RouterOutputs } from '../../lib/trpc.ts';

type Gift = NonNullable<RouterOutputs['orders']['byPaymentIntent']['gift']>;

export default function GiftSent({ gift }: { gift: Gift }) {
  const { t, i18n } = useTranslation('gift-checkout');
  const date = gift.deliverAt
    ? new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(gift.deliverAt))
    : '';
  const key =
    gift.status === 'scheduled'
      ? 'success.scheduled'
      : gift.status === 'sent'
        ? 'success.onItsWay'
        : gift.status === 'claimed'
          ? 'success.claimed'
          : gift.status === 'refunded'
            ? 'success.refunded'
            : 'success.pending';
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      bg="white"
      component="section"
      aria-labelledby="gift-sent-heading"
      data-testid="order-gift"
      data-status={gift.status}
    >
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={52} radius="xl" variant="light" color="brand">
          <IconGift size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="xl" id="gift-sent-heading">
          {t('success.heading')}
        </Title>
        <Text size="lg" data-testid="order-gift-status">
          {isolated({ email: gift.recipientEmail, date }, (v) => t(key, v))}
        </Text>
        <Text c="dimmed" maw={440}>
          {t('success.private')}
        </Text>
      </Stack>
    </Paper>
  );
}
