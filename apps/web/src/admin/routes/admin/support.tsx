// /admin/support: the ticket inbox (issue 30; it replaced the contact inbox and its mailto reply),
// the canned answers, and the newsletter subscribers. The tab, the filters, the page and the open
// ticket are in the address (?status=open&assignee=me&q=…&page=2&ticket=12, ?tab=canned, ?tab=newsletter).
import { lazy, Suspense } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES } from '@esim/api/domain/tickets';
import { textSearch, type TextSearch } from '../../../features/admin/admin-search.ts';
import { CannedAnswers, TicketInbox, ticketListInput, type TicketSearch } from '../../../features/admin/support/ticket-inbox.tsx';
import { Subscribers, subscribersInput } from '../../../features/admin/support/subscribers.tsx';
import { AdminPage } from '../../../features/admin/ui/index.ts';
import { useSession } from '../../../features/auth/session.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { tHead } from '../../../lib/page-meta.ts';

type Key = 'tab' | 'status' | 'q' | 'assignee' | 'ticket';
type SupportSearch = TextSearch<Key>;

function ticketSearchOf(search: SupportSearch): TicketSearch {
  const status = TICKET_STATUSES.find((s) => s === search.status);
  const ticket = Number(search.ticket);
  return {
    ...(status ? { status } : {}),
    ...(search.assignee ? { assignee: search.assignee } : {}),
    ...(search.q ? { q: search.q } : {}),
    ...(search.page ? { page: search.page } : {}),
    ...(Number.isInteger(ticket) && ticket > 0 ? { ticket } : {}),
  };
}

function toUrl(next: TicketSearch): SupportSearch {
  const { ticket, ...rest } = next;
  return { ...rest, ...(ticket ? { ticket: String(ticket) } : {}) };
}

// The live chat's agent view (issue 30): its own chunk, loaded when the tab opens.
const AgentChat = lazy(() => import('../../../features/admin/support/agent-chat.tsx'));

export const Route = createFileRoute('/admin/support')({
  // Text only here (route options are in the back office's initial bundle); read strictly in the page.
  validateSearch: textSearch<Key>(['tab', 'status', 'q', 'assignee', 'ticket']),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadNamespaces('admin', 'tickets-admin', 'chat-admin', 'chat');
    if (!context.isAdmin) return {};
    const { queryClient, trpc } = context;
    if (deps.tab === 'newsletter') await queryClient.ensureQueryData(trpc.admin.support.subscribers.queryOptions(subscribersInput(deps)));
    else if (deps.tab !== 'canned')
      await queryClient.ensureQueryData(trpc.admin.tickets.list.queryOptions(ticketListInput(ticketSearchOf(deps))));
    return { adminTitle: tHead('admin:support.title') };
  },
  component: SupportPage,
});

function SupportPage() {
  const { t } = useTranslation('admin');
  const { t: tt } = useTranslation('tickets-admin');
  const { t: tc } = useTranslation('chat-admin');
  const { user } = useSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tab = search.tab === 'newsletter' || search.tab === 'canned' || search.tab === 'chat' ? search.tab : 'tickets';
  const isOwner = user?.adminRole === 'owner';
  const go = (next: SupportSearch) => void navigate({ search: next, resetScroll: false });
  return (
    <AdminPage title={t('support.title')} description={t('support.description')}>
      <Tabs value={tab} onChange={(value) => go(value === 'tickets' ? {} : { tab: value ?? undefined })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="tickets">{tt('tabs.tickets')}</Tabs.Tab>
          <Tabs.Tab value="chat">{tc('tab')}</Tabs.Tab>
          <Tabs.Tab value="canned">{tt('tabs.canned')}</Tabs.Tab>
          {isOwner ? <Tabs.Tab value="newsletter">{t('support.tabs.newsletter')}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="tickets" pt="md">
          <TicketInbox search={ticketSearchOf(search)} onSearch={(next) => go(toUrl(next))} />
        </Tabs.Panel>
        <Tabs.Panel value="chat" pt="md">
          <Suspense fallback={null}>
            <AgentChat isOwner={isOwner} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="canned" pt="md">
          <CannedAnswers canEdit={isOwner} />
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
