// Issue 31: the owner's form for a guest's data request — the address checked before sending, the
// export downloaded, the erasure asked first, the server's refusals shown with what to do.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { GuestDataRequest } from './guest-data.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

describe('GuestDataRequest', () => {
  it('needs an address before sending anything', async () => {
    let called = false;
    server.use(
      trpcMsw.admin.customers.exportGuestData.mutation(() => {
        called = true;
        throw new TRPCError({ code: 'NOT_FOUND' });
      }),
    );
    await renderWithProviders(<GuestDataRequest />);
    await userEvent.setup().click(screen.getByRole('button', { name: "Export the guest's data (JSON)" }));
    expect(await screen.findByText("Enter the guest's e-mail address.")).toBeTruthy();
    expect(called).toBe(false);
  });

  it('asks before erasing, sends the address, and says what was erased', async () => {
    let received: unknown;
    server.use(
      trpcMsw.admin.customers.eraseGuest.mutation(({ input }) => {
        received = input;
        return { erased: true as const, orders: 2, messages: 1, tickets: 0 };
      }),
    );
    await renderWithProviders(<GuestDataRequest />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("The guest's e-mail address"), 'gus@mail.example');
    await user.click(screen.getByRole('button', { name: "Erase the guest's data" }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase everything under this address?' });
    expect(received).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: "Erase the guest's data" }));
    await waitFor(() => expect(received).toEqual({ email: 'gus@mail.example' }));
    expect(await screen.findByText('Erased: 2 orders, 1 messages and 0 tickets no longer carry the address')).toBeTruthy();
  });

  it("shows the server's refusal (an account's address) with what to do", async () => {
    server.use(
      trpcMsw.admin.customers.exportGuestData.mutation(() => {
        throw new TRPCError({
          code: 'CONFLICT',
          message: 'This address belongs to account #7: open that customer and use its Export or Erase, which cover its guest orders too.',
        });
      }),
    );
    await renderWithProviders(<GuestDataRequest />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("The guest's e-mail address"), 'ann@mail.example');
    await user.click(screen.getByRole('button', { name: "Export the guest's data (JSON)" }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/belongs to account #7/);
  });
});
