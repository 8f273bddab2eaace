// The checkout in top-up mode (/checkout/{planId}?topUp={iccid}): it says which eSIM the data goes
// onto (…last 4 digits, destination), sends topUpIccid with the intent, and the success page leads
// back to that eSIM. A guest is asked to sign in; an eSIM that is not the traveller's is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import { ICCID, detail } from '../esim/test-fixtures.ts';
import { makeProfile } from '../rewards/test-fixtures.ts';
import { intent, readyOrder } from './test-fixtures.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  sessionStorage.clear();
});

const PLAN = PLANS[0]!;
const LINK = 'L'.repeat(43);

function mock({ user = makeUser() as ReturnType<typeof makeUser> | null } = {}) {
  const calls = { createIntent: [] as unknown[], get: [] as unknown[], linkGet: [] as unknown[] };
  server.use(
    trpcMsw.auth.me.query(() => user),
    trpcMsw.catalog.plan.query(() => PLAN),
    trpcMsw.payments.config.query(() => ({ provider: 'demo', publishableKey: null })),
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.rewards.profile.query(() => makeProfile({ currentPoints: 0 })),
    trpcMsw.esims.get.query(({ input }) => {
      calls.get.push(input);
      return detail();
    }),
    trpcMsw.esims.topUpOptions.query(() => [PLAN]),
    trpcMsw.esimLinks.get.query(({ input }) => {
      calls.linkGet.push(input);
      if (input.token !== LINK) throw trpcError('NOT_FOUND', 'This link is not valid.', { appError: { code: 'NOT_FOUND', details: null } });
      return detail();
    }),
    trpcMsw.payments.createIntent.mutation(({ input }) => {
      calls.createIntent.push(input);
      return intent({ topUpIccid: ICCID });
    }),
    trpcMsw.payments.demoConfirm.mutation(() => ({ paymentIntentId: 'pi_demo_1', status: 'succeeded' }) as never),
    trpcMsw.orders.byPaymentIntent.query(() =>
      readyOrder({ ready: false, orderStatus: 'fulfilled', iccid: null, qrCode: null, esimQrCode: null }),
    ),
  );
  return calls;
}

async function fillCard(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByLabelText('Card number'), '4242424242424242');
  await u.type(screen.getByLabelText('Expiry date'), '1234');
  await u.type(screen.getByLabelText('CVC'), '123');
}

describe('checkout: top-up mode', () => {
  it('names the eSIM, sends topUpIccid, and the success page leads back to the eSIM', async () => {
    const calls = mock();
    const { router } = await renderApp(`/checkout/${PLAN.id}?topUp=${ICCID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Top up your eSIM' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ topUp: ICCID });
    const banner = screen.getByTestId('topup-banner');
    expect(banner.textContent?.replace(/\u200E/g, '')).toContain(
      'The data goes onto your eSIM …1234 for Japan. No new QR code: nothing to install.',
    );
    expect(screen.getByRole('link', { name: 'Back to my eSIM' }).getAttribute('href')).toBe(`/account/esim/${ICCID}`);
    // The summary promises the data on this eSIM, not a QR code on the next page.
    expect(screen.getByText('Added to your eSIM at once: no new QR code')).toBeTruthy();
    expect(screen.queryByText(/QR code on the next page/)).toBeNull();
    // The eSIM is on the phone already: no device check.
    expect(screen.queryByText('Will your device work?')).toBeNull();
    expect(calls.get).toEqual([{ iccid: ICCID }]);

    const u = userEvent.setup({ delay: null });
    await fillCard(u);
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    await screen.findByTestId('payment-success');
    expect(calls.createIntent).toHaveLength(1);
    expect(calls.createIntent[0]).toMatchObject({ planId: PLAN.id, kind: 'one_time', topUpIccid: ICCID });
    // Its own checkout token: not the one of buying the same plan anew.
    expect(sessionStorage.getItem(`checkoutToken:one_time:${PLAN.id}`)).toBeNull();

    await waitFor(() => expect(router.state.location.pathname).toBe(`/order-success/${PLAN.id}`), { timeout: 3000 });
    expect(router.state.location.search).toMatchObject({ payment_intent: 'pi_demo_1', topUp: ICCID });
    const done = await screen.findByTestId('topup-done');
    expect(within(done).getByRole('heading', { name: 'Data added to your eSIM' })).toBeTruthy();
    // Said once: the page's subtitle is the order number, not the section's heading again.
    expect(screen.getAllByText('Data added to your eSIM')).toHaveLength(1);
    expect(done.textContent?.replace(/\u200E/g, '')).toContain('The top-up is on your eSIM …1234.');
    expect(within(done).getByRole('link', { name: 'Back to my eSIM' }).getAttribute('href')).toBe(`/account/esim/${ICCID}`);
  });

  it("a queued top-up's summary says when it starts, not the plan's own validity start or 'top-ups available'", async () => {
    const said = { ...PLAN, facts: { topUps: true, validityStarts: 'first_connection' as const } };
    mock();
    server.use(trpcMsw.catalog.plan.query(() => said));
    await renderApp(`/checkout/${PLAN.id}?topUp=${ICCID}`);
    const summary = await screen.findByTestId('checkout-plan');
    await within(summary).findByText("Starts when the eSIM's current package is used up or ends, not at purchase.");
    expect(summary.textContent).not.toContain('Validity starts when you first connect');
    expect(summary.textContent).not.toContain('Top-ups available');
    cleanup();
    // The same plan bought anew: the provider's facts are said.
    await renderApp(`/checkout/${PLAN.id}`);
    const plain = await screen.findByTestId('checkout-plan');
    await within(plain).findByText('Validity starts when you first connect');
    expect(plain.textContent).not.toContain('current package is used up');
  });

  it('without ?topUp (or with something that is no ICCID) it is the plain checkout', async () => {
    const calls = mock();
    const { router } = await renderApp(`/checkout/${PLAN.id}?topUp=12345`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.search).toEqual({});
    expect(screen.queryByTestId('topup-banner')).toBeNull();
    expect(screen.getByText(/QR code on the next page/)).toBeTruthy();
    expect(screen.getByText('Will your device work?')).toBeTruthy();
    expect(calls.get).toEqual([]);
  });

  it('a guest is asked to sign in and comes back here', async () => {
    mock({ user: null });
    await renderApp(`/checkout/${PLAN.id}?topUp=${ICCID}`);
    expect(await screen.findByRole('heading', { name: 'Sign in to top up' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/checkout/${PLAN.id}?topUp=${ICCID}`)}`,
    );
  });

  it("an eSIM that is not the traveller's cannot be topped up", async () => {
    const calls = mock();
    server.use(
      trpcMsw.esims.get.query(() => {
        throw trpcError('NOT_FOUND', 'Not found', { appError: { code: 'NOT_FOUND', details: null } });
      }),
    );
    await renderApp(`/checkout/${PLAN.id}?topUp=${ICCID}`);
    expect((await screen.findByTestId('checkout-error')).textContent).toContain("This eSIM isn't in your account");
    expect(calls.createIntent).toEqual([]);
  });

  it("through the eSIM's 'Manage your eSIM' link (#link=…) a guest tops up without an account, and comes back to the link's page", async () => {
    const calls = mock({ user: null });
    const { router } = await renderApp(`/checkout/${PLAN.id}?topUp=${ICCID}#link=${LINK}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Top up your eSIM' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in to top up' })).toBeNull();
    expect(screen.getByTestId('topup-banner').textContent?.replace(/\u200E/g, '')).toContain('…1234 for Japan');
    expect(screen.getByRole('link', { name: 'Back to my eSIM' }).getAttribute('href')).toBe(`/esim-link?token=${LINK}`);
    // No address to type: the order's own (the server binds it); no sign-in offer either.
    expect(screen.queryByLabelText(/E-mail/i)).toBeNull();
    expect(screen.getByTestId('link-email').textContent).toContain('No account needed');
    expect(calls.get).toEqual([]);
    expect(calls.linkGet).toEqual([{ token: LINK }]);

    const u = userEvent.setup({ delay: null });
    await fillCard(u);
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    await screen.findByTestId('payment-success');
    expect(calls.createIntent).toHaveLength(1);
    expect(calls.createIntent[0]).toMatchObject({ planId: PLAN.id, kind: 'one_time', topUpIccid: ICCID, esimLinkToken: LINK });
    expect(calls.createIntent[0]).not.toHaveProperty('email');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/order-success/${PLAN.id}`), { timeout: 3000 });
    expect(router.state.location.hash).toBe(`link=${LINK}`);
    const done = await screen.findByTestId('topup-done');
    expect(within(done).getByRole('link', { name: 'Back to my eSIM' }).getAttribute('href')).toBe(`/esim-link?token=${LINK}`);
  });

  it('a link that no longer works says so (and never offers the payment)', async () => {
    const calls = mock({ user: null });
    await renderApp(`/checkout/${PLAN.id}?topUp=${ICCID}#link=${'X'.repeat(43)}`);
    expect((await screen.findByTestId('checkout-error')).textContent).toContain('This link no longer works.');
    expect(calls.createIntent).toEqual([]);
  });
});
