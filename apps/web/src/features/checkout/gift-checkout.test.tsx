// Issue 29: 'This is a gift' at checkout, in the real route tree with payments.* mocked (msw-trpc):
// the switch opens the gift's fields; a wrong gift stops Pay (nothing sent) and says why by the
// field; a right one goes with payments.createIntent; the server's refusal is said by the button;
// no switch on a subscription; the order-success page of a gift says to whom, never the install details.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import { makeProfile } from '../rewards/test-fixtures.ts';
import { giftDateRange } from './gift-section.tsx';
import { intent, readyOrder } from './test-fixtures.ts';

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
const MONTHLY = PLANS[1]!;

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

function mockCheckout(user: ReturnType<typeof makeUser> | null = null, provider: 'demo' | 'stripe' = 'demo') {
  const calls = { createIntent: [] as Record<string, unknown>[], demoConfirm: [] as unknown[] };
  server.use(
    trpcMsw.auth.me.query(() => user),
    trpcMsw.catalog.plan.query(({ input }) => PLANS.find((p) => p.id === input.id)!),
    trpcMsw.payments.config.query(() => ({ provider, publishableKey: provider === 'stripe' ? 'pk_test_123' : null })),
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.orders.byPaymentIntent.query(() => readyOrder()),
    trpcMsw.rewards.profile.query(() => makeProfile({ currentPoints: 0 })),
    trpcMsw.payments.createIntent.mutation(({ input }) => {
      calls.createIntent.push(input as Record<string, unknown>);
      return provider === 'stripe' ? intent({ provider: 'stripe', paymentIntentId: 'pi_s', clientSecret: 'pi_s_secret' }) : intent();
    }),
    trpcMsw.payments.demoConfirm.mutation(({ input }) => {
      calls.demoConfirm.push(input);
      return { paymentIntentId: 'pi_demo_1', status: 'succeeded' as const };
    }),
  );
  return calls;
}

const user = () => userEvent.setup({ delay: null });

async function fillCard(u: ReturnType<typeof user>) {
  await u.type(await screen.findByLabelText('Card number'), '4242424242424242');
  await u.type(screen.getByLabelText('Expiry date'), '1234');
  await u.type(screen.getByLabelText('CVC'), '123');
}

describe("checkout: 'This is a gift'", () => {
  it('a wrong gift stops Pay and says why by the field; a right one goes with createIntent (message, date, language)', async () => {
    const calls = mockCheckout();
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.type(await screen.findByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u);
    const toggle = await screen.findByRole('switch', { name: /This is a gift/ });
    expect(screen.queryByTestId('gift-fields')).toBeNull();
    await u.click(toggle);
    const fields = await screen.findByTestId('gift-fields');

    // Nothing typed: Pay sends nothing, the recipient field says why and has the focus.
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    expect(await within(fields).findByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('gift-recipient')));
    expect(calls.createIntent).toEqual([]);

    // A day too far ahead is refused too.
    await u.type(screen.getByTestId('gift-recipient'), 'Friend@Elsewhere.example');
    const { max } = giftDateRange();
    const tooFar = `${Number(max.slice(0, 4)) + 1}${max.slice(4)}`;
    await u.type(screen.getByTestId('gift-date'), tooFar);
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    expect(await within(fields).findByText('Choose a day from today to one year ahead.')).toBeTruthy();
    expect(calls.createIntent).toEqual([]);

    await u.clear(screen.getByTestId('gift-date'));
    await u.type(screen.getByTestId('gift-date'), max);
    await u.type(screen.getByTestId('gift-message'), '  Have a great trip!  ');
    await u.selectOptions(screen.getByTestId('gift-language'), 'ar');
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    await screen.findByTestId('payment-success');
    expect(calls.createIntent).toHaveLength(1);
    expect(calls.createIntent[0]).toMatchObject({
      email: 'guest@example.com',
      kind: 'one_time',
      gift: { recipientEmail: 'friend@elsewhere.example', message: 'Have a great trip!', deliverOn: max, locale: 'ar' },
    });
  });

  it("switched off, no gift is sent; the server's refusal of a gift is said by the button", async () => {
    const calls = mockCheckout(makeUser());
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await fillCard(u);
    const toggle = await screen.findByRole('switch', { name: /This is a gift/ });
    await u.click(toggle);
    await u.type(await screen.findByTestId('gift-recipient'), 'friend@elsewhere.example');
    server.use(
      trpcMsw.payments.createIntent.mutation(({ input }) => {
        calls.createIntent.push(input as Record<string, unknown>);
        throw trpcError('BAD_REQUEST', 'Give it to someone else: this is your own e-mail address.', {
          appError: { code: 'BAD_INPUT', details: { field: 'gift.recipientEmail', reason: 'self' } },
        });
      }),
    );
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    expect((await screen.findAllByText('Give it to someone else: this is your own e-mail address.')).length).toBeGreaterThan(0);
    expect(calls.createIntent[0]).toHaveProperty('gift');

    // Off again: the next Pay goes without a gift.
    server.use(
      trpcMsw.payments.createIntent.mutation(({ input }) => {
        calls.createIntent.push(input as Record<string, unknown>);
        return intent();
      }),
    );
    await u.click(screen.getByRole('switch', { name: /This is a gift/ }));
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    await screen.findByTestId('payment-success');
    expect(calls.createIntent.at(-1)).not.toHaveProperty('gift');
  });

  it('Stripe (the intent made before Pay): Pay first sends the gift switched on since, on the same checkout, then confirms', async () => {
    const calls = mockCheckout(makeUser(), 'stripe');
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_s', status: 'succeeded' } });
    await renderApp(`/checkout/${PLAN.id}`);
    await screen.findByTestId('stripe-elements');
    await waitFor(() => expect(calls.createIntent).toHaveLength(1));
    expect(calls.createIntent[0]).not.toHaveProperty('gift');
    const u = user();
    await u.click(await screen.findByRole('switch', { name: /This is a gift/ }));
    const pay = await screen.findByRole('button', { name: /Pay \$4\.50/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    // Switched on but empty: nothing sent, nothing confirmed.
    await u.click(pay);
    expect(await screen.findByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    expect(calls.createIntent).toHaveLength(1);
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
    await u.type(screen.getByTestId('gift-recipient'), 'friend@elsewhere.example');
    await u.click(pay);
    await screen.findByTestId('payment-success');
    expect(calls.createIntent).toHaveLength(2);
    expect(calls.createIntent[1]).toMatchObject({
      checkoutToken: calls.createIntent[0]!.checkoutToken,
      gift: { recipientEmail: 'friend@elsewhere.example' },
    });
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
  });

  it('is not offered for a subscription', async () => {
    mockCheckout(makeUser());
    sessionStorage.setItem('selectedPlan', JSON.stringify(MONTHLY));
    await renderApp('/subscribe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly subscription' })).toBeTruthy();
    await screen.findByLabelText('Card number');
    expect(screen.queryByTestId('checkout-gift')).toBeNull();
  });

  it("the order-success page of a gift: 'Your gift to … will be delivered on …', no install details", async () => {
    server.use(
      trpcMsw.auth.me.query(() => null),
      trpcMsw.catalog.regions.query(() => REGIONS),
      trpcMsw.orders.byPaymentIntent.query(() =>
        readyOrder({
          activationCode: null,
          esimActivationCode: null,
          qrCode: null,
          esimQrCode: null,
          smdpAddress: null,
          matchingId: null,
          appleInstallUrl: null,
          apn: null,
          gift: { recipientEmail: 'friend@elsewhere.example', status: 'scheduled', deliverAt: '2026-12-24T00:00:00.000Z' },
        } as never),
      ),
    );
    await renderApp(`/order-success/${PLAN.id}?payment_intent=pi_demo_1&payment_intent_client_secret=pi_demo_1_secret_abc`);
    const panel = await screen.findByTestId('order-gift');
    expect(within(panel).getByTestId('order-gift-status').textContent).toBe(
      'Your gift to friend@elsewhere.example will be delivered on December 24, 2026.',
    );
    expect(screen.queryByTestId('order-ready')).toBeNull();
    expect(document.body.textContent).not.toContain('LPA:1');
  });
});
