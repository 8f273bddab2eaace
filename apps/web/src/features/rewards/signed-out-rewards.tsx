// Rewards for a guest (spec §2): 'Sign in to access your rewards' with 'Sign In' (back to
// /rewards afterwards) and 'Create Account'.
import { Button, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './rewards.module.css';

export function SignedOutRewards() {
  const { t } = useTranslation('rewards');
  return (
    <section className={classes.prompt} aria-labelledby="rewards-sign-in">
      <ThemeIcon size={56} radius="xl" variant="light" color="brand" aria-hidden="true">
        <IconLock size={28} />
      </ThemeIcon>
      <Title order={2} id="rewards-sign-in" className={classes.promptTitle}>
        {t('signedOut.title')}
      </Title>
      <Text className={classes.promptText}>{t('signedOut.text')}</Text>
      <Group gap="sm" justify="center" mt="lg">
        <Button size="md" renderRoot={(props) => <Link to="/login" search={{ redirect: '/rewards' }} {...props} />}>
          {t('signedOut.signIn')}
        </Button>
        <Button size="md" variant="default" renderRoot={(props) => <Link to="/register" {...props} />}>
          {t('signedOut.createAccount')}
        </Button>
      </Group>
    </section>
  );
}
