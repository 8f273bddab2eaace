// The audit log in the real route tree: entries with before → after, filters in the URL, paging.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../auth/test-utils.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderAdminApp } from '../../../test/render.tsx';
import type { AuditEntry } from '../test-fixtures.ts';
import { fieldChanges } from './audit-search.ts';

const admin = () => trpcMsw.auth.me.query(() => makeUser({ role: 'admin', username: 'boss' }));

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 9,
  actor: { id: 1, username: 'boss' },
  action: 'plan.update',
  entity: 'plan',
  entityId: '102',
  summary: 'Japan 5GB - 30 Days: price 17.99 → 15.99',
  before: { priceMinor: 1799, visible: true },
  after: { priceMinor: 1599, visible: true },
  ip: '127.0.0.1',
  createdAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

describe('/admin/audit', () => {
  it('shows who changed what, before → after, and filters through the URL', async () => {
    const asked: unknown[] = [];
    server.use(
      admin(),
      trpcMsw.admin.audit.list.query(({ input }) => {
        asked.push(input);
        return {
          rows: [entry(), entry({ id: 8, action: 'order.refund', entity: 'order', entityId: 'ORD-1', before: null, after: null })],
          total: 2,
          page: 1,
          pageSize: 25,
        };
      }),
    );
    const { router } = await renderAdminApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1]!;
    expect(within(first).getByText('plan.update')).toBeTruthy();
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['priceMinor: 1799 →to 1599', 'visible: true →to true']);
    expect(within(rows[2]!).getByText('No field changes')).toBeTruthy();

    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Action', { exact: false }), 'plan.');
    await u.type(screen.getByRole('textbox', { name: 'Admin' }), 'boss');
    await u.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ action: 'plan.', actor: 'boss' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ action: 'plan.', actor: 'boss', page: 1 }));
  });

  it('says beside the field when a date is not a date, without asking the server', async () => {
    let asked = 0;
    server.use(
      admin(),
      trpcMsw.admin.audit.list.query(() => {
        asked++;
        return { rows: [], total: 0, page: 1, pageSize: 25 };
      }),
    );
    await renderAdminApp('/admin/audit?from=yesterday');
    expect(await screen.findByText('Use a date like 2026-11-24')).toBeTruthy();
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(asked).toBe(0);
  });
});

describe('fieldChanges', () => {
  it('lists every field of before and after, with readable values', () => {
    expect(fieldChanges({ name: 'A', features: ['x'] }, { name: 'B', visible: false })).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'features', before: '["x"]', after: null },
      { field: 'visible', before: null, after: 'false' },
    ]);
    expect(fieldChanges(null, null)).toEqual([]);
  });
});
