// The level card (spec §2 'Rewards page', signed in): '{level} Level', its description, total and
// available points, the travel streak, the travel bonus ('1.2x data'), 'Member Benefits', the
// progress to the next level (not at the top level) and 'Check In to Earn Points'.
import { Button, Group, List, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconCircleCheck, IconFlame, IconMapPinCheck, IconPlaneDeparture, IconStar, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DEFAULT_LEVEL_COLOR, DEFAULT_MULTIPLIER, type LevelState } from './rewards-model.ts';
import { Ltr, useRewardsText } from './rewards-text.tsx';
import type { RewardsProfile } from './types.ts';
import classes from './rewards.module.css';

export interface LevelCardProps {
  profile: RewardsProfile | undefined;
  state: LevelState;
  onCheckIn: () => void;
}

export function LevelCard({ profile, state, onCheckIn }: LevelCardProps) {
  const x = useRewardsText();
  const { t } = x;
  const { level, next, pointsNeeded, percent } = state;
  const color = level?.color || DEFAULT_LEVEL_COLOR;
  const multiplier = level?.dataRewardMultiplier ?? DEFAULT_MULTIPLIER;
  const perks = level ? x.levelPerks(level) : [];
  const streak = profile?.streakDays ?? 0;
  const levelName = x.levelName(level);

  return (
    <Paper
      component="section"
      aria-labelledby="rewards-level"
      className={classes.levelCard}
      style={{ '--level-color': color }}
      data-testid="level-card"
    >
      <div className={classes.levelCardMain}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <span className={classes.levelBadge} aria-hidden="true">
            <IconAward size={28} />
          </span>
          <div>
            <Title order={2} id="rewards-level" className={classes.levelTitle}>
              {t('dashboard.levelName', { name: levelName })}
            </Title>
            {level ? (
              <Text c="dimmed" mt={4}>
                {x.levelDescription(level)}
              </Text>
            ) : null}
          </div>
        </Group>

        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="sm" mt="lg" className={classes.stats}>
          <Stat icon={<IconStar size={18} />} label={t('dashboard.totalPoints')} testId="total-points">
            <Ltr>{x.number(profile?.totalPointsEarned ?? 0)}</Ltr>
          </Stat>
          <Stat icon={<IconWallet size={18} />} label={t('dashboard.availablePoints')} testId="available-points">
            <Ltr>{x.number(profile?.currentPoints ?? 0)}</Ltr>
          </Stat>
          <Stat icon={<IconFlame size={18} />} label={t('dashboard.streak')} testId="streak">
            {t('dashboard.streakDays', { count: streak })}
          </Stat>
          <Stat icon={<IconPlaneDeparture size={18} />} label={t('dashboard.travelBonus')} testId="travel-bonus">
            {t('dashboard.multiplier', { multiplier: x.number(multiplier) })}
          </Stat>
        </SimpleGrid>
        {profile && profile.reservedPoints > 0 ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t('dashboard.reserved', { points: x.number(profile.reservedPoints) })}
          </Text>
        ) : null}

        {next ? (
          <div className={classes.nextLevel} data-testid="next-level">
            <Group justify="space-between" gap="xs" mb={6}>
              <Text fw={600}>{t('dashboard.nextLevel', { name: x.levelName(next) })}</Text>
              <Text size="sm" c="dimmed">
                {t('dashboard.pointsNeeded', { count: pointsNeeded ?? 0 })}
              </Text>
            </Group>
            <Progress value={percent} size="lg" radius="xl" aria-label={t('dashboard.progressLabel', { name: x.levelName(next) })} />
          </div>
        ) : profile ? (
          <Text mt="lg" fw={600} className={classes.topLevel}>
            {t('dashboard.topLevel')}
          </Text>
        ) : null}
      </div>

      <Stack className={classes.benefits} gap="sm">
        <Title order={3} className={classes.benefitsTitle}>
          {t('dashboard.benefits')}
        </Title>
        {perks.length > 0 ? (
          <List
            spacing={8}
            size="sm"
            icon={
              <ThemeIcon size={20} radius="xl" color="green.9" aria-hidden="true">
                <IconCircleCheck size={14} />
              </ThemeIcon>
            }
          >
            {perks.map((perk) => (
              <List.Item key={perk}>{perk}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t('dashboard.noBenefits')}
          </Text>
        )}
        <Button
          mt="auto"
          size="md"
          fullWidth
          leftSection={<IconMapPinCheck size={18} aria-hidden />}
          onClick={onCheckIn}
          classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
        >
          {t('dashboard.checkIn')}
        </Button>
      </Stack>
    </Paper>
  );
}

function Stat({ icon, label, testId, children }: { icon: ReactNode; label: string; testId: string; children: ReactNode }) {
  return (
    <div className={classes.stat} data-testid={testId}>
      <Text component="dt" size="xs" fw={700} tt="uppercase" className={classes.statLabel}>
        <span className={classes.statIcon} aria-hidden="true">
          {icon}
        </span>
        {label}
      </Text>
      <Text component="dd" fw={750} className={classes.statValue}>
        {children}
      </Text>
    </div>
  );
}
