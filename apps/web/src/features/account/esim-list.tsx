// The eSIMs of the signed-in user (esims.list) for /account/esim: 'No eSIMs yet' until there are
// any, then one card each. The checkout work owns the richer eSIM screens (install steps, top-up);
// it can extend EsimCard or pass its own `renderEsim`.
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import type { PlanTextFacts } from '@esim/api/domain';
import { usePlanTexts } from '../catalog/use-plan-texts.ts';
import { formatOrderDate } from './orders.ts';

/** What this page reads of an eSIM; `esims.list` rows fit it. */
export interface AccountEsim {
  id: string;
  orderId?: string | null;
  planName?: string | null;
  /** What the plan's name is composed from in the UI language (preferred over planName). */
  planFacts?: PlanTextFacts | null;
  status?: string | null;
  iccid?: string | null;
  activationCode?: string | null;
  /** QR image URL served by this app. */
  qrCode?: string | null;
  createdAt?: string | null;
}

const ESIM_STATUS = ['not_installed', 'active', 'expired'] as const;
const STATUS_COLOR: Record<string, string> = { active: 'green.9', not_installed: 'brand.7', expired: 'gray.7' };

export function EsimStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('account');
  const known = ESIM_STATUS.find((s) => s === status);
  return (
    <Badge color={STATUS_COLOR[status ?? ''] ?? 'gray.7'} autoContrast tt="none">
      {known ? t(`esim.statuses.${known}`) : (status ?? '')}
    </Badge>
  );
}

export function EsimCard({ esim }: { esim: AccountEsim }) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const plan = usePlanTexts(esim.planFacts)?.name ?? esim.planName ?? t('orders.unknownPlan');
  return (
    <Card padding="lg" component="article" aria-labelledby={`esim-${esim.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="lg" id={`esim-${esim.id}`}>
            <bdi>{plan}</bdi>
          </Title>
          <Text size="sm" c="dimmed">
            {formatOrderDate(esim.createdAt, language) ?? t('orders.unknownDate')}
          </Text>
        </Stack>
        <EsimStatusBadge status={esim.status} />
      </Group>
      <Group mt="md" align="flex-start" gap="lg" wrap="wrap">
        {esim.qrCode ? <Image src={esim.qrCode} alt={t('esim.qrAlt', { plan })} w={132} h={132} fit="contain" bg="white" /> : null}
        <Stack gap={6} style={{ flex: 1, minWidth: 180 }}>
          {esim.iccid ? <Field label={t('esim.iccid')} value={esim.iccid} /> : null}
          {esim.orderId ? <Field label={t('esim.order')} value={esim.orderId} /> : null}
          {esim.activationCode ? <Field label={t('esim.activationCode')} value={esim.activationCode} /> : null}
        </Stack>
      </Group>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function NoEsims() {
  const { t } = useTranslation('account');
  return (
    <EmptyState
      icon={IconDeviceMobile}
      title={t('esim.empty')}
      hint={t('esim.emptyHint')}
      action={{ label: t('esim.browsePlans'), to: '/plans' }}
    />
  );
}

export function EsimList({ renderEsim }: { renderEsim?: (esim: AccountEsim) => ReactNode }) {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const { data, isPending, isError, refetch } = useQuery(trpc.esims.list.queryOptions());
  if (isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true">
        <Skeleton height={200} radius="lg" />
        <Skeleton height={200} radius="lg" />
      </SimpleGrid>
    );
  }
  if (isError) {
    return (
      <Alert color="red" variant="light" title={t('esim.loadFailed')}>
        <Button mt="xs" size="xs" variant="default" onClick={() => void refetch()}>
          {t('orders.retry')}
        </Button>
      </Alert>
    );
  }
  const esims: readonly AccountEsim[] = data;
  if (esims.length === 0) return <NoEsims />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {esims.map((esim) => (
        <div key={esim.id}>{renderEsim ? renderEsim(esim) : <EsimCard esim={esim} />}</div>
      ))}
    </SimpleGrid>
  );
}
