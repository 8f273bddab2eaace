// The checkout in the real route tree with payments.* mocked (msw-trpc): loading, validation and
// formatting, the demo flow's outcomes (success → toast + redirect, decline, the bank's step,
// unexpected errors), the init error panel, the once-per-visit token, signed-in shoppers,
// /checkout from sessionStorage, /subscribe, and Stripe (mocked) only when the server says so.
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { AppProviders } from '../../app-providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { httpLink } from '@trpc/client';
import { createTrpc, createTrpcClient } from '../../lib/trpc.ts';
import { createAppRouter } from '../../router.tsx';
import { TEST_TRPC_URL } from '../../test/msw.ts';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import { makeProfile } from '../rewards/test-fixtures.ts';
import { intent, readyOrder, type Intent } from './test-fixtures.ts';

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(async () => ({ marker: 'stripe' })),
  confirmPayment: vi.fn(),
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: React.ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: ({ onReady }: { onReady?: () => void }) => {
    setTimeout(() => onReady?.(), 0);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ marker: 'elements' }),
}));

const PLAN = PLANS[0]!; // Japan 1GB - 7 Days, $4.50
const MONTHLY = PLANS[1]!; // Japan 5GB - 30 Days, $17.99 (monthly: $15.29)

interface Mocks {
  config?: { provider: 'demo' | 'stripe'; publishableKey: string | null };
  user?: ReturnType<typeof makeUser> | null;
}

function mockCheckout({ config = { provider: 'demo', publishableKey: null }, user = null }: Mocks = {}) {
  const calls = { createIntent: [] as unknown[], demoConfirm: [] as unknown[], demoConfirmAction: [] as unknown[] };
  server.use(
    trpcMsw.auth.me.query(() => user),
    trpcMsw.catalog.plan.query(({ input }) => {
      const plan = PLANS.find((p) => p.id === input.id);
      if (!plan) throw trpcError('NOT_FOUND', 'No plan has that id.', { appError: { code: 'PLAN_NOT_FOUND', details: null } });
      return plan;
    }),
    trpcMsw.payments.config.query(() => config),
    // The plan's region names its destination in the composed plan texts.
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.orders.byPaymentIntent.query(() => readyOrder()),
    // A signed-in shopper without rewards points: no 'Use my points' (features/rewards/checkout-points.test.tsx).
    trpcMsw.rewards.profile.query(() => makeProfile({ currentPoints: 0 })),
  );
  return calls;
}

function confirmWith(
  result: (card: { number: string }) => Awaited<ReturnType<Parameters<typeof trpcMsw.payments.demoConfirm.mutation>[0]>>,
  calls: { demoConfirm: unknown[] },
) {
  server.use(
    trpcMsw.payments.demoConfirm.mutation(({ input }) => {
      calls.demoConfirm.push(input);
      return result(input.card);
    }),
  );
}

function intentsFrom(calls: { createIntent: unknown[] }, make: () => Intent = () => intent()) {
  server.use(
    trpcMsw.payments.createIntent.mutation(({ input }) => {
      calls.createIntent.push(input);
      return make();
    }),
  );
}

const user = () => userEvent.setup({ delay: null });

async function fillCard(u: ReturnType<typeof user>, number: string) {
  const field = screen.getByLabelText('Card number');
  await u.clear(field);
  await u.type(field, number);
  const expiry = screen.getByLabelText('Expiry date');
  await u.clear(expiry);
  await u.type(expiry, '1234');
  const cvc = screen.getByLabelText('CVC');
  await u.clear(cvc);
  await u.type(cvc, '123');
}

const toastTitled = (title: string) =>
  within(document.body).findByText(title, {
    selector: '.mantine-Notification-title, .mantine-Notification-description, .mantine-Notification-root *',
  });

beforeEach(() => {
  stripe.loadStripe.mockClear();
  stripe.confirmPayment.mockReset();
});
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

describe('checkout (demo payments)', () => {
  it("shows 'Preparing your checkout...', then the summary and the labelled demo form", async () => {
    mockCheckout();
    await renderApp(`/checkout/${PLAN.id}`);
    expect(await screen.findByText('Preparing your checkout...')).toBeTruthy();
    const summary = await screen.findByTestId('checkout-plan');
    // Composed from the plan's facts, not its stored 'Japan 1GB - 7 Days'.
    expect(await within(summary).findByRole('heading', { name: 'Japan 1 GB – 7 days' })).toBeTruthy();
    expect(within(summary).getByText('1 GB of mobile data in Japan, valid for 7 days.')).toBeTruthy();
    expect(within(summary).getByText('1 GB')).toBeTruthy();
    expect(within(summary).getByText('7 days')).toBeTruthy();
    expect(within(summary).getByText('$4.50')).toBeTruthy();
    expect(screen.getByText('Demo payments: no real charge')).toBeTruthy();
    expect(screen.getByRole('button', { name: '4242 4242 4242 4242 succeeds' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay \$4\.50/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Checkout | eSIM Shop'));
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('shows the total in the chosen currency', async () => {
    localStorage.setItem('preferredCurrency', 'GBP');
    mockCheckout();
    await renderApp(`/checkout/${PLAN.id}`);
    const summary = await screen.findByTestId('checkout-plan');
    await waitFor(() => expect(within(summary).getByText('£3.56')).toBeTruthy());
    expect(screen.getByRole('button', { name: /Pay £3\.56/ })).toBeTruthy();
  });

  it('validates the e-mail, then the card, and formats what is typed', async () => {
    const calls = mockCheckout();
    intentsFrom(calls);
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    const pay = await screen.findByRole('button', { name: /Pay \$4\.50/ });
    await u.click(pay);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/E-mail address/));
    await u.type(screen.getByLabelText(/E-mail address/), 'guest@example.com');
    await u.click(pay);
    expect(await screen.findByText('Enter your card number')).toBeTruthy();
    expect(screen.getByText('Enter the expiry date')).toBeTruthy();
    expect(screen.getByText('Enter the security code')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));

    await u.type(screen.getByLabelText('Card number'), '4242424242424241');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4241');
    expect(screen.getByText('Your card number is invalid')).toBeTruthy();
    await u.type(screen.getByLabelText('Expiry date'), '0120');
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('01 / 20');
    expect(screen.getByText("Your card's expiry date is in the past")).toBeTruthy();
    await u.type(screen.getByLabelText('CVC'), '12a');
    expect((screen.getByLabelText('CVC') as HTMLInputElement).value).toBe('12');
    expect(screen.getByText("Your card's security code is incomplete")).toBeTruthy();
    await u.click(pay);
    expect(calls.createIntent).toEqual([]);

    // A test card fills the number.
    await u.click(screen.getByRole('button', { name: /^4242 4242 4242 4242 / }));
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
  });

  it("succeeds: 'Payment Successful' toast, 'Payment Complete' disabled, then the order-success page", async () => {
    const calls = mockCheckout();
    intentsFrom(calls);
    confirmWith(() => ({ paymentIntentId: 'pi_demo_1', status: 'succeeded' }), calls);
    const { router } = await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.type(await screen.findByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u, '4242424242424242');
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));

    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    expect((await toastTitled('Payment Successful')).textContent).toBeTruthy();
    const done = screen.getByTestId('pay-button') as HTMLButtonElement;
    expect(done.textContent).toContain('Payment Complete');
    expect(done.disabled).toBe(true);
    expect(screen.getByTestId('payment-status').textContent).toContain('Payment Successful');

    expect(calls.createIntent).toHaveLength(1);
    expect(calls.createIntent[0]).toMatchObject({
      planId: PLAN.id,
      email: 'guest@example.com',
      currency: 'USD',
      kind: 'one_time',
      locale: 'en',
    });
    expect((calls.createIntent[0] as { checkoutToken: string }).checkoutToken).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(calls.demoConfirm[0]).toEqual({
      paymentIntentId: 'pi_demo_1',
      clientSecret: 'pi_demo_1_secret_abc',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(sessionStorage.getItem('paymentSecret:pi_demo_1')).toBe('pi_demo_1_secret_abc');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/order-success/${PLAN.id}`), { timeout: 3000 });
    expect(router.state.location.search).toEqual({ payment_intent: 'pi_demo_1', payment_intent_client_secret: 'pi_demo_1_secret_abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    // The token of this visit is gone: the next purchase of the plan is a new order.
    expect(sessionStorage.getItem(`checkoutToken:one_time:${PLAN.id}`)).toBeNull();
  });

  it("a declined card shows 'Payment Failed' with the reason, focused, and a retry reuses the checkout token", async () => {
    const calls = mockCheckout();
    intentsFrom(calls);
    confirmWith(
      (card) =>
        card.number === '4000000000000002'
          ? {
              paymentIntentId: 'pi_demo_1',
              status: 'failed',
              error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
            }
          : { paymentIntentId: 'pi_demo_1', status: 'failed', error: { code: 'weird', message: 'The bank said something new.' } },
      calls,
    );
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.type(await screen.findByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u, '4000000000000002');
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));

    const banner = await screen.findByTestId('payment-error');
    expect(banner.textContent).toContain('Payment Failed');
    expect(banner.textContent).toContain('Your card was declined.');
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(await toastTitled('Payment Failed')).toBeTruthy();
    expect((screen.getByTestId('pay-button') as HTMLButtonElement).disabled).toBe(false);

    // An unknown code keeps the provider's own message.
    await fillCard(u, '4000000000009995');
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    await waitFor(() => expect(screen.getByTestId('payment-error').textContent).toContain('The bank said something new.'));
    const tokens = calls.createIntent.map((c) => (c as { checkoutToken: string }).checkoutToken);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(tokens[1]);
  });

  it('a failure without a message uses the defaults', async () => {
    const calls = mockCheckout();
    intentsFrom(calls);
    confirmWith(() => ({ paymentIntentId: 'pi_demo_1', status: 'failed' }), calls);
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.type(await screen.findByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u, '4242424242424242');
    await u.click(screen.getByRole('button', { name: /Pay/ }));
    expect((await screen.findByTestId('payment-error')).textContent).toContain(
      'Payment failed. Please check your card details and try again.',
    );
    expect(await toastTitled('An error occurred during payment')).toBeTruthy();
  });

  it("the extra step opens 'Confirm your payment'; Approve pays, Decline fails", async () => {
    const calls = mockCheckout();
    intentsFrom(calls);
    confirmWith(() => ({ paymentIntentId: 'pi_demo_1', status: 'requires_action' }), calls);
    server.use(
      trpcMsw.payments.demoConfirmAction.mutation(({ input }) => {
        calls.demoConfirmAction.push(input);
        return input.approve
          ? { paymentIntentId: 'pi_demo_1', status: 'succeeded' }
          : {
              paymentIntentId: 'pi_demo_1',
              status: 'failed',
              error: { code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' },
            };
      }),
    );
    const { router } = await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.type(await screen.findByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u, '4000002760003184');
    await u.click(screen.getByRole('button', { name: /Pay/ }));

    let dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(dialog).getByText(/confirm this payment of \$4\.50 to eSIM Shop/)).toBeTruthy();
    expect(screen.getByTestId('pay-button').textContent).toContain('Processing Payment...');
    await u.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect((await screen.findByTestId('payment-error')).textContent).toContain('We are unable to authenticate your payment method.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.demoConfirmAction).toEqual([{ paymentIntentId: 'pi_demo_1', clientSecret: 'pi_demo_1_secret_abc', approve: false }]);

    await u.click(screen.getByRole('button', { name: /Pay/ }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    await u.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await toastTitled('Payment Successful')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order-success/${PLAN.id}`), { timeout: 3000 });
  });

  it("an exception while paying: 'An unexpected error occurred during payment processing.' and 'Payment Error'", async () => {
    const calls = mockCheckout();
    intentsFrom(calls);
    server.use(
      trpcMsw.payments.demoConfirm.mutation(() => {
        throw trpcError('INTERNAL_SERVER_ERROR', 'kaboom');
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.type(await screen.findByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u, '4242424242424242');
    await u.click(screen.getByRole('button', { name: /Pay/ }));
    const banner = await screen.findByTestId('payment-error');
    expect(banner.textContent).toContain('Payment Error');
    expect(banner.textContent).toContain('An unexpected error occurred during payment processing.');
  });

  it("a provider outage at Pay is a retryable 'Checkout Error'; an e-mail refused by the server marks the field", async () => {
    const calls = mockCheckout();
    let n = 0;
    server.use(
      trpcMsw.payments.createIntent.mutation(({ input }) => {
        calls.createIntent.push(input);
        n++;
        if (n === 1) throw trpcError('BAD_GATEWAY', 'x', { appError: { code: 'PAYMENT_PROVIDER_ERROR', details: null } });
        throw trpcError('BAD_REQUEST', 'x', { appError: { code: 'BAD_INPUT', details: { field: 'email' } } });
      }),
    );
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.type(await screen.findByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u, '4242424242424242');
    await u.click(screen.getByRole('button', { name: /Pay/ }));
    const banner = await screen.findByTestId('payment-error');
    expect(banner.textContent).toContain('Checkout Error');
    expect(banner.textContent).toContain('The payment service could not be reached. Please try again in a moment.');
    await u.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });

  it("an unknown plan: the error panel, 'Return to Home' and the 'Checkout Error' toast", async () => {
    mockCheckout();
    await renderApp('/checkout/999');
    const panel = await screen.findByTestId('checkout-error');
    expect(within(panel).getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(within(panel).getByText('This plan is no longer available. Please choose another plan.')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(await toastTitled('Checkout Error')).toBeTruthy();
  });

  it('a plan below the minimum charge ends on the error panel', async () => {
    const calls = mockCheckout();
    server.use(
      trpcMsw.payments.createIntent.mutation(({ input }) => {
        calls.createIntent.push(input);
        throw trpcError('BAD_REQUEST', 'x', { appError: { code: 'AMOUNT_BELOW_MINIMUM', details: null } });
      }),
    );
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.type(await screen.findByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u, '4242424242424242');
    await u.click(screen.getByRole('button', { name: /Pay/ }));
    const panel = await screen.findByTestId('checkout-error');
    expect(panel.textContent).toContain('below the minimum card payment');
  });

  it('a configuration failure shows the default init message', async () => {
    mockCheckout();
    server.use(
      trpcMsw.payments.config.query(() => {
        throw trpcError('INTERNAL_SERVER_ERROR', 'x');
      }),
    );
    await renderApp(`/checkout/${PLAN.id}`);
    const panel = await screen.findByTestId('checkout-error');
    expect(panel.textContent).toContain('Unable to initialize checkout. Please try again.');
  });

  it("a signed-in shopper sees the account's e-mail instead of a field, and the order goes to it", async () => {
    const calls = mockCheckout({ user: makeUser({ email: 'ada@example.com' }) });
    intentsFrom(calls);
    confirmWith(() => ({ paymentIntentId: 'pi_demo_1', status: 'succeeded' }), calls);
    await renderApp(`/checkout/${PLAN.id}`);
    expect((await screen.findByTestId('account-email')).textContent).toContain('ada@example.com');
    expect(screen.queryByLabelText(/E-mail address/)).toBeNull();
    const u = user();
    await fillCard(u, '4242424242424242');
    await u.click(screen.getByRole('button', { name: /Pay/ }));
    await screen.findByTestId('payment-success');
    expect(calls.createIntent[0]).not.toHaveProperty('email');
  });
});

describe('/checkout and /subscribe', () => {
  it('/checkout pays for the plan stored by Select Plan', async () => {
    const calls = mockCheckout();
    intentsFrom(calls);
    sessionStorage.setItem('selectedPlan', JSON.stringify(PLANS[1]));
    await renderApp('/checkout');
    expect(await screen.findByRole('heading', { name: 'Japan 5 GB – 30 days' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay \$17\.99/ })).toBeTruthy();
  });

  it("/checkout without a stored plan toasts 'No plan selected' and goes home", async () => {
    mockCheckout();
    server.use(trpcMsw.catalog.regions.query(() => []));
    const { router } = await renderApp('/checkout');
    expect(await screen.findByText('No plan selected')).toBeTruthy();
    expect(screen.getByText('Please select a plan first')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('/subscribe asks a guest to sign in first, and comes back after', async () => {
    mockCheckout();
    sessionStorage.setItem('selectedPlan', JSON.stringify(MONTHLY));
    await renderApp('/subscribe');
    expect(await screen.findByRole('heading', { name: 'Sign in to subscribe' })).toBeTruthy();
    expect(screen.getByText(/needs an account where you can see it and cancel it/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?redirect=%2Fsubscribe');
    expect(screen.getByText('$15.29')).toBeTruthy();
    expect(screen.getByText('Auto-renews monthly')).toBeTruthy();
  });

  it('/subscribe signed in: 85% monthly through createSubscription', async () => {
    const calls = mockCheckout({ user: makeUser() });
    const subs: unknown[] = [];
    server.use(
      trpcMsw.payments.createSubscription.mutation(({ input }) => {
        subs.push(input);
        return intent({ kind: 'subscription', subscriptionId: 'SUB-1', amountMinor: 1529 });
      }),
    );
    confirmWith(() => ({ paymentIntentId: 'pi_demo_1', status: 'succeeded' }), calls);
    sessionStorage.setItem('selectedPlan', JSON.stringify(MONTHLY));
    await renderApp('/subscribe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly subscription' })).toBeTruthy();
    expect(screen.getByText('/ month')).toBeTruthy();
    expect(screen.getByText('Cancel anytime from your account')).toBeTruthy();
    const u = user();
    await fillCard(u, '4242424242424242');
    await u.click(screen.getByRole('button', { name: 'Subscribe for $15.29 / month' }));
    await screen.findByTestId('payment-success');
    expect(subs[0]).toMatchObject({ planId: MONTHLY.id, currency: 'USD' });
    expect(calls.createIntent).toEqual([]);
  });

  it('/subscribe with a plan that is not 30 days: says only 30-day plans are sold monthly, and sends nothing', async () => {
    const calls = mockCheckout({ user: makeUser() });
    const subs: unknown[] = [];
    server.use(
      trpcMsw.payments.createSubscription.mutation(({ input }) => {
        subs.push(input);
        return intent({ kind: 'subscription' });
      }),
    );
    sessionStorage.setItem('selectedPlan', JSON.stringify(PLAN));
    await renderApp('/subscribe');
    const panel = await screen.findByTestId('checkout-error');
    expect(panel.textContent).toContain('Only 30-day plans can be bought as a monthly subscription.');
    expect(subs).toEqual([]);
    expect(calls.createIntent).toEqual([]);
  });
});

describe('checkout (Stripe)', () => {
  it('loads Stripe.js with the publishable key, mounts the Payment Element and confirms with the return URL', async () => {
    const calls = mockCheckout({ config: { provider: 'stripe', publishableKey: 'pk_test_123' }, user: makeUser() });
    intentsFrom(calls, () =>
      intent({ provider: 'stripe', publishableKey: 'pk_test_123', paymentIntentId: 'pi_s', clientSecret: 'pi_s_secret' }),
    );
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_s', status: 'succeeded' } });
    const { router } = await renderApp(`/checkout/${PLAN.id}`);
    // Signed in: the intent is created at once (once), so the element can mount.
    const elements = await screen.findByTestId('stripe-elements');
    expect(elements.getAttribute('data-client-secret')).toBe('pi_s_secret');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(calls.createIntent).toHaveLength(1);
    expect(screen.queryByText('Demo payments: no real charge')).toBeNull();

    const pay = await screen.findByRole('button', { name: /Pay \$4\.50/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user().click(pay);
    await screen.findByTestId('payment-success');
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { marker: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/order-success/${PLAN.id}` },
      redirect: 'if_required',
    });
    expect(sessionStorage.getItem('paymentSecret:pi_s')).toBe('pi_s_secret');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order-success/${PLAN.id}`), { timeout: 3000 });
  });

  it("a guest continues with an e-mail first; a card error from Stripe is 'Payment Failed'", async () => {
    const calls = mockCheckout({ config: { provider: 'stripe', publishableKey: 'pk_test_123' } });
    intentsFrom(calls, () => intent({ provider: 'stripe', paymentIntentId: 'pi_s', clientSecret: 'pi_s_secret' }));
    stripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls.createIntent).toEqual([]);
    await u.type(screen.getByLabelText(/E-mail address/), 'guest@example.com');
    await u.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByTestId('stripe-elements');
    expect(calls.createIntent[0]).toMatchObject({ email: 'guest@example.com' });
    const pay = await screen.findByRole('button', { name: /Pay \$4\.50/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await u.click(pay);
    const banner = await screen.findByTestId('payment-error');
    expect(banner.textContent).toContain('Payment Failed');
    expect(banner.textContent).toContain('Your card has insufficient funds.');
  });

  it('runs the setup once under StrictMode: one intent for a signed-in shopper', async () => {
    const calls = mockCheckout({ config: { provider: 'stripe', publishableKey: 'pk_test_123' }, user: makeUser() });
    intentsFrom(calls, () => intent({ provider: 'stripe', paymentIntentId: 'pi_s', clientSecret: 'pi_s_secret' }));
    const queryClient = createQueryClient();
    const trpcClient = createTrpcClient({ url: TEST_TRPC_URL, link: httpLink });
    const router = createAppRouter(
      { queryClient, trpc: createTrpc(queryClient, trpcClient) },
      createMemoryHistory({ initialEntries: [`/checkout/${PLAN.id}`] }),
    );
    render(
      <StrictMode>
        <AppProviders queryClient={queryClient} trpcClient={trpcClient} initialLanguage="en">
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    await screen.findByTestId('stripe-elements');
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.createIntent).toHaveLength(1);
  });
});
