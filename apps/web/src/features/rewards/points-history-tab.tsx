// The Points History tab (spec §2): source in title case, description when given, the signed
// points (green for zero or more, red below) followed by 'points', and the date.
import { Paper, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { Points, useRewardsText } from './rewards-text.tsx';
import type { PointsHistoryEntry } from './types.ts';
import classes from './rewards.module.css';

export function PointsHistoryTab({ history }: { history: readonly PointsHistoryEntry[] }) {
  const x = useRewardsText();
  if (history.length === 0) {
    return (
      <div data-testid="history-empty">
        <EmptyState icon={IconHistory} title={x.t('history.empty')} />
      </div>
    );
  }
  return (
    <Paper withBorder radius="lg" className={classes.history}>
      <ul className={classes.list}>
        {history.map((entry) => (
          <li key={entry.id} className={classes.historyRow} data-testid="history-entry" data-source={entry.source}>
            <div className={classes.rowMain}>
              <Text fw={700}>{x.source(entry.source)}</Text>
              {entry.description ? (
                <Text size="sm" c="dimmed">
                  {entry.description}
                </Text>
              ) : null}
            </div>
            <div className={classes.historyEnd}>
              <Text
                fw={750}
                className={entry.points < 0 ? classes.loss : classes.gain}
                data-sign={entry.points < 0 ? 'negative' : 'positive'}
              >
                <Points value={entry.points} unit="points" />
              </Text>
              <Text size="xs" c="dimmed">
                {x.date(entry.createdAt)}
              </Text>
            </div>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
