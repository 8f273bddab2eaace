// The operations page in the real route tree: both job lists, Retry with its result, errors.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, trpcError } from '../../auth/test-utils.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderAdminApp } from '../../../test/render.tsx';
import { makeOrderDetail, type OperationsView } from '../test-fixtures.ts';

const admin = () => trpcMsw.auth.me.query(() => makeUser({ role: 'admin', username: 'boss' }));

const view = (): OperationsView => ({
  provisioning: [
    {
      orderId: 'ORD-20261124-PPPP',
      status: 'paid',
      email: 'ada@example.com',
      planName: 'Japan 5GB - 30 Days',
      attempts: 3,
      lastError: 'Error: provider timed out',
      nextAttemptAt: '2026-11-24T12:00:00.000Z',
      paidAt: '2026-11-24T11:00:00.000Z',
      refundPending: false,
    },
  ],
  emails: [
    {
      id: 41,
      orderId: 'ORD-20261124-EEEE',
      kind: 'esim',
      to: 'bob@example.com',
      status: 'failed',
      attempts: 5,
      lastError: 'Error: SMTP refused',
      nextAttemptAt: null,
      sentAt: null,
      createdAt: '2026-11-24T09:00:00.000Z',
    },
  ],
});

describe('/admin/operations', () => {
  it('lists both kinds of jobs with links to their orders', async () => {
    server.use(
      admin(),
      trpcMsw.admin.operations.jobs.query(() => view()),
    );
    await renderAdminApp('/admin/operations');
    const fulfilment = await screen.findByRole('table', { name: 'Fulfilment jobs' });
    expect(within(fulfilment).getByRole('link', { name: 'ORD-20261124-PPPP' }).getAttribute('href')).toBe(
      '/admin/orders/ORD-20261124-PPPP',
    );
    expect(within(fulfilment).getByText('Error: provider timed out')).toBeTruthy();
    const emails = screen.getByRole('table', { name: 'E-mail jobs' });
    expect(within(emails).getByRole('rowheader', { name: '41' })).toBeTruthy();
    expect(within(emails).getByRole('button', { name: 'Retry e-mail 41 of ORD-20261124-EEEE' })).toBeTruthy();
  });

  it('retries an e-mail, says the result and reads the lists again', async () => {
    let reads = 0;
    let retried = 0;
    server.use(
      admin(),
      trpcMsw.admin.operations.jobs.query(() => {
        reads++;
        return reads === 1 ? view() : { ...view(), emails: [] };
      }),
      trpcMsw.admin.operations.retryEmail.mutation(({ input }) => {
        retried++;
        return { ...view().emails[0]!, id: input.outboxId, status: 'sent' as const, sentAt: '2026-11-24T12:00:00.000Z' };
      }),
    );
    await renderAdminApp('/admin/operations');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Retry e-mail 41 of ORD-20261124-EEEE' }));
    const status = screen.getByRole('status', { name: 'E-mail jobs' });
    await waitFor(() => expect(status.textContent).toBe('E-mail 41 to bob@example.com: sent.'));
    expect(retried).toBe(1);
    await waitFor(() => expect(screen.getByText('No e-mail is waiting or failed.')).toBeTruthy());
  });

  it('retries provisioning and shows a refusal in words', async () => {
    server.use(
      admin(),
      trpcMsw.admin.operations.jobs.query(() => view()),
      trpcMsw.admin.orders.retryProvisioning.mutation(() => {
        throw trpcError('CONFLICT', 'A refund of this order is under way, so it is not provisioned.');
      }),
    );
    await renderAdminApp('/admin/operations');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Retry provisioning of ORD-20261124-PPPP' }));
    expect(
      within(await screen.findByRole('alert')).getByText('A refund of this order is under way, so it is not provisioned.'),
    ).toBeTruthy();
  });

  it("says 'Done' and the server's sentence after a provisioning retry", async () => {
    server.use(
      admin(),
      trpcMsw.admin.operations.jobs.query(() => view()),
      trpcMsw.admin.orders.retryProvisioning.mutation(() => ({
        outcome: 'done' as const,
        message: 'The eSIM is delivered.',
        order: makeOrderDetail({ orderId: 'ORD-20261124-PPPP' }),
      })),
    );
    await renderAdminApp('/admin/operations');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Retry provisioning of ORD-20261124-PPPP' }));
    const status = screen.getByRole('status', { name: 'Fulfilment jobs' });
    await waitFor(() => expect(status.textContent).toBe('ORD-20261124-PPPP: Done. The eSIM is delivered.'));
  });
});
