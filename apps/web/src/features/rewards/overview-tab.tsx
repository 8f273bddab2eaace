// The Overview tab (spec §2): the latest 3 check-ins, the latest 3 completed achievements and the
// latest 5 points entries, each card with its empty text and a 'View All…' button that switches tab.
import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RegionFlag } from '../catalog/region-flag.tsx';
import { localCountryName } from '../coverage/countries.ts';
import { type AchievementView, recentCheckIns, recentCompleted, recentPoints } from './rewards-model.ts';
import { Points, useRewardsText } from './rewards-text.tsx';
import type { RewardsTab } from './types.ts';
import type { CheckIn, PointsHistoryEntry } from './types.ts';
import classes from './rewards.module.css';

export interface OverviewTabProps {
  checkIns: readonly CheckIn[];
  achievements: readonly AchievementView[];
  history: readonly PointsHistoryEntry[];
  onTab: (tab: RewardsTab) => void;
}

export function OverviewTab({ checkIns, achievements, history, onTab }: OverviewTabProps) {
  const x = useRewardsText();
  const { t } = x;
  const lastCheckIns = recentCheckIns(checkIns);
  const lastAchievements = recentCompleted(achievements);
  const lastPoints = recentPoints(history);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <OverviewCard
        id="recent-check-ins"
        title={t('overview.recentCheckIns')}
        action={t('overview.viewAllCheckIns')}
        onAction={() => onTab('checkIns')}
      >
        {lastCheckIns.length === 0 ? (
          <Empty>{t('overview.noCheckIns')}</Empty>
        ) : (
          <ul className={classes.rows}>
            {lastCheckIns.map((c) => (
              <li key={c.id} className={classes.row}>
                <RegionFlag code={c.region?.code ?? ''} flagIcon={c.region?.flagIcon ?? null} size="sm" />
                <div className={classes.rowMain}>
                  <Text fw={600} size="sm" lineClamp={1}>
                    {c.region ? localCountryName(c.region, x.language) : t('checkIns.unknownLocation')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {x.date(c.checkInDate)}
                  </Text>
                </div>
                <Text size="sm" fw={700} className={classes.gain}>
                  <Points value={c.pointsAwarded} />
                </Text>
              </li>
            ))}
          </ul>
        )}
      </OverviewCard>

      <OverviewCard
        id="recent-achievements"
        title={t('overview.recentAchievements')}
        action={t('overview.viewAllAchievements')}
        onAction={() => onTab('achievements')}
      >
        {lastAchievements.length === 0 ? (
          <Empty>{t('overview.noAchievements')}</Empty>
        ) : (
          <ul className={classes.rows}>
            {lastAchievements.map((a) => (
              <li key={a.achievement.id} className={classes.row}>
                <div className={classes.rowMain}>
                  <Text fw={600} size="sm" lineClamp={1}>
                    {x.achievementName(a.achievement)}
                  </Text>
                  {a.earnedAt ? (
                    <Text size="xs" c="dimmed">
                      {x.date(a.earnedAt)}
                    </Text>
                  ) : null}
                </div>
                <Text size="sm" fw={700} className={classes.gain}>
                  <Points value={a.achievement.pointsAwarded} />
                </Text>
              </li>
            ))}
          </ul>
        )}
      </OverviewCard>

      <OverviewCard
        id="points-activity"
        title={t('overview.pointsActivity')}
        action={t('overview.viewFullHistory')}
        onAction={() => onTab('history')}
      >
        {lastPoints.length === 0 ? (
          <Empty>{t('overview.noActivity')}</Empty>
        ) : (
          <ul className={classes.rows}>
            {lastPoints.map((p) => (
              <li key={p.id} className={classes.row}>
                <div className={classes.rowMain}>
                  <Text fw={600} size="sm" lineClamp={1}>
                    {x.source(p.source)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {x.date(p.createdAt)}
                  </Text>
                </div>
                <Text size="sm" fw={700} className={p.points < 0 ? classes.loss : classes.gain}>
                  <Points value={p.points} />
                </Text>
              </li>
            ))}
          </ul>
        )}
      </OverviewCard>
    </SimpleGrid>
  );
}

function OverviewCard({
  id,
  title,
  action,
  onAction,
  children,
}: {
  id: string;
  title: string;
  action: string;
  onAction: () => void;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="lg" p="lg" className={classes.card}>
      <Stack gap="md" h="100%">
        <Title order={3} id={id} className={classes.cardTitle}>
          {title}
        </Title>
        <div className={classes.cardBody}>{children}</div>
        <Button variant="light" fullWidth onClick={onAction}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" className={classes.emptyText}>
      {children}
    </Text>
  );
}
