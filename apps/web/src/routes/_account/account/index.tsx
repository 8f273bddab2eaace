import { Anchor, Box, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile, IconHeadset, IconReceipt } from '@tabler/icons-react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderHistory, useOrders } from '../../../features/account/order-history.tsx';
import { ProfileForm } from '../../../features/account/profile-form.tsx';
import { SubscriptionsPanel } from '../../../features/checkout/subscriptions-panel.tsx';
import { useSession } from '../../../features/auth/session.ts';
import { pageHead, tHead } from '../../../lib/page-meta.ts';
import { isolated } from '../../../components/bidi.tsx';
import { useTRPC } from '../../../lib/trpc.ts';

export const Route = createFileRoute('/_account/account/')({
  head: ({ match }) =>
    pageHead(match.pathname, {
      title: tHead('account:meta.dashboardTitle'),
      description: tHead('account:meta.dashboardDescription'),
      noindex: true,
    }),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(context.trpc.orders.list.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.esims.counts.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.tickets.openCount.queryOptions()),
    ]),
  component: Dashboard,
});

function Dashboard() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const orders = useOrders();
  // Active eSIMs are counted from the eSIMs (connected, data and validity left), not from orders.
  const trpc = useTRPC();
  const esims = useQuery(trpc.esims.counts.queryOptions());
  const tickets = useQuery(trpc.tickets.openCount.queryOptions());
  if (!user) return null;
  const name = user.fullName?.trim() || user.username;

  return (
    <Stack gap="xl">
      <div>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {/* A brand-new account (no order yet) is welcomed, not welcomed back. */}
          {isolated({ name }, (v) => t(orders.data?.length === 0 ? 'dashboard.greetingNew' : 'dashboard.greeting', v))}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('dashboard.intro')}
        </Text>
      </div>

      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <StatTile icon={IconDeviceMobile} label={t('dashboard.activeEsims')} value={esims.data?.active ?? null} />
        <StatTile icon={IconReceipt} label={t('dashboard.totalOrders')} value={orders.data ? orders.data.length : null} />
        {/* Spec §9 showed a hard-coded 0: a placeholder until tickets existed (issue 30). Now the
            traveller's tickets not yet solved (open or waiting for them). */}
        <StatTile icon={IconHeadset} label={t('dashboard.supportTickets')} value={tickets.data?.open ?? null} />
      </SimpleGrid>

      <section aria-labelledby="dashboard-orders">
        <Group justify="space-between" align="baseline" mb="sm">
          <Title order={2} fz="xl" id="dashboard-orders">
            {t('dashboard.recentOrders')}
          </Title>
          {orders.data && orders.data.length > 5 ? (
            <Anchor component={Link} to="/account/orders" size="sm" fw={600}>
              {t('dashboard.viewAllOrders')}
            </Anchor>
          ) : null}
        </Group>
        <OrderHistory limit={5} />
      </section>

      {/* Checkout work: monthly subscriptions with 'Cancel subscription' (nothing when there are none). */}
      <SubscriptionsPanel />

      <section aria-labelledby="dashboard-profile">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white">
          <Title order={2} fz="xl" id="dashboard-profile">
            {t('dashboard.profileSection')}
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            {t('dashboard.profileIntro')}
          </Text>
          <ProfileForm user={user} variant="basic" labelledBy="dashboard-profile" />
          <Anchor component={Link} to="/account/profile" size="sm" fw={600} mt="sm" display="inline-block">
            {t('dashboard.moreSettings')}
          </Anchor>
        </Paper>
      </section>
    </Stack>
  );
}

function StatTile({
  icon: Icon,
  label,
  value,
}: {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  label: string;
  value: number | null;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} bg="white" h="100%">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Box visibleFrom="sm" c="brand.7" mt={2}>
          <Icon size={28} aria-hidden />
        </Box>
        <div>
          <Text size="sm" c="dimmed" fw={600} lh={1.3}>
            {label}
          </Text>
          {value === null ? (
            <Skeleton height={28} width={40} mt={4} />
          ) : (
            <Text fz={26} fw={800} lh={1.1}>
              {value}
            </Text>
          )}
        </div>
      </Group>
    </Paper>
  );
}
