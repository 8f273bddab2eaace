// The Profile Settings page's 'Sign-in & security' and 'Sessions' sections (issue 27), in a chunk
// of their own that the profile page loads lazily: the shop's first load and the profile form's
// chunk stay as they were. They sit on /account/profile rather than a route of their own because a
// route's definition is part of the shop's entry, which is at its 160 kB budget (README).
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SecondFactors } from './second-factors.tsx';
import { SessionList } from './session-list.tsx';
import { YourData } from './your-data.tsx';

export default function SecuritySections() {
  const { t } = useTranslation('account');
  const { t: tr } = useTranslation('rights');
  return (
    <Stack gap="xl">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white" component="section" aria-labelledby="security-heading">
        <Title order={3} fz="lg" mb="xs" id="security-heading">
          {t('security.title')}
        </Title>
        <SecondFactors />
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white" component="section" aria-labelledby="sessions-heading">
        <Title order={3} fz="lg" mb="xs" id="sessions-heading">
          {t('sessions.title')}
        </Title>
        <SessionList />
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white" component="section" aria-labelledby="your-data-heading">
        <Title order={3} fz="lg" mb="xs" id="your-data-heading">
          {tr('data.title')}
        </Title>
        <YourData />
      </Paper>
    </Stack>
  );
}
