// AdminList alone: the error state (no empty table under the alert, Try again asks again), the
// empty state, field messages handed to the filter form, and the pager's navigation.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { renderWithProviders } from '../../../test/render.tsx';
import { AdminList, type ListPage } from './admin-list.tsx';
import { DataTable } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
}
type Search = { q?: string; page?: number };

function List({
  search,
  onSearch,
  load,
  invalid,
}: {
  search: Search;
  onSearch: (next: Search) => void;
  load: () => Promise<ListPage<Row>>;
  invalid?: Record<string, string>;
}) {
  const query = useQuery({ queryKey: ['list', search], queryFn: load, retry: false });
  return (
    <AdminList
      search={search}
      onSearch={onSearch}
      query={query}
      invalid={invalid}
      fieldLabels={{ q: 'Name' }}
      filters={({ errors }) => <p data-testid="filters">{errors.q ?? 'no message'}</p>}
      table={(rows, busy) => (
        <DataTable
          caption="People"
          rows={rows}
          rowKey={(r) => r.id}
          empty={busy ? 'Loading…' : 'Nobody here'}
          busy={busy}
          columns={[{ key: 'name', header: 'Name', rowHeader: true, cell: (r) => r.name }]}
        />
      )}
    />
  );
}

describe('AdminList', () => {
  it('shows an error alone, with Try again asking again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue({ rows: [{ id: 1, name: 'Ada' }], page: 1, pageSize: 25, total: 1 });
    await renderWithProviders(<List search={{}} onSearch={() => undefined} load={load} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load this page')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', { name: 'People' });
    expect(within(table).getByText('Ada')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says when there is nothing, and hands refused URL values to the filter form', async () => {
    const load = vi.fn().mockResolvedValue({ rows: [], page: 1, pageSize: 25, total: 0 });
    await renderWithProviders(<List search={{ q: '??' }} onSearch={() => undefined} load={load} invalid={{ q: 'Use letters' }} />);
    const table = await screen.findByRole('table', { name: 'People' });
    await waitFor(() => expect(within(table).getByText('Nobody here')).toBeTruthy());
    expect(screen.getByText('No results')).toBeTruthy();
    expect(screen.getByTestId('filters').textContent).toBe('Use letters');
  });

  it('pages through the URL: Next keeps the filters and asks for page 2; page 1 is left out', async () => {
    const searches: Search[] = [];
    const load = vi.fn().mockResolvedValue({ rows: [{ id: 1, name: 'Ada' }], page: 2, pageSize: 25, total: 60 });
    await renderWithProviders(<List search={{ q: 'a', page: 2 }} onSearch={(next) => searches.push(next)} load={load} />);
    expect(await screen.findByText('Page 2 of 3 · 60 results')).toBeTruthy();
    const u = userEvent.setup({ delay: null });
    await u.click(screen.getByRole('button', { name: 'Next page' }));
    await u.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(searches).toEqual([
      { q: 'a', page: 3 },
      { q: 'a', page: undefined },
    ]);
  });
});
