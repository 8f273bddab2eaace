// Daily revenue (USD) and paid orders, one pair of bars per UTC day: the shared accessible bar
// chart (components/bar-chart.tsx) with its figures table.
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/bar-chart.tsx';
import type { RouterOutputs } from '../../../lib/trpc.ts';
import { formatCount, formatDay, formatShortDay, formatUsdMinor } from '../ui/format.ts';

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
  const summary = summarizeDaily(daily);
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
  return (
    <BarChart
      name="daily"
      texts={{
        heading: t('dashboard.chart.heading'),
        summary: sentence,
        pointHeader: t('dashboard.chart.day'),
        showFigures: t('dashboard.chart.showFigures'),
        hideFigures: t('dashboard.chart.hideFigures'),
      }}
      points={daily}
      pointKey={(d) => d.day}
      pointLabel={(d) => formatDay(d.day)}
      axisLabel={(d) => formatShortDay(d.day)}
      tableMinWidth={280}
      series={[
        {
          key: 'revenue',
          label: t('dashboard.chart.revenue'),
          legend: t('dashboard.chart.revenueBars'),
          color: 'var(--mantine-color-brand-7)',
          value: (d) => d.usdMinor,
          format: (v) => <bdi dir="ltr">{formatUsdMinor(v)}</bdi>,
          formatText: formatUsdMinor,
        },
        {
          key: 'orders',
          label: t('dashboard.chart.orders'),
          legend: t('dashboard.chart.orderBars'),
          color: 'var(--mantine-color-orange-6)',
          value: (d) => d.orders,
          format: formatCount,
          formatText: formatCount,
        },
      ]}
    />
  );
}
