// The checkout work inside the account: the order table's 'view QR code' dialog and 'view
// details' link, /account/esim's cards, and the dashboard's subscriptions with 'Cancel
// subscription'.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser } from '../auth/test-utils.ts';
import { readyOrder } from '../checkout/test-fixtures.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

type Orders = Awaited<ReturnType<Parameters<typeof trpcMsw.orders.list.query>[0]>>;
type Esims = Awaited<ReturnType<Parameters<typeof trpcMsw.esims.list.query>[0]>>;
type Subs = Awaited<ReturnType<Parameters<typeof trpcMsw.subscriptions.list.query>[0]>>;

const ORDERS = [
  {
    id: 'ORD-A',
    planId: 101,
    planName: 'Japan 1GB - 7 Days',
    totalAmount: 4.5,
    totalMinor: 450,
    currency: 'USD',
    status: 'completed',
    orderStatus: 'fulfilled',
    kind: 'one_time',
    createdAt: '2026-06-03T10:00:00.000Z',
    esimQrCode: '/api/esims/ESIM-A/qr.png?token=t',
    paymentIntentId: 'pi_a',
  },
] as Orders;

const ESIM = {
  id: 'ESIM-A',
  orderId: 'ORD-A',
  paymentIntentId: 'pi_a',
  iccid: '8999912345678901234',
  planId: 101,
  planName: 'Japan 1GB - 7 Days',
  planData: '1GB',
  planValidity: '7 days',
  status: 'not_installed',
  activationCode: 'LPA:1$smdp.sim.example$AAAAA-11111',
  qrCode: '/api/esims/ESIM-A/qr.png?token=t',
  appleInstallUrl: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=x',
  smdpAddress: 'smdp.sim.example',
  matchingId: 'AAAAA-11111',
  confirmationCodeRequired: false,
  apn: 'globaldata',
  createdAt: '2026-06-03T10:00:00.000Z',
} as Esims[number];

function signedIn({ orders = ORDERS, esims = [ESIM], subs = [] as Subs } = {}) {
  server.use(
    trpcMsw.auth.me.query(() => makeUser()),
    trpcMsw.orders.list.query(() => orders),
    trpcMsw.esims.list.query(() => esims),
    trpcMsw.subscriptions.list.query(() => subs),
  );
}

describe('account: orders', () => {
  it("'view QR code' opens the eSIM's install details", async () => {
    signedIn();
    await renderApp('/account');
    const u = userEvent.setup({ delay: null });
    // The table (the phone's cards hold the same buttons; CSS shows one of the two).
    const table = await screen.findByRole('table', { name: 'Your orders' });
    await u.click(within(table).getByRole('button', { name: 'View QR code for order ORD-A' }));
    const dialog = await screen.findByRole('dialog', { name: 'eSIM for order ORD-A' });
    expect((await within(dialog).findByTestId('esim-code')).textContent).toBe(ESIM.activationCode);
    expect(
      within(dialog)
        .getByRole('img', { name: /QR code to install/ })
        .getAttribute('src'),
    ).toBe(ESIM.qrCode);
    expect(within(dialog).getByTestId('esim-smdp').textContent).toBe('smdp.sim.example');
    expect(within(dialog).getByRole('link', { name: 'Order details' }).getAttribute('href')).toBe('/order-success/101?payment_intent=pi_a');
  });

  it("'view details' opens the order's page", async () => {
    signedIn();
    server.use(trpcMsw.orders.byPaymentIntent.query(() => readyOrder({ id: 'ORD-A', paymentIntentId: 'pi_a' })));
    const { router } = await renderApp('/account/orders');
    // The phone's card (the table holds the same buttons; CSS shows one of the two).
    const cards = await screen.findByRole('list', { name: 'Your orders' });
    await userEvent.setup({ delay: null }).click(within(cards).getByRole('button', { name: 'View details of order ORD-A' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success/101'));
    expect(router.state.location.search).toEqual({ payment_intent: 'pi_a' });
    expect(await screen.findByTestId('order-ready')).toBeTruthy();
  });
});

describe('account: /account/esim', () => {
  it('lists each eSIM with ICCID, plan, status, QR and install details', async () => {
    const europe = { regionCode: 'EU', regionKind: 'bundle', regionName: 'Europe', coverage: 35, dataMb: 5120, validityDays: 30 } as const;
    signedIn({
      esims: [ESIM, { ...ESIM, id: 'ESIM-B', orderId: 'ORD-B', status: 'active', planName: 'Europe 5GB - 30 Days', planFacts: europe }],
    });
    await renderApp('/account/esim');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    // Without facts (a plan that is gone) the stored name; with them, the name composed in the UI language.
    expect(within(cards[1]!).getByRole('heading', { name: 'Europe 5 GB – 30 days' })).toBeTruthy();
    expect(within(cards[1]!).getByText('5 GB · 30 days')).toBeTruthy();
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Japan 1GB - 7 Days' })).toBeTruthy();
    expect(first.getByText('Not installed')).toBeTruthy();
    expect(first.getByTestId('esim-iccid').textContent).toBe('8999912345678901234');
    expect(first.getByRole('img').getAttribute('src')).toBe(ESIM.qrCode);
    const toggle = first.getByRole('button', { name: 'Show install details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup({ delay: null }).click(toggle);
    expect(first.getByRole('button', { name: 'Hide install details' }).getAttribute('aria-expanded')).toBe('true');
    expect(first.getByTestId('esim-code').textContent).toBe(ESIM.activationCode);

    const second = within(cards[1]!);
    expect(second.getByText('Active')).toBeTruthy();
    expect(second.queryByRole('img')).toBeNull();
    expect(second.getByText(/Installed and in use/)).toBeTruthy();
  });

  it("says 'No eSIMs yet' without any", async () => {
    signedIn({ esims: [] });
    await renderApp('/account/esim');
    expect(await screen.findByText('No eSIMs yet')).toBeTruthy();
  });
});

describe('account: subscriptions', () => {
  const SUB = {
    id: 'SUB-1',
    planId: 101,
    planName: 'Japan 1GB - 7 Days',
    planFacts: { regionCode: 'JP', regionKind: 'country', regionName: 'Japan', coverage: 1, dataMb: 1024, validityDays: 7 },
    amount: 3.83,
    amountMinor: 383,
    currency: 'USD',
    status: 'active',
    currentPeriodEnd: '2026-07-03T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    createdAt: '2026-06-03T10:00:00.000Z',
    endedAt: null,
  } as Subs[number];

  it("shows them, and 'Cancel subscription' asks first, then cancels at the period end", async () => {
    let canceled = false;
    const inputs: unknown[] = [];
    signedIn({ orders: [] });
    server.use(
      trpcMsw.subscriptions.list.query(() => [{ ...SUB, cancelAtPeriodEnd: canceled }]),
      trpcMsw.subscriptions.cancel.mutation(({ input }) => {
        inputs.push(input);
        canceled = true;
        return { ...SUB, cancelAtPeriodEnd: true };
      }),
    );
    await renderApp('/account');
    const panel = await screen.findByTestId('subscriptions');
    expect(within(panel).getByText('$3.83 / month')).toBeTruthy();
    expect(within(panel).getByText('Renews on July 3, 2026')).toBeTruthy();
    const u = userEvent.setup({ delay: null });
    await u.click(within(panel).getByRole('button', { name: 'Cancel subscription Japan 1 GB – 7 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    expect(within(dialog).getByText(/stays active until July 3, 2026/).textContent).toContain('Japan 1 GB – 7 days');
    await u.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inputs).toEqual([]);

    await u.click(within(panel).getByRole('button', { name: 'Cancel subscription Japan 1 GB – 7 days' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Subscription canceled', { selector: '.mantine-Notification-root *' })).toBeTruthy();
    expect(inputs).toEqual([{ subscriptionId: 'SUB-1' }]);
    await waitFor(() => expect(within(panel).getByText('Cancels on July 3, 2026')).toBeTruthy());
    expect(within(panel).queryByRole('button', { name: /Cancel subscription/ })).toBeNull();
  });

  it('renders nothing without subscriptions', async () => {
    signedIn();
    await renderApp('/account');
    await screen.findByRole('heading', { name: 'Welcome back, Ada Traveller!' });
    expect(screen.queryByTestId('subscriptions')).toBeNull();
  });
});
