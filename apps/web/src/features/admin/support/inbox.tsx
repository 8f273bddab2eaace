// The contact inbox: a status filter with counts (new / answered / closed), a search, the paged
// message list, and the message opened from it: the full text, the sender's account when they were
// signed in, a mailto: reply link, and mark answered / close / reopen.
import { useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Button, Chip, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { INBOX_STATUSES, type TInboxStatus } from '@esim/api/domain/admin';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminContactMessage } from '../forms/views.ts';
import { AdminList } from '../ui/admin-list.tsx';
import { errorWords } from '../ui/api-error.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { FilterBar } from '../ui/filter-bar.tsx';
import { formatCount, formatDateTime } from '../ui/format.ts';
import { Code } from '../ui/money.tsx';

export interface InboxSearch {
  status?: TInboxStatus;
  q?: string;
  page?: number;
}

const PAGE_SIZE = 25;
const STATUS_COLORS: Record<TInboxStatus, string> = { new: 'blue.8', answered: 'green.9', closed: 'gray.7' };

export function inboxInput(search: InboxSearch) {
  return { status: search.status, q: search.q, page: search.page ?? 1, pageSize: PAGE_SIZE };
}

export function InboxStatusBadge({ status }: { status: TInboxStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" tt="none" data-status={status}>
      {t(`support.status.${status}`)}
    </Badge>
  );
}

/** 'Re: <subject>' to the sender, from the admin's own mail program. */
export function replyHref(message: Pick<AdminContactMessage, 'email' | 'subject'>): string {
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
}

export function Inbox({ search, onSearch }: { search: InboxSearch; onSearch: (next: InboxSearch) => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const inbox = useQuery({ ...trpc.admin.support.messages.queryOptions(inboxInput(search)), placeholderData: keepPreviousData });
  const [openId, setOpenId] = useState<number | null>(null);
  const open = inbox.data?.rows.find((m) => m.id === openId) ?? null;
  const counts = inbox.data?.counts;
  const all = counts ? counts.new + counts.answered + counts.closed : 0;

  return (
    <Stack gap="md">
      <div role="radiogroup" aria-label={t('support.inbox.statusFilter')}>
        <Chip.Group
          value={search.status ?? 'all'}
          onChange={(value) => {
            setOpenId(null);
            const next = String(value);
            onSearch({ ...(next === 'all' ? {} : { status: next as TInboxStatus }), ...(search.q ? { q: search.q } : {}) });
          }}
        >
          <Group gap="xs" wrap="wrap">
            <Chip value="all" variant="outline" color="brand.8">
              {t('support.inbox.all', { count: formatCount(all) })}
            </Chip>
            {INBOX_STATUSES.map((s) => (
              <Chip key={s} value={s} variant="outline" color="brand.8">
                {t(`support.inbox.${s}`, { count: formatCount(counts?.[s] ?? 0) })}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <AdminList
        search={search}
        onSearch={(next) => {
          setOpenId(null);
          onSearch(next);
        }}
        query={inbox}
        filters={({ busy }) => <InboxFilters search={search} busy={busy} onSearch={onSearch} />}
        table={(rows, busy) => (
          <DataTable
            caption={t('support.inbox.caption')}
            rows={rows}
            rowKey={(m) => m.id}
            empty={busy ? t('common.loading') : t('support.inbox.none')}
            minWidth={820}
            busy={busy}
            testId="inbox-table"
            columns={[
              {
                key: 'subject',
                header: t('support.inbox.subject'),
                rowHeader: true,
                cell: (m) => (
                  <Anchor
                    component="button"
                    type="button"
                    fw={m.status === 'new' ? 700 : 400}
                    ta="start"
                    aria-expanded={m.id === openId}
                    aria-controls="inbox-message"
                    onClick={() => setOpenId(m.id === openId ? null : m.id)}
                  >
                    <bdi>{m.subject}</bdi>
                  </Anchor>
                ),
              },
              {
                key: 'from',
                header: t('support.inbox.from'),
                cell: (m) => (
                  <>
                    <bdi>{m.name}</bdi>
                    <Text size="xs" c="dimmed">
                      <Code mono={false}>{m.email}</Code>
                    </Text>
                  </>
                ),
              },
              { key: 'received', header: t('support.inbox.received'), nowrap: true, cell: (m) => formatDateTime(m.createdAt) },
              { key: 'status', header: t('support.inbox.status'), cell: (m) => <InboxStatusBadge status={m.status} /> },
            ]}
          />
        )}
      />
      {open ? <MessageView key={open.id} message={open} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}

/** The inbox's search; its value starts from the URL's (AdminList remounts it when that changes). */
function InboxFilters({ search, busy, onSearch }: { search: InboxSearch; busy: boolean; onSearch: (next: InboxSearch) => void }) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState(search.q ?? '');
  return (
    <FilterBar
      label={t('support.inbox.searchLabel')}
      active={Boolean(search.q)}
      busy={busy}
      onApply={() => onSearch({ ...(search.status ? { status: search.status } : {}), ...(q.trim() ? { q: q.trim() } : {}) })}
      onClear={() => {
        setQ('');
        onSearch(search.status ? { status: search.status } : {});
      }}
    >
      <TextInput
        type="search"
        label={t('support.inbox.q')}
        description={t('support.inbox.qHint')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
    </FilterBar>
  );
}

export function MessageView({ message: m, onClose }: { message: AdminContactMessage; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setStatus = useMutation(trpc.admin.support.setStatus.mutationOptions());
  const heading = useRef<HTMLHeadingElement>(null);
  const user = m.user;
  useEffect(() => heading.current?.focus(), []);

  const change = (status: TInboxStatus) =>
    setStatus.mutate(
      { id: m.id, status },
      {
        onSuccess: async (saved) => {
          await queryClient.invalidateQueries(trpc.admin.support.messages.pathFilter());
          toast({ title: t('support.message.changed', { subject: saved.subject, status: t(`support.status.${saved.status}`) }) });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: t('support.message.notChanged'), description: errorWords(error, t).message }),
      },
    );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      id="inbox-message"
      aria-labelledby="inbox-message-heading"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} fz={{ base: 18, sm: 20 }} id="inbox-message-heading" ref={heading} tabIndex={-1}>
            <bdi>{m.subject}</bdi>
          </Title>
          <InboxStatusBadge status={m.status} />
        </Group>
        <Text size="sm">
          {t('support.message.from')} <bdi>{m.name}</bdi> · <Code mono={false}>{m.email}</Code>
        </Text>
        <Text size="sm" c="dimmed">
          {t('support.message.received', { at: formatDateTime(m.createdAt) })}
          {m.statusChangedAt ? ` · ${t('support.message.statusChanged', { at: formatDateTime(m.statusChangedAt) })}` : ''}
        </Text>
        <Text size="sm">
          {user ? (
            <>
              {t('support.message.account')}{' '}
              <Anchor
                underline="always"
                renderRoot={(props) => <Link to="/admin/customers/$userId" params={{ userId: String(user.id) }} {...props} />}
              >
                <bdi>{user.username}</bdi>
              </Anchor>
            </>
          ) : (
            t('support.message.noAccount')
          )}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
          {m.message}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button component="a" href={replyHref(m)} variant="filled">
            {t('support.message.reply')}
          </Button>
          {m.status === 'new' ? (
            <Button variant="default" loading={setStatus.isPending} onClick={() => change('answered')}>
              {t('support.message.markAnswered')}
            </Button>
          ) : null}
          {m.status !== 'closed' ? (
            <Button variant="default" loading={setStatus.isPending} onClick={() => change('closed')}>
              {t('support.message.close')}
            </Button>
          ) : (
            <Button variant="default" loading={setStatus.isPending} onClick={() => change('new')}>
              {t('support.message.reopen')}
            </Button>
          )}
          <Button variant="subtle" onClick={onClose}>
            {t('support.message.hide')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
