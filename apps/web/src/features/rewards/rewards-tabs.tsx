// The four tabs (spec §2): Overview, Achievements, Travel Check-ins, Points History.
import { Tabs } from '@mantine/core';
import { IconAward, IconHistory, IconLayoutDashboard, IconMapPin } from '@tabler/icons-react';
import { AchievementsTab } from './achievements-tab.tsx';
import { CheckInsTab } from './check-ins-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { PointsHistoryTab } from './points-history-tab.tsx';
import type { AchievementView } from './rewards-model.ts';
import { useRewardsText } from './rewards-text.tsx';
import { REWARDS_TABS, type CheckIn, type PointsHistoryEntry, type RewardsTab } from './types.ts';
import classes from './rewards.module.css';

export { REWARDS_TABS, type RewardsTab } from './types.ts';

const ICONS = { overview: IconLayoutDashboard, achievements: IconAward, checkIns: IconMapPin, history: IconHistory } as const;

export interface RewardsTabsProps {
  tab: RewardsTab;
  onTab: (tab: RewardsTab) => void;
  achievements: readonly AchievementView[];
  checkIns: readonly CheckIn[];
  history: readonly PointsHistoryEntry[];
  onOpenAchievement: (id: number) => void;
  onCheckIn: () => void;
}

export function RewardsTabs({ tab, onTab, achievements, checkIns, history, onOpenAchievement, onCheckIn }: RewardsTabsProps) {
  const { t } = useRewardsText();
  return (
    <Tabs
      value={tab}
      onChange={(value) => value && onTab(value as RewardsTab)}
      keepMounted={false}
      mt={{ base: 32, sm: 48 }}
      classNames={{ list: classes.tabList, tab: classes.tab }}
    >
      <Tabs.List aria-label={t('tabs.label')}>
        {REWARDS_TABS.map((key) => {
          const Icon = ICONS[key];
          return (
            <Tabs.Tab key={key} value={key} leftSection={<Icon size={16} aria-hidden />}>
              {t(`tabs.${key}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Tabs.Panel value="overview" pt="lg">
        <OverviewTab checkIns={checkIns} achievements={achievements} history={history} onTab={onTab} />
      </Tabs.Panel>
      <Tabs.Panel value="achievements" pt="lg">
        <AchievementsTab achievements={achievements} onOpen={onOpenAchievement} />
      </Tabs.Panel>
      <Tabs.Panel value="checkIns" pt="lg">
        <CheckInsTab checkIns={checkIns} onCheckIn={onCheckIn} />
      </Tabs.Panel>
      <Tabs.Panel value="history" pt="lg">
        <PointsHistoryTab history={history} />
      </Tabs.Panel>
    </Tabs>
  );
}
