// The Points History tab (spec §2): source in title case, description when given, the signed
// points (green for zero or more, red below) followed by 'points', and the date. The description
// is worded here, in the UI language, from the facts the server sends (the plan's composed name as
// on receipts, the region, the achievement); the stored English text is the fallback.
import { Paper, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { usePlanTextsFn } from '../catalog/use-plan-texts.ts';
import { localCountryName } from '../coverage/countries.ts';
import { Points, type RewardsText, useRewardsText } from './rewards-text.tsx';
import type { PointsHistoryEntry } from './types.ts';

type Compose = ReturnType<typeof usePlanTextsFn>;
type Facts = NonNullable<Parameters<NonNullable<Compose>>[0]>;

/** First-strong isolates, so an order number or a Latin plan name keeps its order inside Arabic. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The row's description in the UI language, from its facts; else the stored text (or none). */
export function historyDescription(entry: PointsHistoryEntry, x: RewardsText, compose: Compose): string | undefined {
  const about = entry.about;
  if (!about) return entry.description;
  const t = x.t as unknown as (key: string, values: Record<string, string>) => string;
  const plan = (o: { planName: string; planFacts: Facts | null }) =>
    isolate(o.planFacts && compose ? compose(o.planFacts).name : o.planName);
  switch (about.kind) {
    case 'purchase':
    case 'pointsUsed':
    case 'pointsReturned':
    case 'refund':
      return t(`history.about.${about.kind}`, { plan: plan(about.order), order: isolate(about.order.id) });
    case 'achievement':
      return t('history.about.achievement', { name: x.achievementName(about.achievement) });
    case 'achievementEnded':
      return about.order
        ? t('history.about.achievementEnded', { order: isolate(about.order.id), name: x.achievementName(about.achievement) })
        : t('history.about.achievementEndedNoOrder', { name: x.achievementName(about.achievement) });
    case 'checkIn':
      return t(about.verifiedTrip ? 'history.about.checkInVerified' : 'history.about.checkIn', {
        place: localCountryName(about.region, x.language),
      });
  }
}
import classes from './rewards.module.css';

export function PointsHistoryTab({ history }: { history: readonly PointsHistoryEntry[] }) {
  const x = useRewardsText();
  const compose = usePlanTextsFn();
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
        {history.map((entry) => {
          const description = historyDescription(entry, x, compose);
          return (
            <li key={entry.id} className={classes.historyRow} data-testid="history-entry" data-source={entry.source}>
              <div className={classes.rowMain}>
                <Text fw={700}>{x.source(entry.source)}</Text>
                {description ? (
                  <Text size="sm" c="dimmed">
                    {description}
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
          );
        })}
      </ul>
    </Paper>
  );
}
