// The audit log: every admin change (who, what, before → after, when), newest first, filtered by
// action, entity, admin and dates (in the URL), paged on the server.
import { Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { ADMIN_STALE_MS } from '../admin-query.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { filledFilters } from '../admin-search.ts';
import { FilterBar, useFilterFields } from '../ui/filter-bar.tsx';
import { formatDateTime } from '../ui/format.ts';
import { Code } from '../ui/money.tsx';
import { AUDIT_FILTER_KEYS, auditListInput, fieldChanges, type AuditFilterKey, type AuditSearch } from './audit-search.ts';
import classes from './audit.module.css';

type Entry = RouterOutputs['admin']['audit']['list']['rows'][number];

export function AuditPage({ search }: { search: AuditSearch }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const parsed = auditListInput(search);
  const query = useQuery({
    ...trpc.admin.audit.list.queryOptions(parsed.ok ? parsed.input : { page: 1, pageSize: 25 }),
    enabled: parsed.ok,
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
  const labels: Record<string, string> = Object.fromEntries(AUDIT_FILTER_KEYS.map((k) => [k, t(`audit.filters.${k}`)]));
  const go = (next: AuditSearch) => void navigate({ to: '/admin/audit', search: next });
  return (
    <AdminPage title={t('audit.title')} description={t('audit.description')}>
      <AdminList
        search={search}
        onSearch={go}
        query={query}
        fieldLabels={labels}
        invalid={parsed.ok ? {} : parsed.fields}
        filters={({ errors, busy }) => (
          <AuditFilters
            search={search}
            errors={errors}
            busy={busy}
            active={AUDIT_FILTER_KEYS.some((k) => search[k] !== undefined)}
            onApply={(values) => go(filledFilters(AUDIT_FILTER_KEYS, values))}
            onClear={() => go({})}
          />
        )}
        table={(rows, busy) => <AuditTable rows={rows} busy={busy} />}
      />
    </AdminPage>
  );
}

interface AuditFiltersProps {
  search: AuditSearch;
  errors: Partial<Record<AuditFilterKey, string>>;
  busy: boolean;
  active: boolean;
  onApply: (values: Partial<Record<AuditFilterKey, string>>) => void;
  onClear: () => void;
}

function AuditFilters({ search, errors, busy, active, onApply, onClear }: AuditFiltersProps) {
  const { t } = useTranslation('admin');
  const filters = useFilterFields(search, errors, (key: AuditFilterKey) => t(`audit.filters.${key}`));
  const values = filters.values;
  const field = (key: AuditFilterKey) => ({ ...filters.field(key), autoComplete: 'off' });
  return (
    <FilterBar label={t('common.filters.label')} onApply={() => onApply(values)} onClear={onClear} active={active} busy={busy}>
      <TextInput {...field('action')} description={t('audit.filters.actionHint')} dir="ltr" />
      <TextInput {...field('entity')} dir="ltr" />
      <TextInput {...field('entityId')} dir="ltr" />
      <TextInput {...field('actor')} />
      <TextInput {...field('from')} type="date" dir="ltr" />
      <TextInput {...field('to')} type="date" dir="ltr" />
    </FilterBar>
  );
}

function Changes({ entry }: { entry: Entry }) {
  const { t } = useTranslation('admin');
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('audit.table.noChanges')}
      </Text>
    );
  }
  const empty = t('audit.table.empty');
  return (
    <ul className={classes.changes}>
      {changes.map((c) => (
        <li key={c.field}>
          <Code>{c.field}</Code>:{' '}
          <span className={classes.before}>
            <bdi>{c.before ?? empty}</bdi>
          </span>{' '}
          <span aria-hidden="true" className={classes.arrow}>
            →
          </span>
          <span className={classes.srOnly}>to</span>{' '}
          <span className={classes.after}>
            <bdi>{c.after ?? empty}</bdi>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function AuditTable({ rows, busy = false }: { rows: readonly Entry[]; busy?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <DataTable
      caption={t('audit.table.caption')}
      rows={rows}
      rowKey={(e) => e.id}
      empty={busy ? t('common.loading') : t('audit.table.none')}
      busy={busy}
      minWidth={1080}
      testId="audit-table"
      columns={[
        { key: 'when', header: t('audit.table.when'), rowHeader: true, nowrap: true, cell: (e) => formatDateTime(e.createdAt) },
        { key: 'actor', header: t('audit.table.actor'), nowrap: true, cell: (e) => <bdi>{e.actor.username}</bdi> },
        { key: 'action', header: t('audit.table.action'), nowrap: true, cell: (e) => <Code>{e.action}</Code> },
        {
          key: 'entity',
          header: t('audit.table.entity'),
          nowrap: true,
          cell: (e) => (
            <>
              {e.entity} <Code>{e.entityId}</Code>
            </>
          ),
        },
        { key: 'summary', header: t('audit.table.summary'), minWidth: 200, cell: (e) => <bdi>{e.summary}</bdi> },
        { key: 'changes', header: t('audit.table.changes'), minWidth: 240, cell: (e) => <Changes entry={e} /> },
        { key: 'ip', header: t('audit.table.ip'), nowrap: true, cell: (e) => <Code>{e.ip}</Code> },
      ]}
    />
  );
}
