// The owner's promo codes (issue 29): each code's offer, window, uses (held of the limit), and per
// currency its paid redemptions, revenue and discount given (refunds taken off); Edit, Pause/Resume.
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { Code, DataTable, Money, formatDay, type DataColumn } from '../ui/index.ts';
import type { AdminPromoCode } from './promo-code-form.tsx';

export function PromoCodesTable({ codes, onEdit }: { codes: readonly AdminPromoCode[]; onEdit: (code: AdminPromoCode) => void }) {
  const { t } = useTranslation('promotions');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pause = useMutation(trpc.admin.promotions.setPaused.mutationOptions());
  const toggle = (c: AdminPromoCode) =>
    pause.mutate(
      { id: c.id, paused: !c.paused },
      {
        onSuccess: async (saved) => {
          await queryClient.invalidateQueries(trpc.admin.promotions.pathFilter());
          toast({ title: t(saved.paused ? 'admin.paused' : 'admin.resumed', { code: saved.code }) });
        },
      },
    );
  const perCurrency = (c: AdminPromoCode, cell: (f: AdminPromoCode['figures'][number]) => React.ReactNode) =>
    c.figures.length === 0 ? (
      '—'
    ) : (
      <Stack gap={2}>
        {c.figures.map((f) => (
          <span key={f.currency}>{cell(f)}</span>
        ))}
      </Stack>
    );
  const columns: DataColumn<AdminPromoCode>[] = [
    { key: 'code', header: t('admin.table.code'), rowHeader: true, nowrap: true, cell: (c) => <Code>{c.code}</Code> },
    {
      key: 'offer',
      header: t('admin.table.offer'),
      nowrap: true,
      cell: (c) =>
        c.kind === 'percent' ? (
          <bdi dir="ltr">{c.percent}%</bdi>
        ) : (
          <Stack gap={2}>
            {Object.entries(c.amounts ?? {}).map(([cur, minor]) => (
              <Money key={cur} minor={minor ?? 0} currency={cur} />
            ))}
          </Stack>
        ),
    },
    {
      key: 'valid',
      header: t('admin.table.valid'),
      cell: (c) =>
        !c.startsAt && !c.endsAt ? (
          t('admin.always')
        ) : (
          <Stack gap={2}>
            {c.startsAt ? <span>{t('admin.from', { date: formatDay(c.startsAt) })}</span> : null}
            {c.endsAt ? <span>{t('admin.until', { date: formatDay(c.endsAt) })}</span> : null}
          </Stack>
        ),
    },
    {
      key: 'uses',
      header: t('admin.table.uses'),
      nowrap: true,
      cell: (c) =>
        c.maxUses === null ? t('admin.unlimited', { held: c.usesHeld }) : t('admin.limited', { held: c.usesHeld, max: c.maxUses }),
    },
    {
      key: 'redemptions',
      header: t('admin.table.redemptions'),
      cell: (c) => perCurrency(c, (f) => <bdi dir="ltr">{`${f.redemptions} · ${f.currency}`}</bdi>),
    },
    {
      key: 'revenue',
      header: t('admin.table.revenue'),
      cell: (c) => perCurrency(c, (f) => <Money minor={f.revenueMinor} currency={f.currency} />),
    },
    {
      key: 'discount',
      header: t('admin.table.discount'),
      cell: (c) => perCurrency(c, (f) => <Money minor={f.discountMinor} currency={f.currency} />),
    },
    {
      key: 'status',
      header: t('admin.table.status'),
      cell: (c) => (
        <Badge color={c.paused ? 'gray.7' : 'green.9'} autoContrast variant="filled" tt="none" size="md" miw="max-content">
          {c.paused ? t('admin.status.paused') : t('admin.status.active')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('admin.table.actions'),
      nowrap: true,
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="default" onClick={() => onEdit(c)} aria-label={`${t('admin.edit')} ${c.code}`}>
            {t('admin.edit')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={pause.isPending && pause.variables?.id === c.id}
            onClick={() => toggle(c)}
            aria-label={`${c.paused ? t('admin.resume') : t('admin.pause')} ${c.code}`}
          >
            {c.paused ? t('admin.resume') : t('admin.pause')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('admin.caption')}
      columns={columns}
      rows={codes}
      rowKey={(c) => String(c.id)}
      empty={t('admin.none')}
      minWidth={980}
      testId="promo-codes-table"
    />
  );
}
