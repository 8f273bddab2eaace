import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader.tsx';
import { ensureSession, useSession } from '../features/auth/session.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

// The admin screens come later (spec §2: not shown). Guests log in first (?from=admin brings an
// admin back here); a signed-in customer gets a clear 'not allowed' page. The server enforces the
// role on every admin procedure (adminProcedure), so this page is only the doorway.
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context }) => {
    if (!(await ensureSession(context))) throw redirect({ to: '/login', search: { from: 'admin' } });
  },
  // Whether the signed-in user is an admin names the page ('Admin area' or 'Not allowed').
  loader: async ({ context }) => {
    const [user] = await Promise.all([ensureSession(context), loadNamespaces('auth')]);
    return { admin: user?.role === 'admin' };
  },
  head: ({ match, loaderData }) =>
    pageHead(match.pathname, {
      title: tHead(loaderData?.admin === false ? 'auth:admin.forbiddenMetaTitle' : 'auth:admin.metaTitle'),
      description: tHead('auth:admin.metaDescription'),
      noindex: true,
    }),
  component: AdminPage,
});

function AdminPage() {
  const { user } = useSession();
  if (!user) return <PageLoader />;
  return user.role === 'admin' ? <AdminHome username={user.username} /> : <Forbidden username={user.username} />;
}

function AdminHome({ username }: { username: string }) {
  const { t } = useTranslation('auth');
  return (
    <Container py={{ base: 40, sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="white">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <IconShieldCheck size={36} aria-hidden color="var(--mantine-color-brand-7)" />
          <Stack gap={6}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {t('admin.title')}
            </Title>
            <Text c="dimmed">{t('admin.body', { username })}</Text>
          </Stack>
        </Group>
      </Paper>
    </Container>
  );
}

function Forbidden({ username }: { username: string }) {
  const { t } = useTranslation('auth');
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <IconLock size={48} aria-hidden color="var(--mantine-color-red-8)" />
        <Text fz={56} fw={900} c="red.8" lh={1} aria-hidden="true">
          {t('admin.forbiddenCode')}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('admin.forbiddenTitle')}
        </Title>
        <Text c="dimmed">{t('admin.forbiddenBody', { username })}</Text>
        <Group justify="center" mt="md">
          <Button size="md" renderRoot={(props) => <Link to="/" {...props} />}>
            {t('admin.home')}
          </Button>
          <Button size="md" variant="default" renderRoot={(props) => <Link to="/account" {...props} />}>
            {t('admin.account')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
