// The back office's ticket inbox (issue 30), replacing the contact inbox's mailto 'Reply by e-mail':
// filters (status with counts, assignee, text) in the URL, the paged list, and the ticket opened from
// it: the whole thread (internal notes marked), the customer's orders and eSIMs, assign, answer
// (canned answers in the ticket's language; e-mailed in it), internal note, status. Every change is
// audited by the server. The owner edits the canned answers (CannedAnswers, its own tab).
import { useEffect, useRef, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES, type TTicketStatus } from '@esim/api/domain/tickets';
import { toast } from '../../../components/toast.tsx';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { AdminList } from '../ui/admin-list.tsx';
import { errorWords } from '../ui/api-error.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { FilterBar } from '../ui/filter-bar.tsx';
import { formatCount, formatDateTime } from '../ui/format.ts';
import { Code, Money } from '../ui/money.tsx';

export interface TicketSearch {
  status?: TTicketStatus;
  /** 'me', 'none' or an agent's id (as text in the URL). */
  assignee?: string;
  q?: string;
  page?: number;
  /** The open ticket's id. */
  ticket?: number;
}

type Detail = RouterOutputs['admin']['tickets']['get'];
const PAGE_SIZE = 25;
const STATUS_COLORS: Record<TTicketStatus, string> = { open: 'blue.8', waiting: 'grape.9', solved: 'green.9' };

export function ticketListInput(search: TicketSearch) {
  const a = search.assignee;
  const assignee: 'me' | 'none' | number | undefined = a === 'me' || a === 'none' ? a : a && /^\d+$/.test(a) ? Number(a) : undefined;
  return { status: search.status, assignee, q: search.q, page: search.page ?? 1, pageSize: PAGE_SIZE };
}

export function TicketStatusBadge({ status }: { status: TTicketStatus }) {
  const { t } = useTranslation('tickets-admin');
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" tt="none" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function TicketInbox({ search, onSearch }: { search: TicketSearch; onSearch: (next: TicketSearch) => void }) {
  const { t } = useTranslation('tickets-admin');
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.admin.tickets.list.queryOptions(ticketListInput(search)), placeholderData: keepPreviousData });
  const counts = list.data?.counts;
  const { ticket: _open, ...filters } = search;
  const open = (id: number | undefined) => onSearch({ ...filters, ...(id ? { ticket: id } : {}) });

  return (
    <Stack gap="md">
      <div role="radiogroup" aria-label={t('filters.status')}>
        <Chip.Group
          value={search.status ?? 'all'}
          onChange={(value) => {
            const next = String(value);
            const { status: _s, page: _p, ticket: _t, ...rest } = search;
            onSearch({ ...rest, ...(next === 'all' ? {} : { status: next as TTicketStatus }) });
          }}
        >
          <Group gap="xs" wrap="wrap">
            <Chip value="all" variant="outline" color="brand.8">
              {t('filters.all', { count: formatCount(counts ? counts.open + counts.waiting + counts.solved : 0) })}
            </Chip>
            {TICKET_STATUSES.map((s) => (
              <Chip key={s} value={s} variant="outline" color="brand.8">
                {t(`filters.${s}`, { count: formatCount(counts?.[s] ?? 0) })}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <Text size="sm" c="dimmed">
        {t('filters.summary', { mine: formatCount(counts?.mine ?? 0), unassigned: formatCount(counts?.unassigned ?? 0) })}
      </Text>
      <AdminList
        search={filters}
        onSearch={(next) => onSearch(next)}
        query={list}
        filters={({ busy }) => <TicketFilters search={filters} busy={busy} onSearch={onSearch} />}
        table={(rows, busy) => (
          <DataTable
            caption={t('list.caption')}
            rows={rows}
            rowKey={(r) => r.id}
            empty={busy ? t('list.loading') : t('list.none')}
            minWidth={860}
            busy={busy}
            testId="ticket-table"
            columns={[
              {
                key: 'subject',
                header: t('list.subject'),
                rowHeader: true,
                minWidth: 220,
                cell: (r) => (
                  <Stack gap={2}>
                    <Anchor
                      component="button"
                      type="button"
                      fw={r.status === 'open' ? 700 : 400}
                      ta="start"
                      aria-expanded={r.id === search.ticket}
                      aria-controls="ticket-detail"
                      onClick={() => open(r.id === search.ticket ? undefined : r.id)}
                    >
                      <bdi>{r.subject}</bdi>
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      <Code>{r.number}</Code>
                      {r.lastAuthor === 'customer' && r.status !== 'solved' ? ` · ${t('list.customerWrote')}` : ''}
                    </Text>
                  </Stack>
                ),
              },
              {
                key: 'from',
                header: t('list.from'),
                cell: (r) => (
                  <>
                    <bdi>{r.name}</bdi>
                    <Text size="xs" c="dimmed">
                      <Code mono={false}>{r.email}</Code>
                    </Text>
                  </>
                ),
              },
              {
                key: 'assignee',
                header: t('list.assignee'),
                cell: (r) => (r.assignee ? <bdi>{r.assignee.username}</bdi> : t('list.nobody')),
              },
              { key: 'updated', header: t('list.updated'), nowrap: true, cell: (r) => formatDateTime(r.updatedAt) },
              { key: 'status', header: t('list.status'), cell: (r) => <TicketStatusBadge status={r.status} /> },
            ]}
          />
        )}
      />
      {search.ticket ? <TicketDetail key={search.ticket} id={search.ticket} onClose={() => open(undefined)} /> : null}
    </Stack>
  );
}

function TicketFilters({ search, busy, onSearch }: { search: TicketSearch; busy: boolean; onSearch: (next: TicketSearch) => void }) {
  const { t } = useTranslation('tickets-admin');
  const [q, setQ] = useState(search.q ?? '');
  const [assignee, setAssignee] = useState(search.assignee ?? '');
  const base = search.status ? { status: search.status } : {};
  return (
    <FilterBar
      label={t('filters.label')}
      active={Boolean(search.q || search.assignee)}
      busy={busy}
      onApply={() => onSearch({ ...base, ...(q.trim() ? { q: q.trim() } : {}), ...(assignee ? { assignee } : {}) })}
      onClear={() => {
        setQ('');
        setAssignee('');
        onSearch(base);
      }}
    >
      <TextInput
        type="search"
        label={t('filters.q')}
        description={t('filters.qHint')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <NativeSelect
        label={t('filters.assignee')}
        value={assignee}
        onChange={(e) => setAssignee(e.currentTarget.value)}
        data={[
          { value: '', label: t('filters.anyone') },
          { value: 'me', label: t('filters.me') },
          { value: 'none', label: t('filters.unassigned') },
        ]}
      />
    </FilterBar>
  );
}

function TicketDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('tickets-admin');
  const { t: ta } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const detail = useQuery(trpc.admin.tickets.get.queryOptions({ id }, { retry: false }));
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = detail.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  const done = async (next: Detail, message: string) => {
    queryClient.setQueryData(trpc.admin.tickets.get.queryKey({ id }), next);
    await queryClient.invalidateQueries(trpc.admin.tickets.list.pathFilter());
    toast({ title: message });
  };
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: t('detail.failed'), description: errorWords(error, ta).message });
  const assign = useMutation(
    trpc.admin.tickets.assign.mutationOptions({ onSuccess: (d) => done(d, t('detail.assigned')), onError: failed }),
  );
  const status = useMutation(
    trpc.admin.tickets.setStatus.mutationOptions({ onSuccess: (d) => done(d, t('detail.statusChanged')), onError: failed }),
  );

  if (detail.isPending) return <Text role="status">{t('list.loading')}</Text>;
  if (detail.isError) return <Text c="red.8">{errorWords(detail.error, ta).message}</Text>;
  const d = detail.data;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      id="ticket-detail"
      aria-labelledby="ticket-detail-heading"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} fz={{ base: 18, sm: 20 }} id="ticket-detail-heading" ref={heading} tabIndex={-1}>
              <bdi>{d.subject}</bdi>
            </Title>
            <Text size="sm" c="dimmed">
              <Code>{d.number}</Code> · {t('detail.from')} <bdi>{d.name}</bdi> · <Code mono={false}>{d.email}</Code> ·{' '}
              {t('detail.language', { lang: d.locale })} · {t(`source.${d.source as 'contact' | 'esim' | 'email'}`)}
            </Text>
          </div>
          <TicketStatusBadge status={d.status} />
        </Group>

        <Group gap="md" wrap="wrap" align="flex-end">
          <NativeSelect
            label={t('detail.assignee')}
            value={d.assignee ? String(d.assignee.id) : ''}
            disabled={assign.isPending}
            onChange={(e) => assign.mutate({ id, assigneeId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
            data={[
              { value: '', label: t('list.nobody') },
              ...d.agents.map((a) => ({ value: String(a.id), label: `${a.username} (${a.role ?? ''})` })),
            ]}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="ticket-status-label">
              {t('detail.status')}
            </Text>
            <SegmentedControl
              aria-labelledby="ticket-status-label"
              value={d.status}
              disabled={status.isPending}
              onChange={(value) => status.mutate({ id, status: value as TTicketStatus })}
              data={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </div>
        </Group>

        <section aria-labelledby="ticket-thread-heading">
          <Title order={3} fz="md" id="ticket-thread-heading" mb="xs">
            {t('detail.thread')}
          </Title>
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {d.messages.map((m) => (
              <Paper
                key={m.id}
                component="li"
                withBorder
                radius="sm"
                p="sm"
                bg={m.author === 'note' ? 'yellow.0' : m.author === 'agent' ? 'blue.0' : 'white'}
                data-author={m.author}
              >
                <Text size="xs" fw={700}>
                  {t(`author.${m.author}`)}
                  {m.authorName ? ` · ${m.authorName}` : ''} · {formatDateTime(m.createdAt)} ·{' '}
                  {t(`via.${m.via as 'web' | 'link' | 'email'}`)}
                </Text>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
                  {m.body}
                </Text>
              </Paper>
            ))}
          </Stack>
        </section>

        <Composer ticket={d} onDone={done} onFailed={failed} />

        <CustomerLinks ticket={d} />

        <details>
          <summary>{t('detail.history')}</summary>
          <ul>
            {d.events.map((e, i) => (
              <li key={`${e.at}-${i}`}>
                {formatDateTime(e.at)}: {e.from ? t(`status.${e.from}`) : '—'} → {t(`status.${e.to}`)} ({e.actorName ?? e.actor})
              </li>
            ))}
          </ul>
        </details>
        <div>
          <Button variant="subtle" onClick={onClose}>
            {t('detail.hide')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

function Composer({
  ticket,
  onDone,
  onFailed,
}: {
  ticket: Detail;
  onDone: (d: Detail, message: string) => Promise<void>;
  onFailed: (e: unknown) => void;
}) {
  const { t } = useTranslation('tickets-admin');
  const trpc = useTRPC();
  const [mode, setMode] = useState<'answer' | 'note'>('answer');
  const [body, setBody] = useState('');
  const [after, setAfter] = useState<'waiting' | 'solved'>('waiting');
  const [error, setError] = useState<string | null>(null);
  const canned = useQuery(trpc.admin.tickets.canned.queryOptions({ locale: ticket.locale }));
  const answer = useMutation(trpc.admin.tickets.answer.mutationOptions());
  const note = useMutation(trpc.admin.tickets.note.mutationOptions());
  const busy = answer.isPending || note.isPending;
  const submit = () => {
    if (!body.trim()) {
      setError(t('composer.required'));
      return;
    }
    setError(null);
    const onSuccess = async (d: Detail) => {
      setBody('');
      await onDone(d, mode === 'answer' ? t('composer.sent') : t('composer.noted'));
    };
    if (mode === 'answer') answer.mutate({ id: ticket.id, body, status: after }, { onSuccess, onError: onFailed });
    else note.mutate({ id: ticket.id, body }, { onSuccess, onError: onFailed });
  };
  return (
    <section aria-labelledby="ticket-composer-heading">
      <Title order={3} fz="md" id="ticket-composer-heading" mb="xs">
        {t('composer.heading')}
      </Title>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('composer.kind')}
          value={mode}
          onChange={(v) => setMode(v as 'answer' | 'note')}
          data={[
            { value: 'answer', label: t('composer.answer') },
            { value: 'note', label: t('composer.note') },
          ]}
        />
        {mode === 'answer' ? (
          <NativeSelect
            label={t('composer.canned', { lang: ticket.locale })}
            value=""
            onChange={(e) => {
              const c = canned.data?.find((x) => String(x.id) === e.currentTarget.value);
              if (c) setBody((b) => (b.trim() ? `${b}\n\n${c.body}` : c.body));
            }}
            data={[
              { value: '', label: t('composer.cannedPick') },
              ...(canned.data ?? []).map((c) => ({ value: String(c.id), label: c.title })),
            ]}
          />
        ) : null}
        <Textarea
          label={mode === 'answer' ? t('composer.answerLabel') : t('composer.noteLabel')}
          description={mode === 'answer' ? t('composer.answerHint') : t('composer.noteHint')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={error}
          autosize
          minRows={4}
          dir="auto"
        />
        <Group gap="sm" wrap="wrap" align="flex-end">
          {mode === 'answer' ? (
            <NativeSelect
              label={t('composer.after')}
              value={after}
              onChange={(e) => setAfter(e.currentTarget.value as 'waiting' | 'solved')}
              data={[
                { value: 'waiting', label: t('status.waiting') },
                { value: 'solved', label: t('status.solved') },
              ]}
            />
          ) : null}
          <Button loading={busy} onClick={submit}>
            {mode === 'answer' ? t('composer.send') : t('composer.addNote')}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}

function CustomerLinks({ ticket }: { ticket: Detail }) {
  const { t } = useTranslation('tickets-admin');
  const user = ticket.customer;
  return (
    <section aria-labelledby="ticket-customer-heading">
      <Title order={3} fz="md" id="ticket-customer-heading" mb="xs">
        {t('customer.heading')}
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          {user ? (
            <>
              {t('customer.account')}{' '}
              <Anchor
                underline="always"
                renderRoot={(props) => <Link to="/admin/customers/$userId" params={{ userId: String(user.id) }} {...props} />}
              >
                <bdi>{user.username}</bdi>
              </Anchor>
            </>
          ) : (
            t('customer.guest')
          )}
        </Text>
        {ticket.orders.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('customer.noOrders')}
          </Text>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {ticket.orders.map((o) => (
              <li key={o.publicId}>
                <Anchor renderRoot={(props) => <Link to="/admin/orders/$orderId" params={{ orderId: o.publicId }} {...props} />}>
                  <Code>{o.publicId}</Code>
                </Anchor>{' '}
                · <bdi>{o.planName}</bdi> · <Money minor={o.totalMinor} currency={o.currency} /> · {o.status}
                {ticket.esims
                  .filter((e) => e.orderPublicId === o.publicId)
                  .map((e) => (
                    <Text key={e.iccid} size="xs" c="dimmed">
                      {t('customer.esim')} <Code>{e.iccid}</Code> · {e.status}
                      {e.thisTicket ? ` · ${t('customer.thisTicket')}` : ''}
                    </Text>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </section>
  );
}

/** The owner's canned answers: per language, add, change, delete (audited). Support reads them in the composer. */
export function CannedAnswers({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('tickets-admin');
  const { t: ta } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.tickets.canned.queryOptions({}));
  const [editing, setEditing] = useState<{ id?: number; locale: string; title: string; body: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries(trpc.admin.tickets.canned.pathFilter());
  const save = useMutation(
    trpc.admin.tickets.saveCanned.mutationOptions({
      onSuccess: async () => {
        setEditing(null);
        setErrors({});
        await refresh();
        toast({ title: t('canned.saved') });
      },
      onError: (e) => {
        const words = errorWords(e, ta);
        setErrors(words.fields);
        toast({ variant: 'destructive', title: t('detail.failed'), description: words.message });
      },
    }),
  );
  const remove = useMutation(trpc.admin.tickets.deleteCanned.mutationOptions({ onSuccess: () => refresh() }));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {canEdit ? t('canned.intro') : t('canned.readOnly')}
      </Text>
      {canEdit && !editing ? (
        <div>
          <Button variant="default" onClick={() => setEditing({ locale: 'en', title: '', body: '' })}>
            {t('canned.add')}
          </Button>
        </div>
      ) : null}
      {editing ? (
        <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => (e.preventDefault(), save.mutate(editing))}>
          <Stack gap="sm">
            <TextInput
              label={t('canned.locale')}
              value={editing.locale}
              error={errors.locale}
              onChange={(e) => setEditing({ ...editing, locale: e.currentTarget.value })}
              maxLength={2}
              w={120}
            />
            <TextInput
              label={t('canned.title')}
              value={editing.title}
              error={errors.title}
              onChange={(e) => setEditing({ ...editing, title: e.currentTarget.value })}
            />
            <Textarea
              label={t('canned.body')}
              value={editing.body}
              error={errors.body}
              autosize
              minRows={3}
              onChange={(e) => setEditing({ ...editing, body: e.currentTarget.value })}
              dir="auto"
            />
            <Group gap="sm">
              <Button type="submit" loading={save.isPending}>
                {t('canned.save')}
              </Button>
              <Button variant="subtle" onClick={() => setEditing(null)}>
                {t('canned.cancel')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <DataTable
        caption={t('canned.caption')}
        rows={list.data ?? []}
        rowKey={(c) => c.id}
        empty={list.isPending ? t('list.loading') : t('canned.none')}
        minWidth={640}
        columns={[
          { key: 'locale', header: t('canned.locale'), nowrap: true, cell: (c) => <Code>{c.locale}</Code> },
          { key: 'title', header: t('canned.title'), rowHeader: true, cell: (c) => <bdi>{c.title}</bdi> },
          {
            key: 'body',
            header: t('canned.body'),
            cell: (c) => (
              <Text size="sm" lineClamp={2} dir="auto">
                {c.body}
              </Text>
            ),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  header: t('canned.actions'),
                  nowrap: true,
                  cell: (c: { id: number; locale: string; title: string; body: string }) => (
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing({ id: c.id, locale: c.locale, title: c.title, body: c.body })}
                      >
                        {t('canned.edit')}
                      </Button>
                      <Button size="xs" variant="default" c="red.9" loading={remove.isPending} onClick={() => remove.mutate({ id: c.id })}>
                        {t('canned.delete')}
                      </Button>
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Stack>
  );
}
