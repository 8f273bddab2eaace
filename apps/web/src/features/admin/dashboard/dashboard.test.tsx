// The admin dashboard in the real route tree: figures, the chart's text alternative, the period
// switch in the URL, and errors in words.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, trpcError } from '../../auth/test-utils.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderAdminApp } from '../../../test/render.tsx';
import { makeDashboard } from '../test-fixtures.ts';
import { summarizeDaily } from './daily-chart.tsx';

const admin = () => trpcMsw.auth.me.query(() => makeUser({ role: 'admin', username: 'boss' }));

describe('/admin (dashboard)', () => {
  it('shows the figures, the chart summary and its table, and the top destinations', async () => {
    server.use(
      admin(),
      trpcMsw.admin.dashboard.summary.query(() => makeDashboard()),
    );
    await renderAdminApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    // Net of the refunds made in the window, the gross beside it.
    expect(within(screen.getByTestId('figure-revenue')).getByText('$167.95')).toBeTruthy();
    expect(screen.getByTestId('revenue-gross').textContent).toBe('Gross $172.45, less $4.50 refunded');
    expect(within(screen.getByTestId('figure-revenue')).getByText('€45.00')).toBeTruthy();
    expect(within(screen.getByTestId('figure-paid')).getByText('12')).toBeTruthy();
    expect(within(screen.getByTestId('figure-refunds')).getByText('$4.50 refunded')).toBeTruthy();
    const waiting = screen.getByTestId('figure-waiting');
    expect(within(waiting).getByText('3')).toBeTruthy();
    expect(within(waiting).getByRole('link', { name: 'Open operations' }).getAttribute('href')).toBe('/admin/operations');

    const summary = '$172.45 from 12 paid orders over 7 days; the best day was 20 Nov 2026 with $90.00.';
    expect(screen.getByTestId('daily-chart-summary').textContent).toBe(summary);
    expect(screen.getByRole('img', { name: summary })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Show the figures' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup({ delay: null }).click(toggle);
    const table = screen.getByTestId('daily-table');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByRole('rowheader', { name: '20 Nov 2026' })).toBeTruthy();

    const top = screen.getByTestId('top-destinations');
    expect(within(top).getByRole('rowheader', { name: /Japan/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard | eSIM Shop'));
  });

  it('keeps the period in the URL and asks for it', async () => {
    const asked: string[] = [];
    server.use(
      admin(),
      trpcMsw.admin.dashboard.summary.query(({ input }) => {
        asked.push(input.range ?? '7d');
        return makeDashboard({ range: input.range ?? '7d' });
      }),
    );
    const { router } = await renderAdminApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const period = screen.getByRole('group', { name: 'Period' });
    const current = () =>
      within(period)
        .getAllByRole('link')
        .filter((l) => l.getAttribute('aria-current') === 'page')
        .map((l) => l.textContent);
    expect(current()).toEqual(['7 days']);
    await userEvent.setup({ delay: null }).click(within(period).getByRole('link', { name: '30 days' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ range: '30d' }));
    await waitFor(() => expect(asked).toContain('30d'));
    await waitFor(() => expect(current()).toEqual(['30 days']));
    expect(asked[0]).toBe('7d');
  });

  it('says what went wrong when the figures cannot be read', async () => {
    server.use(
      admin(),
      trpcMsw.admin.dashboard.summary.query(() => {
        throw trpcError('FORBIDDEN', 'Admins only.');
      }),
    );
    await renderAdminApp('/admin');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Only administrators can use the admin area/)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('does not ask for admin data for a customer', async () => {
    let asked = 0;
    server.use(
      trpcMsw.auth.me.query(() => makeUser()),
      trpcMsw.admin.dashboard.summary.query(() => {
        asked++;
        return makeDashboard();
      }),
    );
    await renderAdminApp('/admin');
    expect(await screen.findByRole('heading', { name: 'You are not allowed to view this page' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
    expect(asked).toBe(0);
  });
});

describe('summarizeDaily', () => {
  it('adds the days up and names the best one; no revenue, no best day', () => {
    expect(summarizeDaily(makeDashboard().daily)).toEqual({
      days: 7,
      usdMinor: 17_245,
      orders: 12,
      best: { day: '2026-11-20', usdMinor: 9_000 },
    });
    expect(summarizeDaily([{ day: '2026-11-20', usdMinor: 0, orders: 0 }]).best).toBeNull();
  });
});
