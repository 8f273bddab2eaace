// A bar chart drawn as plain HTML (no chart library), accessible: the bars are one image to
// assistive technology, named by a one-sentence summary the caller writes; the figures themselves
// are a table behind 'Show the figures' (the text alternative, for everyone). One or more series
// (one bar each per point, side by side); each series' colour is a CSS colour. Used by the admin
// dashboard (daily revenue and orders) and the traveller's eSIM page (data used per day).
import { useId, useState, type ReactNode } from 'react';
import { Box, Group, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './bar-chart.module.css';

export interface BarSeries<T> {
  key: string;
  /** The column header in the figures table. */
  label: string;
  /** The legend's text (shown with several series); default: the label. */
  legend?: string;
  /** A CSS colour, e.g. 'var(--mantine-color-brand-7)'. */
  color: string;
  value: (point: T) => number;
  /** The value as the table and the legend's maximum show it (a <bdi> where its direction matters). */
  format: (value: number) => ReactNode;
  /** The value as text, for the bar's tooltip. */
  formatText: (value: number) => string;
}

export interface BarChartTexts {
  heading: string;
  /** The one-sentence summary: under the heading, and the name of the bars' image. */
  summary: string;
  /** The figures table's first column. */
  pointHeader: string;
  showFigures: string;
  hideFigures: string;
}

export interface BarChartProps<T> {
  texts: BarChartTexts;
  /** The points drawn, in order (oldest first). */
  points: readonly T[];
  /** The rows of the figures table, newest first; default: the points, reversed. */
  figures?: readonly T[];
  pointKey: (point: T) => string;
  /** The point's name in the table and the tooltip ('24 Nov 2026'). */
  pointLabel: (point: T) => string;
  /** Its short name under the first and last bar ('24 Nov'). */
  axisLabel: (point: T) => string;
  series: readonly BarSeries<T>[];
  /** Names the test ids: <name>-chart, <name>-chart-summary, <name>-bars, <name>-table. */
  name: string;
  /** The table's least width before it scrolls sideways. */
  tableMinWidth?: number;
}

/** A bar's height: none for 0, else at least 2% so that a small value is still seen, at most 100%. */
export function barHeight(value: number, max: number): string {
  return `${value <= 0 ? 0 : Math.min(100, Math.max(2, (value / Math.max(1, max)) * 100))}%`;
}

export function BarChart<T>({
  texts,
  points,
  figures,
  pointKey,
  pointLabel,
  axisLabel,
  series,
  name,
  tableMinWidth = 240,
}: BarChartProps<T>) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const headingId = `${id}-heading`;
  const tableId = `${id}-table`;
  const maxima = series.map((s) => Math.max(1, ...points.map(s.value)));
  const several = series.length > 1;
  const tooltip = (p: T) =>
    `${pointLabel(p)}: ${series.map((s) => (several ? `${s.legend ?? s.label} ${s.formatText(s.value(p))}` : s.formatText(s.value(p)))).join(', ')}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`${name}-chart`}>
      <Title order={2} fz="lg" id={headingId}>
        {texts.heading}
      </Title>
      <Text size="sm" c="dimmed" mt={4} data-testid={`${name}-chart-summary`}>
        {texts.summary}
      </Text>
      {points.length > 0 ? (
        <>
          <div className={classes.frame}>
            {several ? (
              <Group gap="md" className={classes.max} aria-hidden="true">
                {series.map((s, i) => (
                  <Group gap={6} key={s.key}>
                    <span className={classes.key} style={{ background: s.color }} />
                    <Text size="xs">
                      {s.legend ?? s.label} (max {s.format(maxima[i]!)})
                    </Text>
                  </Group>
                ))}
              </Group>
            ) : (
              <Text size="xs" c="dimmed" className={classes.max} aria-hidden="true">
                {series[0]?.format(maxima[0]!)}
              </Text>
            )}
            <div className={classes.bars} role="img" aria-label={texts.summary} data-testid={`${name}-bars`}>
              {points.map((p) => (
                <div key={pointKey(p)} className={classes.slot} data-series={several ? 'many' : 'one'} title={tooltip(p)}>
                  {series.map((s, i) => (
                    <div key={s.key} className={classes.bar} style={{ background: s.color, height: barHeight(s.value(p), maxima[i]!) }} />
                  ))}
                </div>
              ))}
            </div>
            <Group justify="space-between" className={classes.axis} aria-hidden="true">
              <Text size="xs" c="dimmed">
                {axisLabel(points[0]!)}
              </Text>
              {points.length > 1 ? (
                <Text size="xs" c="dimmed">
                  {axisLabel(points[points.length - 1]!)}
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
              {open ? texts.hideFigures : texts.showFigures}
              <IconChevronDown size={14} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />
            </Group>
          </UnstyledButton>
          <div id={tableId} hidden={!open}>
            <Table.ScrollContainer minWidth={tableMinWidth} mah={360} type="native" tabIndex={0} role="region" aria-label={texts.heading}>
              <Table striped="even" verticalSpacing={4} fz="sm" data-testid={`${name}-table`}>
                <caption className={classes.caption}>{texts.heading}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{texts.pointHeader}</Table.Th>
                    {series.map((s) => (
                      <Table.Th key={s.key} scope="col" ta="end">
                        {s.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(figures ?? [...points].reverse()).map((p) => (
                    <Table.Tr key={pointKey(p)}>
                      <Table.Th scope="row" fw={500}>
                        {pointLabel(p)}
                      </Table.Th>
                      {series.map((s) => (
                        <Table.Td key={s.key} ta="end">
                          {s.format(s.value(p))}
                        </Table.Td>
                      ))}
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
