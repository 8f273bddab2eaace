// The pieces of an eSIM's life every eSIM screen shows: where it is for (flag and destination
// name in the UI language), its status in a traveller's words, the usage bar and the days left.
import { Badge, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlanTextFacts } from '@esim/api/domain';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { CACHE } from '../../lib/query-client.ts';
import { useDestinationNames } from '../catalog/destination-names.ts';
import { RegionFlag } from '../catalog/region-flag.tsx';
import { usePlanTexts } from '../catalog/use-plan-texts.ts';
import type { EsimSummary, TravellerStatus } from './esim-types.ts';
import { formatMb, formatPercent } from './esim-format.ts';

/** The destination's name in the UI language, the plan's name, and the flag's image (from the cached regions). */
export function useEsimDestination(facts: PlanTextFacts | null, fallbackName: string) {
  const trpc = useTRPC();
  const names = useDestinationNames();
  const texts = usePlanTexts(facts);
  const regions = useQuery({ ...trpc.catalog.regions.queryOptions(), staleTime: CACHE.plansStaleMs, enabled: facts !== null });
  const region = facts ? regions.data?.find((r) => r.code === facts.regionCode && r.kind === facts.regionKind) : undefined;
  return {
    name: facts ? names.name({ code: facts.regionCode, kind: facts.regionKind, name: facts.regionName }) : fallbackName,
    planName: texts?.name ?? fallbackName,
    code: facts?.regionCode ?? '',
    flagIcon: region?.flagIcon ?? null,
  };
}

export function EsimDestination({
  esim,
  order = 3,
  id,
}: {
  esim: Pick<EsimSummary, 'planFacts' | 'planName'>;
  order?: 1 | 2 | 3;
  id?: string;
}) {
  const d = useEsimDestination(esim.planFacts, esim.planName);
  return (
    <Group gap="sm" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
      {d.code ? <RegionFlag code={d.code} flagIcon={d.flagIcon} /> : null}
      <div style={{ minWidth: 0 }}>
        <Title order={order} fz={order === 1 ? { base: 24, sm: 30 } : 'lg'} lh={1.25} id={id} style={{ overflowWrap: 'anywhere' }}>
          <bdi>{d.name}</bdi>
        </Title>
        {d.planName !== d.name ? (
          <Text size="sm" c="dimmed">
            <bdi>{d.planName}</bdi>
          </Text>
        ) : null}
      </div>
    </Group>
  );
}

// Text colours at shade 9 on the light badge keep 4.5:1.
const STATUS_COLOR: Record<TravellerStatus, string> = {
  ready: 'brand',
  installed: 'cyan',
  active: 'green',
  depleted: 'orange',
  expired: 'gray',
  refunded: 'red',
};

export function TravellerStatusBadge({ status }: { status: TravellerStatus }) {
  const { t } = useTranslation('esim');
  const color = STATUS_COLOR[status] ?? 'gray';
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      size="lg"
      data-status={status}
      styles={{ root: { flexShrink: 0 }, label: { color: `var(--mantine-color-${color}-9)` } }}
    >
      {t(`life.status.${status}`)}
    </Badge>
  );
}

/** 'Used 412 MB of 1 GB (40%)' over a bar; 'Unlimited data · 412 MB used' without a total. */
export function UsageBar({ usage, status }: { usage: EsimSummary['usage']; status: TravellerStatus }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const used = formatMb(usage.usedMb, language);
  if (usage.totalMb === null || usage.percent === null) {
    return (
      <Stack gap={4} data-testid="usage">
        <Text size="sm" fw={600}>
          {t('life.usage.unlimited')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="usage-text">
          {t('life.usage.usedOnly', { used })}
        </Text>
        {status === 'expired' ? (
          <Text size="sm" c="dimmed" data-testid="usage-left">
            {t('life.usage.noneLeft')}
          </Text>
        ) : null}
      </Stack>
    );
  }
  const total = formatMb(usage.totalMb, language);
  const percent = formatPercent(usage.percent, language);
  // An expired eSIM has no data left, whatever its packages held (the server says 0 too).
  const over = status === 'expired' || status === 'refunded';
  const left = over ? 0 : (usage.remainingMb ?? Math.max(0, usage.totalMb - usage.usedMb));
  const color = over ? 'gray.6' : status === 'depleted' || usage.percent >= 90 ? 'red.8' : usage.percent >= 80 ? 'orange.8' : 'brand.7';
  const label = t('life.usage.label', { used, total, percent });
  return (
    <Stack gap={6} data-testid="usage">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} data-testid="usage-text">
          {label}
        </Text>
        <Text size="sm" c="dimmed" data-testid="usage-left">
          {over || left === 0 ? t('life.usage.noneLeft') : t('life.usage.left', { left: formatMb(left, language) })}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section value={usage.percent} color={color} aria-label={label} />
      </Progress.Root>
    </Stack>
  );
}

/** '12 days left' / 'Validity starts at first connection' / 'Expired'. */
export function DaysLeft({ esim }: { esim: Pick<EsimSummary, 'daysLeft' | 'status'> }) {
  const { t } = useTranslation('esim');
  let text: string;
  if (esim.status === 'refunded') text = t('life.days.refunded');
  else if (esim.daysLeft === null) text = t('life.days.notStarted');
  else if (esim.daysLeft <= 0 || esim.status === 'expired') text = t('life.days.over');
  else text = t('life.days.left', { count: esim.daysLeft });
  return (
    <Text size="sm" data-testid="days-left">
      {text}
    </Text>
  );
}

/**
 * 'Buy again' on an expired eSIM: the same plan's checkout (a new eSIM), or the plans page when
 * the plan is no longer sold (its facts are gone).
 */
export function BuyAgain({ esim, fullWidth = false }: { esim: Pick<EsimSummary, 'status' | 'planId' | 'planFacts'>; fullWidth?: boolean }) {
  const { t } = useTranslation('esim');
  if (esim.status !== 'expired') return null;
  return esim.planFacts ? (
    <Button
      variant="filled"
      color="brand.7"
      fullWidth={fullWidth}
      leftSection={<IconRefresh size={16} aria-hidden />}
      data-testid="buy-again"
      renderRoot={(props) => <Link to="/checkout/$planId" params={{ planId: String(esim.planId) }} {...props} />}
    >
      {t('life.buyAgain')}
    </Button>
  ) : (
    <Button
      variant="filled"
      color="brand.7"
      fullWidth={fullWidth}
      leftSection={<IconRefresh size={16} aria-hidden />}
      data-testid="buy-again"
      renderRoot={(props) => <Link to="/plans" {...props} />}
    >
      {t('life.buyAgain')}
    </Button>
  );
}
