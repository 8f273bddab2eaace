// Daily revenue (USD) and paid orders, one pair of bars per UTC day, drawn as plain HTML: no chart
// library. The bars are one image to assistive technology, named by a one-sentence summary; the
// figures themselves are a table behind 'Show the figures' (the text alternative, for everyone).
import { useId, useState } from 'react';
import { Box, Group, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../../lib/trpc.ts';
import { formatCount, formatDay, formatShortDay, formatUsdMinor } from '../ui/format.ts';
import classes from './daily-chart.module.css';

type Daily = RouterOutputs['admin']['dashboard']['summary']['daily'];

export interface DailySummary {
  days: number;
  usdMinor: number;
  orders: number;
  best: { day: string; usdMinor: number } | null;
}

export function summarizeDaily(daily: Daily): DailySummary {
  let usdMinor = 0;
  let orders = 0;
  let best: DailySummary['best'] = null;
  for (const d of daily) {
    usdMinor += d.usdMinor;
    orders += d.orders;
    if (d.usdMinor > 0 && (best === null || d.usdMinor > best.usdMinor)) best = { day: d.day, usdMinor: d.usdMinor };
  }
  return { days: daily.length, usdMinor, orders, best };
}

export function DailyChart({ daily }: { daily: Daily }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const id = useId();
  const headingId = `${id}-heading`;
  const tableId = `${id}-table`;
  const summary = summarizeDaily(daily);
  const maxUsd = Math.max(1, ...daily.map((d) => d.usdMinor));
  const maxOrders = Math.max(1, ...daily.map((d) => d.orders));
  const sentence =
    summary.best === null
      ? t('dashboard.chart.none')
      : t('dashboard.chart.summary', {
          count: summary.days,
          revenue: formatUsdMinor(summary.usdMinor),
          orders: formatCount(summary.orders),
          bestDay: formatDay(summary.best.day),
          bestRevenue: formatUsdMinor(summary.best.usdMinor),
        });
  const height = (value: number, max: number) => `${value === 0 ? 0 : Math.max(2, (value / max) * 100)}%`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="daily-chart">
      <Title order={2} fz="lg" id={headingId}>
        {t('dashboard.chart.heading')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} data-testid="daily-chart-summary">
        {sentence}
      </Text>
      {daily.length > 0 ? (
        <>
          <Group gap="md" mt="xs" aria-hidden="true">
            <Group gap={6}>
              <span className={`${classes.key} ${classes.revenue}`} />
              <Text size="xs">
                {t('dashboard.chart.revenueBars')} (max <bdi dir="ltr">{formatUsdMinor(maxUsd)}</bdi>)
              </Text>
            </Group>
            <Group gap={6}>
              <span className={`${classes.key} ${classes.orders}`} />
              <Text size="xs">
                {t('dashboard.chart.orderBars')} (max {formatCount(maxOrders)})
              </Text>
            </Group>
          </Group>
          <div className={classes.bars} role="img" aria-label={sentence} data-testid="daily-bars">
            {daily.map((d) => (
              <div
                key={d.day}
                className={classes.slot}
                title={`${formatDay(d.day)}: ${formatUsdMinor(d.usdMinor)}, ${formatCount(d.orders)} ${t('dashboard.chart.orders')}`}
              >
                <div className={`${classes.bar} ${classes.revenue}`} style={{ height: height(d.usdMinor, maxUsd) }} />
                <div className={`${classes.bar} ${classes.orders}`} style={{ height: height(d.orders, maxOrders) }} />
              </div>
            ))}
          </div>
          <Group justify="space-between" mt={4} aria-hidden="true">
            <Text size="xs" c="dimmed">
              {formatShortDay(daily[0]!.day)}
            </Text>
            {daily.length > 1 ? (
              <Text size="xs" c="dimmed">
                {formatShortDay(daily[daily.length - 1]!.day)}
              </Text>
            ) : null}
          </Group>
          <UnstyledButton
            className={classes.toggle}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={tableId}
            mt="xs"
          >
            <Group gap={4} wrap="nowrap" component="span">
              {open ? t('dashboard.chart.hideFigures') : t('dashboard.chart.showFigures')}
              <IconChevronDown size={14} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />
            </Group>
          </UnstyledButton>
          <div id={tableId} hidden={!open}>
            <Table.ScrollContainer
              minWidth={280}
              mah={360}
              type="native"
              tabIndex={0}
              role="region"
              aria-label={t('dashboard.chart.heading')}
            >
              <Table striped="even" verticalSpacing={4} fz="sm" data-testid="daily-table">
                <caption className={classes.caption}>{t('dashboard.chart.heading')}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('dashboard.chart.day')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('dashboard.chart.revenue')}
                    </Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('dashboard.chart.orders')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...daily].reverse().map((d) => (
                    <Table.Tr key={d.day}>
                      <Table.Th scope="row" fw={500}>
                        {formatDay(d.day)}
                      </Table.Th>
                      <Table.Td ta="end">
                        <bdi dir="ltr">{formatUsdMinor(d.usdMinor)}</bdi>
                      </Table.Td>
                      <Table.Td ta="end">{formatCount(d.orders)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </div>
        </>
      ) : null}
    </Box>
  );
}
