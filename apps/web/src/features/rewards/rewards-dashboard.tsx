// The signed-in part of /rewards. PLACEHOLDER: the programme (level card, benefits, progress,
// check-ins, achievements, points history; spec §2 'Rewards page, signed in') is a later issue
// and replaces this component's body. It receives the session user.
import { Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../auth/session.ts';
import classes from './rewards.module.css';

export function RewardsDashboard({ user }: { user: SessionUser }) {
  const { t } = useTranslation('rewards');
  return (
    <section className={classes.prompt} aria-labelledby="rewards-dashboard">
      <ThemeIcon size={56} radius="xl" variant="light" color="sunset" aria-hidden="true" className={classes.giftIcon}>
        <IconGift size={28} />
      </ThemeIcon>
      <Title order={2} id="rewards-dashboard" className={classes.promptTitle}>
        {t('signedIn.title')}
      </Title>
      <Text className={classes.promptText}>{t('signedIn.text', { name: user.fullName || user.username })}</Text>
    </section>
  );
}
