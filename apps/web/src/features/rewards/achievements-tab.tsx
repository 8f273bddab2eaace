// The Achievements tab (spec §2): every achievement, grouped by category ('Check Ins'); a tile shows
// name, description, category badge, '+N pts', 'Completed' when done, and for an unfinished one
// with a target above 1 a progress bar with 'progress / target' and the percentage. A tile opens
// the detail dialog.
import { Badge, Group, Progress, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAward, IconCircleCheck } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { type AchievementView, groupByCategory, progressPercent } from './rewards-model.ts';
import { Ltr, Points, useRewardsText } from './rewards-text.tsx';
import classes from './rewards.module.css';

export interface AchievementsTabProps {
  achievements: readonly AchievementView[];
  onOpen: (achievementId: number) => void;
}

export function AchievementsTab({ achievements, onOpen }: AchievementsTabProps) {
  const x = useRewardsText();
  const groups = groupByCategory(achievements);
  if (groups.length === 0) {
    return <EmptyState icon={IconAward} title={x.t('achievements.empty')} />;
  }
  return (
    <Stack gap="xl">
      {groups.map(({ category, items }) => (
        <section key={category} aria-labelledby={`achievements-${category}`}>
          <Title order={3} id={`achievements-${category}`} className={classes.groupTitle}>
            {x.category(category)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mt="sm">
            {items.map((view) => (
              <AchievementTile key={view.achievement.id} view={view} onOpen={onOpen} />
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}

function AchievementTile({ view, onOpen }: { view: AchievementView; onOpen: (id: number) => void }) {
  const x = useRewardsText();
  const { achievement, progress, target, isCompleted } = view;
  const name = x.achievementName(achievement);
  const percent = progressPercent(progress, target);
  return (
    <UnstyledButton
      className={classes.tile}
      data-completed={isCompleted || undefined}
      onClick={() => onOpen(achievement.id)}
      aria-haspopup="dialog"
      data-testid={`achievement-${achievement.key}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={700} className={classes.tileTitle}>
          {name}
        </Text>
        <Text size="sm" fw={700} className={classes.gain}>
          <Points value={achievement.pointsAwarded} />
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {x.achievementDescription(achievement)}
      </Text>
      <Group gap={6} mt="sm">
        <Badge variant="light" color="brand" radius="sm" className={classes.badgeText}>
          {x.category(achievement.category)}
        </Badge>
        {isCompleted ? (
          <Badge color="green.9" radius="sm" className={classes.badgeText} leftSection={<IconCircleCheck size={12} aria-hidden />}>
            {x.t('achievements.completed')}
          </Badge>
        ) : null}
      </Group>
      {!isCompleted && target > 1 ? (
        <div className={classes.tileProgress} data-testid="tile-progress">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="xs" c="dimmed">
              <Ltr>
                {x.number(progress)} / {x.number(target)}
              </Ltr>
            </Text>
            <Text size="xs" c="dimmed">
              {x.percent(percent)}
            </Text>
          </Group>
          <Progress value={percent} size="sm" radius="xl" aria-label={x.t('achievements.progressLabel', { name })} />
        </div>
      ) : null}
    </UnstyledButton>
  );
}
