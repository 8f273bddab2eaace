// /admin/customers: search by name, e-mail or username (?q=…&page=…&disabled=1 in the address, so
// the back button returns to the same results), a paged table, each row's link to the customer.
import { useState } from 'react';
import { Badge, Checkbox, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { textSearch, type TextSearch } from '../../../../features/admin/admin-search.ts';
import { GuestDataRequest } from '../../../../features/admin/customers/guest-data.tsx';
import { useSession } from '../../../../features/auth/session.ts';
import type { AdminCustomerRow } from '../../../../features/admin/forms/views.ts';
import {
  AdminList,
  AdminPage,
  Code,
  DataTable,
  FilterBar,
  formatCount,
  formatDateTime,
  type DataColumn,
} from '../../../../features/admin/ui/index.ts';
import { loadNamespaces } from '../../../../lib/i18n.ts';
import { tHead } from '../../../../lib/page-meta.ts';
import { useTRPC } from '../../../../lib/trpc.ts';

/** ?q=…&page=…&disabled=1 */
type CustomerSearch = TextSearch<'q' | 'disabled'>;

const PAGE_SIZE = 25;

export const Route = createFileRoute('/admin/customers/')({
  // Text only here (route options are in the shop's initial bundle); read strictly in inputOf.
  validateSearch: textSearch<'q' | 'disabled'>(['q', 'disabled']),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadNamespaces('admin');
    if (!context.isAdmin) return {};
    await context.queryClient.ensureQueryData(context.trpc.admin.customers.search.queryOptions(inputOf(deps)));
    return { adminTitle: tHead('admin:customers.title') };
  },
  component: CustomersPage,
});

function inputOf(search: CustomerSearch) {
  return { q: search.q, page: search.page ?? 1, pageSize: PAGE_SIZE, disabledOnly: search.disabled === '1' };
}

function CustomersPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const result = useQuery({ ...trpc.admin.customers.search.queryOptions(inputOf(search)), placeholderData: keepPreviousData });
  const { user } = useSession();

  const go = (next: CustomerSearch) => void navigate({ search: next, resetScroll: false });
  const columns: DataColumn<AdminCustomerRow>[] = [
    {
      key: 'username',
      header: t('customers.table.username'),
      rowHeader: true,
      nowrap: true,
      cell: (c) => (
        <Link to="/admin/customers/$userId" params={{ userId: String(c.id) }}>
          <bdi>{c.username}</bdi>
        </Link>
      ),
    },
    { key: 'name', header: t('customers.table.name'), cell: (c) => (c.fullName ? <bdi>{c.fullName}</bdi> : t('customers.none')) },
    { key: 'email', header: t('customers.table.email'), cell: (c) => <Code mono={false}>{c.email}</Code> },
    {
      key: 'role',
      header: t('customers.table.role'),
      cell: (c) => (c.role === 'admin' ? t('customers.role.admin') : t('customers.role.customer')),
    },
    {
      key: 'status',
      header: t('customers.table.status'),
      cell: (c) =>
        c.disabled ? (
          <Badge color="red.9" variant="filled" tt="none">
            {t('customers.status.disabled')}
          </Badge>
        ) : (
          t('customers.status.active')
        ),
    },
    { key: 'verified', header: t('customers.table.verified'), cell: (c) => (c.emailVerified ? t('customers.yes') : t('customers.no')) },
    { key: 'orders', header: t('customers.table.orders'), numeric: true, cell: (c) => formatCount(c.orderCount) },
    { key: 'created', header: t('customers.table.created'), nowrap: true, cell: (c) => formatDateTime(c.createdAt) },
  ];

  return (
    <AdminPage title={t('customers.title')} description={t('customers.description')}>
      <AdminList
        search={search}
        onSearch={go}
        query={result}
        filters={({ busy }) => <CustomerFilters search={search} busy={busy} onSearch={go} />}
        table={(rows, busy) => (
          <DataTable
            caption={t('customers.table.caption')}
            columns={columns}
            rows={rows}
            rowKey={(c) => c.id}
            empty={busy ? t('common.loading') : search.q ? t('customers.table.noneFor', { q: search.q }) : t('customers.table.none')}
            minWidth={960}
            busy={busy}
            testId="customers-table"
          />
        )}
      />
      {/* Owners only, like an account's Export and Erase (the server refuses the other roles too). */}
      {user?.adminRole === 'owner' ? <GuestDataRequest /> : null}
    </AdminPage>
  );
}

/** The customer search; its fields start from the URL's values (AdminList remounts it when they change). */
function CustomerFilters({ search, busy, onSearch }: { search: CustomerSearch; busy: boolean; onSearch: (next: CustomerSearch) => void }) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState(search.q ?? '');
  const [disabled, setDisabled] = useState(search.disabled === '1');
  return (
    <FilterBar
      label={t('customers.search.label')}
      active={Boolean(search.q || search.disabled)}
      busy={busy}
      onApply={() => onSearch({ ...(q.trim() ? { q: q.trim() } : {}), ...(disabled ? { disabled: '1' } : {}) })}
      onClear={() => {
        setQ('');
        setDisabled(false);
        onSearch({});
      }}
    >
      <TextInput
        type="search"
        label={t('customers.search.q')}
        description={t('customers.search.qHint')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <Checkbox
        mt={{ base: 0, xs: 30 }}
        label={t('customers.search.disabledOnly')}
        checked={disabled}
        onChange={(e) => setDisabled(e.currentTarget.checked)}
      />
    </FilterBar>
  );
}
