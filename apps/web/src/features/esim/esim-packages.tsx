// The packages on one eSIM, in the order they are used: the first plan, then top-ups and monthly
// renewals, each with its state (waiting, in use, used up, expired, refunded), its data used,
// its dates, and — for a top-up still waiting its turn — its own refund.
import { Badge, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { usePlanTexts } from '../catalog/use-plan-texts.ts';
import { formatDay, formatMb, formatPercent } from './esim-format.ts';
import type { EsimPackage } from './esim-types.ts';
import { RefundAction } from './refund-action.tsx';
import classes from './esim-detail.module.css';

const STATE_COLOR: Record<EsimPackage['state'], string> = {
  queued: 'brand',
  active: 'green',
  finished: 'orange',
  expired: 'gray',
  refunded: 'red',
};

export function EsimPackages({ packages, idPrefix = 'packages' }: { packages: readonly EsimPackage[]; idPrefix?: string }) {
  const { t } = useTranslation('esim');
  const headingId = `${idPrefix}-heading`;
  return (
    <section aria-labelledby={headingId} data-testid="packages">
      <Title order={2} fz="lg" id={headingId}>
        {t('life.packages.heading')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('life.packages.intro')}
      </Text>
      <ol className={classes.packages}>
        {packages.map((p, i) => (
          <PackageItem key={p.orderId} pkg={p} position={i + 1} />
        ))}
      </ol>
    </section>
  );
}

function PackageItem({ pkg, position }: { pkg: EsimPackage; position: number }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const texts = usePlanTexts(pkg.planFacts);
  const name = texts?.name ?? pkg.planName;
  const color = STATE_COLOR[pkg.state] ?? 'gray';
  const percent = pkg.dataMb ? Math.min(100, Math.floor((pkg.usedMb * 100) / pkg.dataMb)) : null;
  const used = formatMb(pkg.usedMb, language);
  const usage =
    pkg.dataMb === null
      ? t('life.packages.usedUnlimited', { used })
      : t('life.usage.label', { used, total: formatMb(pkg.dataMb, language), percent: formatPercent(percent ?? 0, language) });
  const dates: string[] = [t('life.packages.bought', { date: formatDay(pkg.purchasedAt, language) ?? '' })];
  const started = formatDay(pkg.startedAt, language);
  const ends = formatDay(pkg.expiresAt, language);
  if (started) dates.push(t('life.packages.started', { date: started }));
  if (ends) dates.push(pkg.state === 'expired' ? t('life.packages.ended', { date: ends }) : t('life.packages.ends', { date: ends }));
  const subject = `${t(`life.packages.kinds.${pkg.kind}`)} – ${name}`;
  return (
    <li className={classes.package} data-order-id={pkg.orderId} data-state={pkg.state}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {t('life.packages.position', { position })} · {t(`life.packages.kinds.${pkg.kind}`)}
          </Text>
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
            <bdi>{name}</bdi>
          </Title>
        </div>
        <Badge
          color={color}
          variant="light"
          tt="none"
          styles={{ root: { flexShrink: 0 }, label: { color: `var(--mantine-color-${color}-9)` } }}
        >
          {t(`life.packages.states.${pkg.state}`)}
        </Badge>
      </Group>
      <Stack gap={6} mt="xs">
        <Text size="sm">{usage}</Text>
        {percent !== null && pkg.state !== 'refunded' ? (
          <Progress.Root size="sm" radius="xl">
            <Progress.Section value={percent} color={pkg.state === 'finished' ? 'orange.8' : 'brand.7'} aria-label={`${name}: ${usage}`} />
          </Progress.Root>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('life.packages.validity', { count: pkg.validityDays })} · {dates.join(' · ')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('life.packages.order')}{' '}
          <Text span ff="monospace" size="xs" dir="ltr">
            {pkg.orderId}
          </Text>
        </Text>
        {pkg.kind === 'topup' && (pkg.state === 'queued' || pkg.refund.eligible) ? (
          <RefundAction orderId={pkg.orderId} refund={pkg.refund} subject={subject} kind="topup" />
        ) : null}
      </Stack>
    </li>
  );
}
