// Issue 29: what the buyer sees of an eSIM they gave — 'Gift scheduled / sent / claimed / refunded',
// to whom and when, never its install details (the API gives none) — with 'Refund' while the gift is
// neither claimed nor installed (orders.refund: the one refund engine, to the buyer's card).
// Lazy: the eSIM page shows GivenGiftOrNotFound when esims.get answers 404 (a given eSIM is no
// longer the buyer's), the eSIM list page shows GivenGiftsList under the buyer's eSIMs.
import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isolated } from '../../components/bidi.tsx';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import { EsimNotFound } from '../esim/esim-detail.tsx';
import { useEsimDestination } from '../esim/esim-life.tsx';
import { formatDay } from '../esim/esim-format.ts';
import { RefundAction } from '../esim/refund-action.tsx';
import classes from '../esim/esim-detail.module.css';

type GivenGift = RouterOutputs['gifts']['given'][number];

const COLORS: Record<GivenGift['status'], string> = { scheduled: 'gray', sent: 'blue', claimed: 'green', refunded: 'gray' };

export function GiftCard({
  gift,
  headingOrder = 2,
  refundSlot,
}: {
  gift: GivenGift;
  headingOrder?: 2 | 3;
  /** The refund control to show while refundable (the link's code flow); default: the account's RefundAction. */
  refundSlot?: ReactNode;
}) {
  const { t } = useTranslation(['gifts', 'esim']);
  const { language } = useLanguage();
  const day = (iso: string | null) => formatDay(iso, language, 'long') ?? '';
  const headingId = `gift-${gift.id}-title`;
  const destination = useEsimDestination(gift.planFacts ?? null, gift.planName);
  return (
    <section aria-labelledby={headingId} className={classes.panel} data-testid="given-gift">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={headingOrder} fz="lg" id={headingId}>
          <Group gap={8} component="span" wrap="nowrap">
            <IconGift size={20} aria-hidden />
            {destination.planName}
          </Group>
        </Title>
        <Badge color={COLORS[gift.status]} variant="light" data-testid="given-gift-status">
          {t(`gifts:status.${gift.status}`)}
        </Badge>
      </Group>
      <Stack gap={4} mt="sm">
        <Text size="sm">{isolated({ email: gift.recipientEmail }, (v) => t('gifts:status.to', v))}</Text>
        <Text size="sm" c="dimmed">
          {gift.status === 'scheduled'
            ? t('gifts:status.deliverOn', { date: day(gift.deliverAt) })
            : gift.status === 'claimed'
              ? t('gifts:status.claimedOn', { date: day(gift.claimedAt) })
              : gift.sentAt
                ? t('gifts:status.sentOn', { date: day(gift.sentAt) })
                : null}
        </Text>
        <Text size="sm" c="dimmed" dir="ltr" ta="start">
          {gift.iccid}
        </Text>
        {gift.status !== 'refunded' ? <Text size="sm">{t('gifts:status.hidden')}</Text> : null}
      </Stack>
      {gift.refundable ? (
        <Stack gap="xs" mt="md">
          <Text size="sm">{t('gifts:status.refundHint')}</Text>
          {refundSlot ?? <RefundAction orderId={gift.orderId} refund={gift.refund} subject={destination.planName} kind="esim" />}
        </Stack>
      ) : null}
    </section>
  );
}

/** The eSIM page of an eSIM the buyer gave: its gift; an eSIM that is neither theirs nor given by them: not found. */
export function GivenGiftOrNotFound({ iccid }: { iccid: string }) {
  const trpc = useTRPC();
  const given = useQuery(trpc.gifts.given.queryOptions());
  if (given.isPending) return <Skeleton height={160} radius="lg" />;
  const gift = given.data?.find((g) => g.iccid === iccid);
  return gift ? <GiftCard gift={gift} /> : <EsimNotFound />;
}

/** /account/esim: 'eSIMs you gave', when there are any. */
export function GivenGiftsList() {
  const { t } = useTranslation('gifts');
  const trpc = useTRPC();
  const given = useQuery(trpc.gifts.given.queryOptions());
  if (!given.data?.length) return null;
  return (
    <Stack gap="sm" mt="lg" data-testid="given-gifts">
      <Title order={2} fz="lg">
        {t('status.listHeading')}
      </Title>
      {given.data.map((g) => (
        <GiftCard key={g.id} gift={g} headingOrder={3} />
      ))}
    </Stack>
  );
}
