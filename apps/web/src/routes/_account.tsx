import { Container, Grid, Title } from '@mantine/core';
import { Navigate, Outlet, createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader.tsx';
import { AccountNav } from '../features/account/account-nav.tsx';
import { ensureSession, useSession } from '../features/auth/session.ts';
import { VerifyEmailNotice } from '../features/auth/verify-email-notice.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

// The account area's guard (conventions: guards live in a pathless layout's beforeLoad). A guest
// goes to /login?redirect=<the page asked for> and comes back after signing in.
export const Route = createFileRoute('/_account')({
  beforeLoad: async ({ context, location }) => {
    if (!(await ensureSession(context))) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  loader: () => loadNamespaces('account', 'auth', 'esim', 'plans', 'destinations', 'tickets'),
  pendingComponent: AccountPending,
  component: AccountLayout,
});

function AccountPending() {
  const { t } = useTranslation('common');
  return <PageLoader label={t('account.loading')} />;
}

function AccountLayout() {
  const { t } = useTranslation('account');
  const session = useSession();
  const href = useLocation({ select: (l) => l.href });
  if (session.status === 'loading') return <AccountPending />;
  // Signed out while here (session ended elsewhere): back through the login.
  if (!session.user) return <Navigate to="/login" search={{ redirect: href }} replace />;
  return (
    <Container py={{ base: 'lg', sm: 40 }}>
      <Title order={1} fz={{ base: 28, sm: 34 }} mb={{ base: 'md', sm: 'xl' }}>
        {t('layout.heading')}
      </Title>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <AccountNav />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {session.user.emailVerified === false ? <VerifyEmailNotice email={session.user.email} /> : null}
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
