// The newsletter subscribers: a search, the paged table, and 'Export CSV', a real link to the
// server's file (GET /api/admin/newsletter.csv, the admin's session cookie goes with it).
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../../lib/trpc.ts';
import { AdminList } from '../ui/admin-list.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { FilterBar } from '../ui/filter-bar.tsx';
import { formatDateTime } from '../ui/format.ts';
import { Code } from '../ui/money.tsx';

export const NEWSLETTER_CSV_PATH = '/api/admin/newsletter.csv';

export interface SubscriberSearch {
  q?: string;
  page?: number;
}

const PAGE_SIZE = 25;

export function subscribersInput(search: SubscriberSearch) {
  return { q: search.q, page: search.page ?? 1, pageSize: PAGE_SIZE };
}

export function Subscribers({ search, onSearch }: { search: SubscriberSearch; onSearch: (next: SubscriberSearch) => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.admin.support.subscribers.queryOptions(subscribersInput(search)), placeholderData: keepPreviousData });

  return (
    <>
      <Group justify="flex-end">
        <Button component="a" href={NEWSLETTER_CSV_PATH} download leftSection={<IconDownload size={16} aria-hidden />}>
          {t('support.newsletter.export')}
        </Button>
      </Group>
      <AdminList
        search={search}
        onSearch={onSearch}
        query={list}
        filters={({ busy }) => <SubscriberFilters search={search} busy={busy} onSearch={onSearch} />}
        table={(rows, busy) => (
          <DataTable
            caption={t('support.newsletter.caption')}
            rows={rows}
            rowKey={(s) => s.id}
            empty={busy ? t('common.loading') : t('support.newsletter.none')}
            minWidth={640}
            busy={busy}
            testId="subscribers-table"
            columns={[
              { key: 'email', header: t('support.newsletter.email'), rowHeader: true, cell: (s) => <Code mono={false}>{s.email}</Code> },
              { key: 'locale', header: t('support.newsletter.language'), cell: (s) => s.locale },
              { key: 'source', header: t('support.newsletter.source'), cell: (s) => s.source },
              { key: 'created', header: t('support.newsletter.subscribed'), nowrap: true, cell: (s) => formatDateTime(s.createdAt) },
            ]}
          />
        )}
      />
    </>
  );
}

/** The subscribers' search; its value starts from the URL's (AdminList remounts it when that changes). */
function SubscriberFilters({
  search,
  busy,
  onSearch,
}: {
  search: SubscriberSearch;
  busy: boolean;
  onSearch: (next: SubscriberSearch) => void;
}) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState(search.q ?? '');
  return (
    <FilterBar
      label={t('support.newsletter.searchLabel')}
      active={Boolean(search.q)}
      busy={busy}
      onApply={() => onSearch(q.trim() ? { q: q.trim() } : {})}
      onClear={() => {
        setQ('');
        onSearch({});
      }}
    >
      <TextInput type="search" label={t('support.newsletter.q')} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
    </FilterBar>
  );
}
