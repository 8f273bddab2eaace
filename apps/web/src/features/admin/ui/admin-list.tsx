// Every admin list page (orders, audit log, customers, the support inbox and the newsletter
// subscribers) is this one component: the page's filter form (its values start from the URL, which
// the route reads with validateSearch), the error state (an alert with Try again; a field's message
// beside its field instead), the table with its empty state, and the pager. Filters and page live
// in the URL: a new search is a navigation (onSearch), so the back button returns to it.
import { Fragment, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert, errorWords } from './api-error.tsx';
import { Pager } from './pager.tsx';

/** One page of a server-paged list, as every admin list procedure answers. */
export interface ListPage<T> {
  rows: readonly T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface ListFilterState {
  /** Messages by field: the URL's values the page refused, then the server's. */
  errors: Record<string, string>;
  /** A search is loading. */
  busy: boolean;
}

export interface AdminListProps<T, S extends { page?: number | undefined }> {
  /** The URL's search: the filters and the page. */
  search: S;
  /** Another search: the route navigates to it. */
  onSearch: (next: S) => void;
  /** The list for the URL's search. */
  query: UseQueryResult<ListPage<T>, unknown>;
  /** The filter form; remounted when the URL changes, so its fields start from the URL's values. */
  filters?: (state: ListFilterState) => ReactNode;
  /** Labels of the fields whose messages show beside them (not listed again in the alert). */
  fieldLabels?: Record<string, string>;
  /** Messages of URL values refused before asking the server (the query is not enabled then). */
  invalid?: Record<string, string>;
  /** The table for these rows; `busy`: they are the previous search's while a newer one loads. */
  table: (rows: readonly T[], busy: boolean) => ReactNode;
  /** Between the filters and the table (e.g. counts). */
  children?: ReactNode;
}

export function AdminList<T, S extends { page?: number | undefined }>({
  search,
  onSearch,
  query,
  filters,
  fieldLabels = {},
  invalid = {},
  table,
  children,
}: AdminListProps<T, S>) {
  const { t } = useTranslation('admin');
  const errors = { ...(query.error ? errorWords(query.error, t).fields : {}), ...invalid };
  const loading = query.isPending && query.fetchStatus !== 'idle';
  return (
    <>
      {filters ? <Fragment key={JSON.stringify(search)}>{filters({ errors, busy: query.isFetching })}</Fragment> : null}
      {children}
      {query.error ? (
        <ApiErrorAlert
          error={query.error}
          shownBeside={Object.keys(fieldLabels)}
          labels={fieldLabels}
          title={t('common.error.loadTitle')}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {/* An error with nothing to show: the alert alone, not an empty table. */}
      {query.error && !query.data ? null : (
        <Stack gap="sm">
          {table(query.data?.rows ?? [], query.isPlaceholderData || loading)}
          {query.data ? (
            <Pager
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              busy={query.isFetching}
              onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
            />
          ) : null}
        </Stack>
      )}
    </>
  );
}
