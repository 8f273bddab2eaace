// Data used per day (esims.get's dailyUsage, UTC days, oldest first): the shared accessible bar
// chart (components/bar-chart.tsx) with its figures table.
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/bar-chart.tsx';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { formatChartDay, formatMb } from './esim-format.ts';
import type { EsimDetail } from './esim-types.ts';

/** The chart shows the newest days up to this many. */
export const CHART_DAYS = 30;

export interface UsageChartSummary {
  days: number;
  totalMb: number;
  peak: { day: string; usedMb: number } | null;
}

/** The figures the summary sentence says. */
export function summarizeUsage(days: EsimDetail['dailyUsage']): UsageChartSummary {
  let peak: UsageChartSummary['peak'] = null;
  let totalMb = 0;
  for (const d of days) {
    totalMb += d.usedMb;
    if (d.usedMb > 0 && (peak === null || d.usedMb > peak.usedMb)) peak = d;
  }
  return { days: days.length, totalMb, peak };
}

export function UsageChart({ dailyUsage }: { dailyUsage: EsimDetail['dailyUsage'] }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const days = dailyUsage.slice(-CHART_DAYS);
  const summary = summarizeUsage(days);
  const sentence =
    days.length === 0 || summary.peak === null
      ? t('life.chart.none')
      : t('life.chart.summary', {
          count: summary.days,
          total: formatMb(summary.totalMb, language),
          peakDay: formatChartDay(summary.peak.day, language),
          peak: formatMb(summary.peak.usedMb, language),
        });
  return (
    <BarChart
      name="usage"
      texts={{
        heading: t('life.chart.heading'),
        summary: sentence,
        pointHeader: t('life.chart.day'),
        showFigures: t('life.chart.showFigures'),
        hideFigures: t('life.chart.hideFigures'),
      }}
      points={days}
      // Every day in the table, the newest first; the bars show the last CHART_DAYS.
      figures={[...dailyUsage].reverse()}
      pointKey={(d) => d.day}
      pointLabel={(d) => formatChartDay(d.day, language)}
      axisLabel={(d) => formatChartDay(d.day, language)}
      series={[
        {
          key: 'used',
          label: t('life.chart.used'),
          color: 'var(--mantine-color-brand-7)',
          value: (d) => d.usedMb,
          format: (mb) => <bdi>{formatMb(mb, language)}</bdi>,
          formatText: (mb) => formatMb(mb, language),
        },
      ]}
    />
  );
}
