// The order-success page in the real route tree: polling until the eSIM is ready, the details,
// the waiting, refunded, failed and not-found states, the missing-information panel, and the
// plan-only fallback.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import { readyOrder } from './test-fixtures.ts';
import { POLL_INTERVAL_MS, POLL_LIMIT_MS } from './order-success.tsx';

/**
 * Timers the test can run ahead (they also follow real time, so the page's requests and the
 * findBy waits work): 'no more requests' is then checked by running the poll's clock three
 * intervals ahead, not by waiting.
 */
function clockAhead() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  return () => vi.advanceTimersByTimeAsync(3 * POLL_INTERVAL_MS);
}

afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
  notifications.cleanQueue();
});

const PLAN = PLANS[0]!;

function mockOrder(
  answers: (n: number, input: { paymentIntentId: string; clientSecret?: string | undefined }) => ReturnType<typeof readyOrder>,
) {
  const inputs: unknown[] = [];
  server.use(
    trpcMsw.orders.byPaymentIntent.query(({ input }) => {
      inputs.push(input);
      return answers(inputs.length, input);
    }),
  );
  return inputs;
}

describe('/order-success', () => {
  it('polls until the eSIM is ready, then shows the order and the install details', async () => {
    const runAhead = clockAhead();
    const inputs = mockOrder((n) =>
      n < 3
        ? readyOrder({
            ready: false,
            orderStatus: n === 1 ? 'pending_payment' : 'provisioning',
            status: 'pending',
            activationCode: null,
            qrCode: null,
          })
        : readyOrder(),
    );
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1&payment_intent_client_secret=pi_demo_1_secret_abc`);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Preparing your eSIM…' }, { timeout: 3000 })).toBeTruthy();
    const ready = await screen.findByTestId('order-ready', {}, { timeout: 4000 });
    expect(inputs).toHaveLength(3);
    expect(inputs[0]).toEqual({ paymentIntentId: 'pi_demo_1', clientSecret: 'pi_demo_1_secret_abc' });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    const details = screen.getByTestId('order-details');
    // The plan's texts are composed from its facts, not the stored 'Japan 1GB - 7 Days'.
    for (const text of ['Japan 1 GB – 7 days', '1 GB', '7 days', '$4.50', 'Card', 'ORD-AAAAAAAAAA'])
      expect(within(details).getByText(text)).toBeTruthy();
    expect(within(details).queryByText(PLAN.name)).toBeNull();
    expect(within(ready).getByRole('img').getAttribute('alt')).toContain('Japan 1 GB – 7 days');
    expect(within(details).getByText(/2026/)).toBeTruthy();
    expect(within(details).getByText(/e-mailed you these details/)).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(within(details).queryByRole('link', { name: 'Go to my account' })).toBeNull();
    expect(within(ready).getByTestId('esim-code').textContent).toBe('LPA:1$smdp.sim.example$ABCDE-12345');
    expect(within(ready).getByRole('img').getAttribute('src')).toBe('/api/esims/ESIM-1/qr.png?token=t');
    // Polling stopped.
    await runAhead();
    expect(inputs).toHaveLength(3);
    // The secret from the URL is kept for a reload.
    expect(sessionStorage.getItem('paymentSecret:pi_demo_1')).toBe('pi_demo_1_secret_abc');
    await waitFor(() => expect(document.title).toBe('Order confirmation | eSIM Shop'));
  });

  it('sends the client secret kept in sessionStorage, and links a signed-in owner to the account', async () => {
    server.use(trpcMsw.auth.me.query(() => makeUser()));
    sessionStorage.setItem('paymentSecret:pi_demo_1', 'stored_secret');
    const inputs = mockOrder(() => readyOrder());
    await renderApp('/order-success?payment_intent=pi_demo_1');
    await screen.findByTestId('order-ready');
    expect(inputs[0]).toEqual({ paymentIntentId: 'pi_demo_1', clientSecret: 'stored_secret' });
    expect(await screen.findByRole('link', { name: 'Go to my account' })).toBeTruthy();
  });

  it('a subscription says its price, the next renewal date and how to cancel, with a link to the account', async () => {
    server.use(trpcMsw.auth.me.query(() => makeUser()));
    mockOrder(() =>
      readyOrder({
        kind: 'subscription',
        subscription: { id: 'SUB-AAAAAAAAAA', amountMinor: 1699, currency: 'USD', nextRenewalAt: '2026-04-01T12:00:00.000Z' },
      }),
    );
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1&payment_intent_client_secret=pi_demo_1_secret_abc`);
    const terms = await screen.findByTestId('subscription-terms');
    expect(within(terms).getByText('Your monthly subscription')).toBeTruthy();
    expect(terms.textContent?.replace(/[\u2066-\u2069]/g, '')).toContain(
      '$16.99 a month, renewing automatically. Next renewal: April 1, 2026.',
    );
    expect(terms.textContent).toContain('Cancel anytime in your account, under Subscriptions');
    expect(within(terms).getByRole('link', { name: 'Manage my subscription' }).getAttribute('href')).toBe('/account#subscriptions-heading');
  });

  it('a one-time order has no subscription terms', async () => {
    mockOrder(() => readyOrder());
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1&payment_intent_client_secret=pi_demo_1_secret_abc`);
    await screen.findByTestId('order-ready');
    expect(screen.queryByTestId('subscription-terms')).toBeNull();
  });

  it('settles the payment once when it opens (a mutation; the poll only reads) and shows what the settlement answered', async () => {
    const runAhead = clockAhead();
    const settled: unknown[] = [];
    server.use(
      trpcMsw.orders.settle.mutation(({ input }) => {
        settled.push(input);
        return readyOrder();
      }),
    );
    // The read alone would keep saying 'waiting for the payment'.
    const inputs = mockOrder(() =>
      readyOrder({ ready: false, orderStatus: 'pending_payment', status: 'pending', activationCode: null, qrCode: null }),
    );
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1&payment_intent_client_secret=pi_demo_1_secret_abc`);
    expect(await screen.findByTestId('order-ready')).toBeTruthy();
    expect(settled).toEqual([{ paymentIntentId: 'pi_demo_1', clientSecret: 'pi_demo_1_secret_abc' }]);
    expect(inputs.length).toBeLessThanOrEqual(1);
    // Once, however the page re-renders.
    await runAhead();
    expect(settled).toHaveLength(1);
  });

  it('stops after a minute with a friendly note and can check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let ready = false;
    mockOrder(() => (ready ? readyOrder() : readyOrder({ ready: false, orderStatus: 'provisioning', status: 'pending' })));
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1`);
    await screen.findByRole('heading', { name: 'Preparing your eSIM…' });
    await vi.advanceTimersByTimeAsync(POLL_LIMIT_MS + 1000);
    expect(await screen.findByRole('heading', { name: 'This is taking longer than usual' })).toBeTruthy();
    ready = true;
    vi.useRealTimers();
    const settled: unknown[] = [];
    server.use(
      trpcMsw.orders.settle.mutation(({ input }) => {
        settled.push(input);
        return readyOrder();
      }),
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('order-ready')).toBeTruthy();
    // 'Check again' asks the server to settle again, too.
    expect(settled).toEqual([{ paymentIntentId: 'pi_demo_1' }]);
  });

  it('a refunded order says provisioning failed and the payment was refunded', async () => {
    mockOrder(() => readyOrder({ ready: false, orderStatus: 'refunded', status: 'refunded' }));
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1`);
    expect(await screen.findByRole('heading', { name: "We couldn't deliver your eSIM" })).toBeTruthy();
    expect(screen.getByText(/we refunded your payment in full/)).toBeTruthy();
  });

  it('an expired order says it was not paid in time, stops asking, and offers a new checkout', async () => {
    const runAhead = clockAhead();
    const inputs = mockOrder(() =>
      readyOrder({ ready: false, orderStatus: 'expired', status: 'expired', activationCode: null, qrCode: null }),
    );
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1`);
    expect(await screen.findByRole('heading', { name: 'This order has expired' })).toBeTruthy();
    expect(screen.getByText(/wasn't paid in time/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`/checkout/${PLAN.id}`);
    await runAhead();
    expect(inputs).toHaveLength(1);
  });

  it('a failed payment offers to try again', async () => {
    mockOrder(() => readyOrder({ ready: false, orderStatus: 'payment_failed', status: 'failed' }));
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1`);
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`/checkout/${PLAN.id}`);
  });

  it('issue 29: a hold released for a promo code already used with this card says so, no money taken', async () => {
    mockOrder(() =>
      readyOrder({
        ready: false,
        orderStatus: 'canceled',
        status: 'canceled',
        holdRefusal: { refusedBy: 'promo', reason: 'PROMO_ALREADY_USED' },
        activationCode: null,
        qrCode: null,
      }),
    );
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1`);
    expect(await screen.findByRole('heading', { name: 'Your card was not charged' })).toBeTruthy();
    expect(screen.getByText(/already been used with this card/)).toBeTruthy();
    expect(screen.getByText(/no money was taken/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`/checkout/${PLAN.id}`);
  });

  it('issue 29: a hold released for a refused referral gives the reason, and the referral link is forgotten', async () => {
    document.cookie = 'esim_ref=ABCD2345; Path=/';
    mockOrder(() =>
      readyOrder({
        ready: false,
        orderStatus: 'canceled',
        status: 'canceled',
        holdRefusal: { refusedBy: 'referral', reason: 'same_card' },
        activationCode: null,
        qrCode: null,
      }),
    );
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1`);
    expect(await screen.findByText(/the card is the referrer's own/)).toBeTruthy();
    await waitFor(() => expect(document.cookie).not.toContain('esim_ref=ABCD2345'));
  });

  it('issue 29: the referral link is kept after a declined card, and forgotten once the order is paid', async () => {
    document.cookie = 'esim_ref=ABCD2345; Path=/';
    mockOrder(() => readyOrder({ ready: false, orderStatus: 'payment_failed', status: 'failed' }));
    const first = await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1`);
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(document.cookie).toContain('esim_ref=ABCD2345');
    first.unmount();
    mockOrder(() => readyOrder());
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_2`);
    await screen.findByTestId('order-ready', {}, { timeout: 4000 });
    await waitFor(() => expect(document.cookie).not.toContain('esim_ref=ABCD2345'));
  });

  it("an order nobody may see: 'Something went wrong' / \"We couldn't find your order details\"", async () => {
    server.use(
      trpcMsw.orders.byPaymentIntent.query(() => {
        throw trpcError('NOT_FOUND', "We couldn't find your order details.");
      }),
    );
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_nope`);
    const panel = await screen.findByTestId('order-status-panel');
    expect(within(panel).getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(within(panel).getByText("We couldn't find your order details")).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it("neither a plan nor a payment intent: 'No order information found'", async () => {
    await renderApp('/order-success');
    expect(await screen.findByRole('heading', { name: 'No order information found' })).toBeTruthy();
  });

  it('only a plan id: the plan, with a note', async () => {
    server.use(
      trpcMsw.catalog.plan.query(() => PLAN),
      trpcMsw.catalog.regions.query(() => REGIONS),
    );
    await renderApp(`/order-success/${PLAN.id}`);
    const card = await screen.findByTestId('plan-only');
    expect(await within(card).findByRole('heading', { name: 'Japan 1 GB – 7 days' })).toBeTruthy();
    expect(within(card).getByText('1 GB')).toBeTruthy();
    expect(within(card).getByText('$4.50')).toBeTruthy();
    expect(within(card).getByText(/in your confirmation e-mail/)).toBeTruthy();
  });
});
