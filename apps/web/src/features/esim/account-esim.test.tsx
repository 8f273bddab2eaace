// The traveller's eSIMs in the account: /account/esim (status in words, usage bar, days left, a
// link to each eSIM), the order table's 'view QR code' (the eSIM's install section) and 'view
// details' (the receipt), and the dashboard's subscriptions (renewal date, cancel, resume, a
// failed renewal).
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser } from '../auth/test-utils.ts';
import { ICCID, detail, summary, type EsimListRow } from './test-fixtures.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

type Orders = Awaited<ReturnType<Parameters<typeof trpcMsw.orders.list.query>[0]>>;
type Subs = Awaited<ReturnType<Parameters<typeof trpcMsw.subscriptions.list.query>[0]>>;

const ORDERS = [
  {
    id: 'ORD-A',
    planId: 101,
    planName: 'Japan 1GB - 7 Days',
    planFacts: null,
    totalAmount: 4.5,
    totalMinor: 450,
    currency: 'USD',
    status: 'completed',
    orderStatus: 'fulfilled',
    kind: 'one_time',
    createdAt: '2026-06-03T10:00:00.000Z',
    esimQrCode: '/api/esims/ESIM-A/qr.png?token=t',
    paymentIntentId: 'pi_a',
    iccid: ICCID,
    isTopUp: false,
  },
] as Orders;

function signedIn({ orders = ORDERS, esims = [summary()] as EsimListRow[], subs = [] as Subs } = {}) {
  server.use(
    trpcMsw.auth.me.query(() => makeUser()),
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.orders.list.query(() => orders),
    trpcMsw.esims.list.query(() => esims),
    trpcMsw.subscriptions.list.query(() => subs),
  );
}

describe('account: /account/esim', () => {
  it('asks the server once to refresh from the provider (a mutation), then reads the list again when something changed', async () => {
    let listed = 0;
    const refreshes: unknown[] = [];
    signedIn();
    server.use(
      trpcMsw.esims.list.query(() => {
        listed++;
        return listed === 1 ? [summary({ status: 'ready' })] : [summary()];
      }),
      trpcMsw.esims.refresh.mutation(({ input }) => {
        refreshes.push(input);
        return { refreshed: 1 };
      }),
    );
    await renderApp('/account/esim');
    const card = within(await screen.findByRole('article'));
    await waitFor(() => expect(card.getByText('Active')).toBeTruthy());
    expect(refreshes).toEqual([undefined]);
    expect(listed).toBe(2);
  });

  it('lists each eSIM: destination, status in words, usage bar, days left, a link to it', async () => {
    signedIn({
      esims: [
        summary(),
        summary({
          id: 'ESIM-B',
          iccid: '8999912345678905678',
          status: 'ready',
          profileState: 'released',
          planState: 'not_active',
          usage: { usedMb: 0, totalMb: null, remainingMb: null, percent: null },
          activatedAt: null,
          expiresAt: null,
          daysLeft: null,
          planFacts: { regionCode: 'EU', regionKind: 'bundle', regionName: 'Europe', coverage: 35, dataMb: null, validityDays: 30 },
        }),
        summary({
          id: 'ESIM-C',
          iccid: '8999912345678909999',
          status: 'depleted',
          usage: { usedMb: 1024, totalMb: 1024, remainingMb: 0, percent: 100 },
        }),
      ],
    });
    await renderApp('/account/esim');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const [japan, europe, usedUp] = cards.map((c) => within(c));
    expect(japan!.getByRole('heading', { name: 'Japan' })).toBeTruthy();
    expect(japan!.getByText('Japan 1 GB – 7 days')).toBeTruthy();
    expect(japan!.getByText('Active')).toBeTruthy();
    expect(japan!.getByTestId('usage-text').textContent).toBe('412 MB of 1 GB used (40%)');
    expect(japan!.getByTestId('usage-left').textContent).toBe('612 MB left');
    const bar = japan!.getByRole('progressbar', { name: '412 MB of 1 GB used (40%)' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(japan!.getByTestId('days-left').textContent).toBe('5 days left');
    expect(japan!.getByTestId('esim-iccid').textContent).toBe(ICCID);
    expect(japan!.getByRole('link', { name: 'View eSIM – Japan' }).getAttribute('href')).toBe(`/account/esim/${ICCID}`);

    expect(europe!.getByRole('heading', { name: 'Europe' })).toBeTruthy();
    expect(europe!.getByText('Ready to install')).toBeTruthy();
    expect(europe!.getByText('Unlimited data')).toBeTruthy();
    expect(europe!.queryByRole('progressbar')).toBeNull();
    expect(europe!.getByTestId('days-left').textContent).toBe('Validity starts when the eSIM first connects');

    expect(usedUp!.getByText('Data used up')).toBeTruthy();
    expect(usedUp!.getByTestId('usage-text').textContent).toBe('1 GB of 1 GB used (100%)');
  });

  it("says 'No eSIMs yet' without any", async () => {
    signedIn({ esims: [] });
    await renderApp('/account/esim');
    expect(await screen.findByText('No eSIMs yet')).toBeTruthy();
  });
});

describe('account: the order table', () => {
  it("'view QR code' opens the eSIM's install section; 'view details' the receipt", async () => {
    signedIn();
    server.use(
      trpcMsw.esims.get.query(() => detail()),
      trpcMsw.esims.topUpOptions.query(() => []),
      trpcMsw.orders.receipt.query(() => {
        throw new Error('not looked at here');
      }),
    );
    const { router } = await renderApp('/account/orders');
    const u = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Your orders' });
    await u.click(within(table).getByRole('button', { name: 'View QR code for order ORD-A' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/account/esim/${ICCID}`));
    expect(router.state.location.hash).toBe('install');
    expect(await screen.findByRole('heading', { level: 2, name: 'Install your eSIM' })).toBeTruthy();

    await router.navigate({ to: '/account/orders' });
    const cards = await screen.findByRole('list', { name: 'Your orders' });
    await u.click(within(cards).getByRole('button', { name: 'View details of order ORD-A' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orders/ORD-A/receipt'));
  });
});

describe('account: subscriptions', () => {
  const SUB = {
    id: 'SUB-1',
    planId: 102,
    planName: 'Japan 5GB - 30 Days',
    planFacts: { regionCode: 'JP', regionKind: 'country', regionName: 'Japan', coverage: 1, dataMb: 5120, validityDays: 30 },
    amount: 15.29,
    amountMinor: 1529,
    currency: 'USD',
    status: 'active',
    currentPeriodEnd: '2026-07-03T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    createdAt: '2026-06-03T10:00:00.000Z',
    endedAt: null,
    nextRenewalAt: '2026-07-03T10:00:00.000Z',
    renewalFailedAt: null,
    esimIccid: ICCID,
  } as Subs[number];

  it("shows the next renewal and price; 'Cancel subscription' asks first, then 'Resume' undoes it", async () => {
    let canceled = false;
    const cancels: unknown[] = [];
    const resumes: unknown[] = [];
    signedIn({ orders: [] });
    server.use(
      trpcMsw.subscriptions.list.query(() => [{ ...SUB, cancelAtPeriodEnd: canceled }]),
      trpcMsw.subscriptions.cancel.mutation(({ input }) => {
        cancels.push(input);
        canceled = true;
        return { ...SUB, cancelAtPeriodEnd: true };
      }),
      trpcMsw.subscriptions.resume.mutation(({ input }) => {
        resumes.push(input);
        canceled = false;
        return { ...SUB, cancelAtPeriodEnd: false };
      }),
    );
    await renderApp('/account');
    const panel = await screen.findByTestId('subscriptions');
    expect(within(panel).getByText('$15.29 / month')).toBeTruthy();
    expect(within(panel).getByText('Renews on July 3, 2026')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'View the eSIM it renews' }).getAttribute('href')).toBe(`/account/esim/${ICCID}`);
    expect(within(panel).queryByRole('button', { name: /Resume/ })).toBeNull();
    const u = userEvent.setup({ delay: null });
    await u.click(within(panel).getByRole('button', { name: 'Cancel subscription Japan 5 GB – 30 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    await u.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(within(panel).getByText('Cancels on July 3, 2026')).toBeTruthy());
    expect(cancels).toEqual([{ subscriptionId: 'SUB-1' }]);

    await u.click(within(panel).getByRole('button', { name: 'Resume subscription Japan 5 GB – 30 days' }));
    await waitFor(() => expect(within(panel).getByText('Renews on July 3, 2026')).toBeTruthy());
    expect(resumes).toEqual([{ subscriptionId: 'SUB-1' }]);
    expect(await screen.findByText('Subscription resumed', { selector: '.mantine-Notification-root *' })).toBeTruthy();
  });

  it('tells the traveller when a renewal could not be charged', async () => {
    signedIn({ orders: [], subs: [{ ...SUB, status: 'past_due', renewalFailedAt: '2026-07-03T10:05:00.000Z' }] });
    await renderApp('/account');
    const notice = await screen.findByTestId('renewal-failed');
    expect(notice.textContent).toContain("The renewal on July 3, 2026 couldn't be charged.");
  });

  it('renders nothing without subscriptions', async () => {
    signedIn();
    await renderApp('/account');
    await screen.findByRole('heading', { name: 'Welcome back, Ada Traveller!' });
    expect(screen.queryByTestId('subscriptions')).toBeNull();
  });
});
