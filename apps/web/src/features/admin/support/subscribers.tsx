// The newsletter subscribers: a search, the paged table, and 'Export CSV', a real link to the
// server's file (GET /api/admin/newsletter.csv, the admin's session cookie goes with it).
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../../lib/trpc.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { FilterBar } from '../ui/filter-bar.tsx';
import { formatDateTime } from '../ui/format.ts';
import { Code } from '../ui/money.tsx';
import { Pager } from '../ui/pager.tsx';

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
  const [q, setQ] = useState(search.q ?? '');

  return (
    <>
      <Group justify="flex-end">
        <Button component="a" href={NEWSLETTER_CSV_PATH} download leftSection={<IconDownload size={16} aria-hidden />}>
          {t('support.newsletter.export')}
        </Button>
      </Group>
      <FilterBar
        label={t('support.newsletter.searchLabel')}
        active={Boolean(search.q)}
        busy={list.isFetching}
        onApply={() => onSearch(q.trim() ? { q: q.trim() } : {})}
        onClear={() => {
          setQ('');
          onSearch({});
        }}
      >
        <TextInput type="search" label={t('support.newsletter.q')} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      </FilterBar>
      {list.error ? <ApiErrorAlert error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <>
          <DataTable
            caption={t('support.newsletter.caption')}
            rows={list.data.rows}
            rowKey={(s) => s.id}
            empty={t('support.newsletter.none')}
            minWidth={640}
            busy={list.isPlaceholderData}
            testId="subscribers-table"
            columns={[
              { key: 'email', header: t('support.newsletter.email'), rowHeader: true, cell: (s) => <Code mono={false}>{s.email}</Code> },
              { key: 'locale', header: t('support.newsletter.language'), cell: (s) => s.locale },
              { key: 'source', header: t('support.newsletter.source'), cell: (s) => s.source },
              { key: 'created', header: t('support.newsletter.subscribed'), nowrap: true, cell: (s) => formatDateTime(s.createdAt) },
            ]}
          />
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            busy={list.isFetching}
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
          />
        </>
      ) : null}
    </>
  );
}
