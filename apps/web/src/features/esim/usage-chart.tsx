// Data used per day (esims.get's dailyUsage, UTC days, oldest first), drawn as plain HTML bars:
// no chart library. The bars are one image to assistive technology, named by a one-sentence
// summary; the figures themselves are a table behind 'Show the figures' (the text alternative,
// for everyone).
import { Box, Group, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { formatChartDay, formatMb } from './esim-format.ts';
import type { EsimDetail } from './esim-types.ts';
import classes from './usage-chart.module.css';

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

export function UsageChart({ dailyUsage, idPrefix = 'usage' }: { dailyUsage: EsimDetail['dailyUsage']; idPrefix?: string }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const days = dailyUsage.slice(-CHART_DAYS);
  const headingId = `${idPrefix}-chart-heading`;
  const tableId = `${idPrefix}-chart-table`;
  const summary = summarizeUsage(days);
  const max = Math.max(1, ...days.map((d) => d.usedMb));
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
    <Box component="section" aria-labelledby={headingId} data-testid="usage-chart">
      <Title order={2} fz="lg" id={headingId}>
        {t('life.chart.heading')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} data-testid="usage-chart-summary">
        {sentence}
      </Text>
      {days.length > 0 ? (
        <>
          <div className={classes.frame}>
            <Text size="xs" c="dimmed" className={classes.max} aria-hidden="true">
              <bdi>{formatMb(max, language)}</bdi>
            </Text>
            <div className={classes.bars} role="img" aria-label={sentence} data-testid="usage-bars">
              {days.map((d) => (
                <div key={d.day} className={classes.slot} title={`${formatChartDay(d.day, language)}: ${formatMb(d.usedMb, language)}`}>
                  <div
                    className={classes.bar}
                    data-empty={d.usedMb === 0 || undefined}
                    style={{ height: `${d.usedMb === 0 ? 0 : Math.max(2, (d.usedMb / max) * 100)}%` }}
                  />
                </div>
              ))}
            </div>
            <Group justify="space-between" className={classes.axis} aria-hidden="true">
              <Text size="xs" c="dimmed">
                {formatChartDay(days[0]!.day, language)}
              </Text>
              {days.length > 1 ? (
                <Text size="xs" c="dimmed">
                  {formatChartDay(days[days.length - 1]!.day, language)}
                </Text>
              ) : null}
            </Group>
          </div>
          <UnstyledButton
            className={classes.toggle}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={tableId}
            mt="xs"
          >
            <Group gap={4} wrap="nowrap" component="span">
              {open ? t('life.chart.hideFigures') : t('life.chart.showFigures')}
              <IconChevronDown size={14} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />
            </Group>
          </UnstyledButton>
          <div id={tableId} hidden={!open}>
            <Table.ScrollContainer minWidth={240} mah={320} type="native" tabIndex={0} role="region" aria-label={t('life.chart.heading')}>
              <Table striped="even" verticalSpacing={4} fz="sm" data-testid="usage-table">
                <caption className={classes.caption}>{t('life.chart.heading')}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('life.chart.day')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('life.chart.used')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...dailyUsage].reverse().map((d) => (
                    <Table.Tr key={d.day}>
                      <Table.Th scope="row" fw={500}>
                        {formatChartDay(d.day, language)}
                      </Table.Th>
                      <Table.Td ta="end">
                        <bdi>{formatMb(d.usedMb, language)}</bdi>
                      </Table.Td>
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
