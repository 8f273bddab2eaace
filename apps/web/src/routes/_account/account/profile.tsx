import { Loader, Paper, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from '../../../features/account/password-form.tsx';
import { ProfileForm } from '../../../features/account/profile-form.tsx';
import { useSession } from '../../../features/auth/session.ts';
import { pageHead, tHead } from '../../../lib/page-meta.ts';

// Sign-in & security and Sessions (issue 27): a chunk of their own, loaded after the profile form.
const SecuritySections = lazy(() => import('../../../features/account/security/security-sections.tsx'));

export const Route = createFileRoute('/_account/account/profile')({
  head: ({ match }) =>
    pageHead(match.pathname, {
      title: tHead('account:meta.profileTitle'),
      description: tHead('account:meta.profileDescription'),
      noindex: true,
    }),
  component: ProfilePage,
});

function ProfilePage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="xl">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {t('layout.profile')}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white" component="section" aria-labelledby="profile-heading">
        <Title order={3} fz="lg" mb="md" id="profile-heading">
          {t('profile.title')}
        </Title>
        {/* Keyed by user id: a different user gets a fresh form. */}
        <ProfileForm key={user.id} user={user} variant="full" labelledBy="profile-heading" />
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white" component="section" aria-labelledby="password-heading">
        <Title order={3} fz="lg" mb="xs" id="password-heading">
          {t('password.title')}
        </Title>
        <PasswordForm labelledBy="password-heading" />
      </Paper>
      <Suspense fallback={<Loader size="sm" role="status" aria-label={t('security.loading')} />}>
        <SecuritySections />
      </Suspense>
    </Stack>
  );
}
