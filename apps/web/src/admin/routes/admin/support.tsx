// /admin/support: two tabs, the contact inbox and the newsletter subscribers. The tab, the status
// filter, the search and the page are in the address (?tab=newsletter&q=…&page=2).
import { Stack, Tabs } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { INBOX_STATUSES } from '@esim/api/domain/admin';
import { textSearch, type TextSearch } from '../../../features/admin/admin-search.ts';
import { Inbox, inboxInput, type InboxSearch } from '../../../features/admin/support/inbox.tsx';
import { Subscribers, subscribersInput } from '../../../features/admin/support/subscribers.tsx';
import { AdminPage } from '../../../features/admin/ui/index.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { tHead } from '../../../lib/page-meta.ts';

/** ?tab=newsletter, ?status=new|answered|closed, ?q=…, ?page=… */
type SupportSearch = TextSearch<'tab' | 'status' | 'q'>;

function inboxSearchOf(search: SupportSearch): InboxSearch {
  const status = INBOX_STATUSES.find((s) => s === search.status);
  return { ...(status ? { status } : {}), ...(search.q ? { q: search.q } : {}), ...(search.page ? { page: search.page } : {}) };
}

export const Route = createFileRoute('/admin/support')({
  // Text only here (route options are in the shop's initial bundle); read strictly in the page.
  validateSearch: textSearch<'tab' | 'status' | 'q'>(['tab', 'status', 'q']),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadNamespaces('admin');
    if (!context.isAdmin) return {};
    const { queryClient, trpc } = context;
    await (deps.tab === 'newsletter'
      ? queryClient.ensureQueryData(trpc.admin.support.subscribers.queryOptions(subscribersInput(deps)))
      : queryClient.ensureQueryData(trpc.admin.support.messages.queryOptions(inboxInput(inboxSearchOf(deps)))));
    return { adminTitle: tHead('admin:support.title') };
  },
  component: SupportPage,
});

function SupportPage() {
  const { t } = useTranslation('admin');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tab = search.tab === 'newsletter' ? 'newsletter' : 'inbox';
  const go = (next: SupportSearch) => void navigate({ search: next, resetScroll: false });
  return (
    <AdminPage title={t('support.title')} description={t('support.description')}>
      <Tabs value={tab} onChange={(value) => go(value === 'newsletter' ? { tab: 'newsletter' } : {})} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="inbox">{t('support.tabs.inbox')}</Tabs.Tab>
          <Tabs.Tab value="newsletter">{t('support.tabs.newsletter')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbox" pt="md">
          <Inbox search={inboxSearchOf(search)} onSearch={(next) => go(next)} />
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
