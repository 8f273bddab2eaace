import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AdminCustomerDetail } from '../forms/views.ts';
import { CustomerActions } from './customer-actions.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

const ANN: AdminCustomerDetail = {
  id: 42,
  username: 'ann',
  email: 'ann@example.com',
  fullName: 'Ann Traveller',
  role: 'customer',
  adminRole: null,
  disabled: false,
  emailVerified: true,
  createdAt: '2026-10-01T08:00:00.000Z',
  orderCount: 0,
  mobile: null,
  locale: 'en',
  disabledAt: null,
  activeSessions: 2,
  orders: [],
  esims: [],
  points: { balance: 0, lifetime: 0, level: null, history: [] },
  canChangeRole: true,
  canDisable: true,
  canEndSessions: false,
};

describe('CustomerActions', () => {
  it('asks before disabling, says the sessions end at once, then sends it', async () => {
    let received: unknown;
    server.use(
      trpcMsw.admin.customers.setDisabled.mutation(({ input }) => {
        received = input;
        return { ...ANN, disabled: true, disabledAt: '2026-11-24T10:00:00.000Z', activeSessions: 0 };
      }),
    );
    await renderWithProviders(<CustomerActions customer={ANN} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Disable account ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable ann?' });
    expect(within(dialog).getByText(/signed out at once \(2 active sessions end\)/)).toBeTruthy();
    expect(received).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    await waitFor(() => expect(received).toEqual({ userId: 42, disabled: true }));
    expect(await screen.findByText('ann is disabled and signed out')).toBeTruthy();
  });

  it('leaves out what this admin may not do, and says why', async () => {
    await renderWithProviders(<CustomerActions customer={{ ...ANN, role: 'admin', canChangeRole: false, canDisable: false }} />);
    expect(screen.queryByRole('button', { name: /Disable account/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change role' })).toBeNull();
    expect(screen.getByText('This is your own account: it cannot be disabled here.')).toBeTruthy();
    expect(screen.getByText(/the last enabled owner/)).toBeTruthy();
  });

  it('changes the role to the one chosen (support), after asking; the button waits for a different choice', async () => {
    let received: unknown;
    server.use(
      trpcMsw.admin.customers.setRole.mutation(({ input }) => {
        received = input;
        return { ...ANN, role: 'admin' as const, adminRole: 'support' as const };
      }),
    );
    await renderWithProviders(<CustomerActions customer={ANN} />);
    const user = userEvent.setup();
    const change = screen.getByRole('button', { name: 'Change role' }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);
    const select = screen.getByRole('combobox', { name: 'Role of ann' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['customer', 'owner', 'support', 'catalogue']);
    await user.selectOptions(select, 'support');
    await user.click(change);
    const dialog = await screen.findByRole('dialog', { name: 'Make ann support?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(received).toEqual({ userId: 42, role: 'support' }));
    expect(await screen.findByText('ann is now support')).toBeTruthy();
  });
});
