// What the programme offers, for everyone: how points are earned and the four levels.
import { SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconBackpack, IconCompass, IconMapPinCheck, IconPlaneDeparture, IconTrendingUp, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REWARD_LEVELS } from './levels.ts';
import classes from './rewards.module.css';

const LEVEL_ICONS = { traveler: IconBackpack, explorer: IconCompass, globetrotter: IconWorld, jetsetter: IconPlaneDeparture } as const;

const STEPS = [
  { key: 'checkIn', Icon: IconMapPinCheck },
  { key: 'achievements', Icon: IconAward },
  { key: 'levelUp', Icon: IconTrendingUp },
] as const;

export function ProgrammeOverview() {
  const { t } = useTranslation('rewards');
  return (
    <>
      <section aria-labelledby="rewards-how" className={classes.block}>
        <Title order={2} id="rewards-how" className={classes.blockTitle}>
          {t('how.title')}
        </Title>
        <SimpleGrid component="ol" cols={{ base: 1, sm: 3 }} spacing="lg" mt="xl" className={classes.list}>
          {STEPS.map(({ key, Icon }) => (
            <li key={key} className={classes.step}>
              <ThemeIcon size={48} radius="md" variant="light" color="brand" aria-hidden="true">
                <Icon size={26} />
              </ThemeIcon>
              <Title order={3} className={classes.stepTitle}>
                {t(`how.${key}.title`)}
              </Title>
              <Text size="sm" className={classes.muted}>
                {t(`how.${key}.text`)}
              </Text>
            </li>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="rewards-levels" className={classes.block}>
        <Title order={2} id="rewards-levels" className={classes.blockTitle}>
          {t('levels.title')}
        </Title>
        <Text c="dimmed" ta="center" mt={8}>
          {t('levels.subtitle')}
        </Text>
        <SimpleGrid component="ol" cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" mt="xl" className={classes.list}>
          {REWARD_LEVELS.map((level, index) => {
            const Icon = LEVEL_ICONS[level];
            return (
              <li key={level} className={classes.level} data-level={level}>
                <span className={classes.medal} aria-hidden="true">
                  <Icon size={22} />
                </span>
                <Text size="xs" fw={700} tt="uppercase" className={classes.levelNumber}>
                  {t('levels.level', { number: index + 1 })}
                </Text>
                <Title order={3} className={classes.levelName}>
                  {t(`catalog.levels.${level}.name`)}
                </Title>
                <Text size="sm" className={classes.muted}>
                  {t(`catalog.levels.${level}.description`)}
                </Text>
              </li>
            );
          })}
        </SimpleGrid>
      </section>
    </>
  );
}
