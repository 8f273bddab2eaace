import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, Outlet, createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader.tsx';
import { AdminShell } from '../../features/admin/admin-shell.tsx';
import { mayOpen } from '../../features/admin/admin-sections.ts';
import { SecondFactorGate } from '../../features/admin/second-factor.tsx';
import { ensureSession, useSession } from '../../features/auth/session.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { pageHead, tHead } from '../../lib/page-meta.ts';

// The admin area's layout and guard. Guests log in first (?from=admin brings an admin back here);
// a signed-in customer gets a clear 'not allowed' page; an admin gets the menu and the page. The
// server enforces the role on every admin procedure (adminProcedure): this is only the doorway.
// `isAdmin` (beforeLoad's context) tells the pages' loaders whether to ask for admin data at all.
// Kept small: a route's beforeLoad and head are in the back office's initial bundle.
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => {
    const user = await ensureSession(context);
    if (!user) throw redirect({ to: '/login', search: { from: 'admin' } });
    if (user.role !== 'admin') return { isAdmin: false, factorPending: false, backOffice: false };
    // Until the session has given its second factor the server answers no admin procedure: the
    // pages' loaders ask for nothing, and the layout shows the enrolment or the code prompt.
    const status = await context.queryClient.fetchQuery(context.trpc.factors.status.queryOptions());
    const factorPending = status.required || status.enrolmentRequired;
    // A section outside the admin's role (support opening rates) asks for nothing either: the
    // server would refuse it (403), and the layout says the page is not part of the role.
    const inRole = mayOpen(user.adminRole ?? null, location.pathname);
    return { isAdmin: !factorPending && inRole, factorPending, backOffice: true };
  },
  loader: async ({ context }) => {
    await loadNamespaces('auth', 'admin');
    return { admin: context.backOffice };
  },
  // A page's own loader may name it ({ adminTitle }); the dashboard's and the 403's come from auth.
  head: ({ match, matches, loaderData }) => {
    const page = (matches.at(-1)?.loaderData as { adminTitle?: string } | undefined)?.adminTitle;
    return pageHead(match.pathname, {
      title: loaderData?.admin === false ? tHead('auth:admin.forbiddenMetaTitle') : (page ?? tHead('auth:admin.metaTitle')),
      description: tHead('auth:admin.metaDescription'),
      noindex: true,
    });
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { user } = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  if (!user) return <PageLoader />;
  if (user.role !== 'admin') return <Forbidden username={user.username} />;
  const role = user.adminRole ?? null;
  return (
    <AdminShell username={user.username} role={role}>
      {/* No admin page answers before the session has given its second factor (the server's rule). */}
      <SecondFactorGate>
        {/* A section outside the role (support opening rates): said plainly; the server refuses it too. */}
        {mayOpen(role, pathname) ? <Outlet /> : <NotForRole role={role} />}
      </SecondFactorGate>
    </AdminShell>
  );
}

function NotForRole({ role }: { role: 'owner' | 'support' | 'catalogue' | null }) {
  const { t } = useTranslation('admin');
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Stack align="center" gap="md" ta="center">
        <IconLock size={40} aria-hidden color="var(--mantine-color-red-8)" />
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('roles.notForRoleTitle')}
        </Title>
        <Text c="dimmed">{t('roles.notForRoleBody', { role: role ? t(`roles.names.${role}`) : t('roles.names.none') })}</Text>
        <Button size="md" renderRoot={(props) => <Link to="/admin" {...props} />}>
          {t('nav.dashboard')}
        </Button>
      </Stack>
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
