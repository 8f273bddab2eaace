// /admin/support: two tabs, the contact inbox and the newsletter subscribers. The tab, the status
// filter, the search and the page are in the address (?tab=newsletter&q=…&page=2).
import { Stack, Tabs } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Inbox, inboxInput } from '../../features/admin/support/inbox.tsx';
import { Subscribers, subscribersInput } from '../../features/admin/support/subscribers.tsx';
import { AdminPage } from '../../features/admin/ui/index.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { tHead } from '../../lib/page-meta.ts';

interface SupportSearch {
  tab?: 'newsletter';
  status?: 'new' | 'answered' | 'closed';
  q?: string;
  page?: number;
}

export const Route = createFileRoute('/admin/support')({
  // A plain check, not a zod schema: route options stay in the shop's initial bundle.
  validateSearch: (search: Record<string, unknown>): SupportSearch => {
    const q = typeof search.q === 'string' ? search.q.trim().slice(0, 200) : '';
    const page = Number(search.page);
    const status = search.status;
    return {
      ...(search.tab === 'newsletter' ? { tab: 'newsletter' as const } : {}),
      ...(search.tab !== 'newsletter' && (status === 'new' || status === 'answered' || status === 'closed') ? { status } : {}),
      ...(q ? { q } : {}),
      ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}),
    };
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadNamespaces('admin');
    if (!context.isAdmin) return {};
    const { queryClient, trpc } = context;
    await (deps.tab === 'newsletter'
      ? queryClient.ensureQueryData(trpc.admin.support.subscribers.queryOptions(subscribersInput(deps)))
      : queryClient.ensureQueryData(trpc.admin.support.messages.queryOptions(inboxInput(deps))));
    return { adminTitle: tHead('admin:support.title') };
  },
  component: SupportPage,
});

function SupportPage() {
  const { t } = useTranslation('admin');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tab = search.tab ?? 'inbox';
  const go = (next: SupportSearch) => void navigate({ search: next, resetScroll: false });
  return (
    <AdminPage title={t('support.title')} description={t('support.description')}>
      <Tabs value={tab} onChange={(value) => go(value === 'newsletter' ? { tab: 'newsletter' } : {})} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="inbox">{t('support.tabs.inbox')}</Tabs.Tab>
          <Tabs.Tab value="newsletter">{t('support.tabs.newsletter')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbox" pt="md">
          <Inbox search={search} onSearch={(next) => go(next)} />
        </Tabs.Panel>
        <Tabs.Panel value="newsletter" pt="md">
          <Stack gap="md">
            <Subscribers search={search} onSearch={(next) => go({ tab: 'newsletter', ...next })} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
