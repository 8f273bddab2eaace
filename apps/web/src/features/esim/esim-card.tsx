// One eSIM on /account/esim: plan, status (not installed / active / expired), ICCID, order and
// date, the QR code, and — behind 'Show install details' — the one-tap iPhone link, activation
// code and manual details.
import { useState } from 'react';
import { Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { usePlanTexts } from '../catalog/use-plan-texts.ts';
import { InstallDetails, InstallOnIphone, QrImage } from './install-details.tsx';

export type EsimRow = RouterOutputs['esims']['list'][number];

const STATUS_COLOR: Record<string, string> = { active: 'green', not_installed: 'brand', expired: 'gray', canceled: 'red' };
const STATUSES = ['not_installed', 'active', 'expired', 'canceled'] as const;

export function EsimStatus({ status }: { status: string }) {
  const { t } = useTranslation('esim');
  const known = STATUSES.find((s) => s === status);
  return (
    <Badge
      color={STATUS_COLOR[status] ?? 'gray'}
      variant="light"
      tt="none"
      size="lg"
      styles={{ label: { color: `var(--mantine-color-${STATUS_COLOR[status] ?? 'gray'}-9)` } }}
    >
      {known ? t(`status.${known}`) : status}
    </Badge>
  );
}

function formatDay(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(d);
}

export function EsimCard({ esim }: { esim: EsimRow }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const texts = usePlanTexts(esim.planFacts);
  const planName = texts?.name ?? esim.planName;
  const headingId = `esim-${esim.id}`;
  const installable = esim.status === 'not_installed';
  return (
    <Card padding="lg" component="article" aria-labelledby={headingId} h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} fz="lg" id={headingId}>
            <bdi>{planName}</bdi>
          </Title>
          <Text size="sm" c="dimmed">
            {t('card.purchased', { date: formatDay(esim.createdAt, language) })}
          </Text>
        </div>
        <EsimStatus status={esim.status} />
      </Group>

      <Group mt="md" align="flex-start" gap="lg" wrap="wrap">
        {installable ? <QrImage src={esim.qrCode} planName={planName} size={132} /> : null}
        <Stack gap={8} style={{ flex: 1, minWidth: 160 }}>
          <Field label={t('install.iccid')} value={esim.iccid} testId="esim-iccid" />
          <Field label={t('card.order')} value={esim.orderId} />
          <Text size="sm">{texts ? `${texts.data} · ${texts.validity}` : `${esim.planData} · ${esim.planValidity}`}</Text>
          {installable ? <InstallOnIphone url={esim.appleInstallUrl} /> : null}
        </Stack>
      </Group>

      {installable ? (
        <>
          <Button
            mt="md"
            variant="subtle"
            size="compact-md"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={`${headingId}-install`}
            rightSection={
              <IconChevronDown
                size={16}
                aria-hidden
                style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
              />
            }
          >
            {open ? t('card.hideInstall') : t('card.showInstall')}
          </Button>
          <Collapse expanded={open} id={`${headingId}-install`}>
            <div style={{ paddingTop: 12 }}>
              <InstallDetails
                esim={{ ...esim, qrCode: null, appleInstallUrl: null }}
                layout="compact"
                titleOrder={4}
                idPrefix={headingId}
              />
            </div>
          </Collapse>
        </>
      ) : (
        <Text size="sm" c="dimmed" mt="md">
          {esim.status === 'active' ? t('card.installed') : esim.status === 'expired' ? t('card.expired') : t('card.canceled')}
        </Text>
      )}
    </Card>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
