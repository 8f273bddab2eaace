import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { trpcError } from '../../auth/test-utils.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AdminRegion } from '../forms/views.ts';
import { RegionForm } from './region-form.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

const JAPAN: AdminRegion = {
  id: 10,
  code: 'JP',
  name: 'Japan',
  continent: 'Asia',
  kind: 'country',
  isPopular: false,
  visible: true,
  planCount: 6,
  visiblePlanCount: 6,
};

async function renderForm(region: AdminRegion | null = null) {
  const onDone = vi.fn();
  const utils = await renderWithProviders(<RegionForm region={region} onDone={onDone} />);
  const user = userEvent.setup();
  const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
  return { ...utils, user, field, onDone };
}

describe('RegionForm', () => {
  it('refuses an empty name, a bad code and no continent next to the fields, and sends nothing', async () => {
    const create = vi.fn();
    server.use(trpcMsw.admin.catalog.createRegion.mutation(create));
    const { user, field, onDone } = await renderForm();
    await user.type(field('Code'), 'j');
    await user.click(screen.getByRole('button', { name: 'Create region' }));
    expect(await screen.findByText('Enter a name')).toBeTruthy();
    expect(screen.getByText('A code is 2 to 12 capital letters, digits or _ (e.g. JP, EU, GLOBAL)')).toBeTruthy();
    expect(screen.getByText('Pick a continent from the list')).toBeTruthy();
    expect(field('Code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));
    expect(create).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('hides a region with a patch and shows a taken code next to the Code field', async () => {
    let received: unknown;
    server.use(
      trpcMsw.admin.catalog.updateRegion.mutation(({ input }) => {
        received = input;
        throw trpcError('CONFLICT', 'A region with the code JP exists already.', {
          appError: { code: 'CONFLICT', details: { field: 'code' } },
        });
      }),
    );
    const { user, field, onDone } = await renderForm(JAPAN);
    expect(field('Name').value).toBe('Japan');
    await user.click(screen.getByRole('switch', { name: /^Shown on the shop/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('A region with the code JP exists already.')).toBeTruthy();
    await waitFor(() => expect(field('Code').getAttribute('aria-invalid')).toBe('true'));
    expect(received).toEqual({
      id: 10,
      patch: { name: 'Japan', code: 'JP', continent: 'Asia', kind: 'country', isPopular: false, visible: false },
    });
    expect(onDone).not.toHaveBeenCalled();
  });
});
