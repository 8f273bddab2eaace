// Rewards at checkout and on the order-success page, in the real route tree: 'Use my points' with
// the points and the discount in the chosen currency, paying part of an order (card for the rest)
// or all of it (no card), and 'You earned N points' after the purchase.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { PLANS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser } from '../auth/test-utils.ts';
import { intent, readyOrder } from '../checkout/test-fixtures.ts';
import { makeProfile } from './test-fixtures.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const JAPAN_1GB = PLANS[0]!; // $4.50
const JAPAN_5GB = PLANS[1]!; // $17.99

function mockCheckout({ points, user = makeUser() }: { points: number; user?: ReturnType<typeof makeUser> | null }) {
  const calls = { createIntent: [] as unknown[], demoConfirm: [] as unknown[], profile: 0 };
  server.use(
    trpcMsw.auth.me.query(() => user),
    trpcMsw.catalog.plan.query(({ input }) => PLANS.find((p) => p.id === input.id)!),
    trpcMsw.payments.config.query(() => ({ provider: 'demo' as const, publishableKey: null })),
    trpcMsw.rewards.profile.query(() => {
      calls.profile += 1;
      return makeProfile({ currentPoints: points });
    }),
  );
  return calls;
}

const user = () => userEvent.setup({ delay: null });

/** The checkout summary's figures with points applied. */
function summaryFigures() {
  const summary = within(screen.getByTestId('checkout-plan'));
  return {
    subtotal: summary.getByTestId('checkout-subtotal').textContent,
    discount: summary.getByTestId('checkout-points-discount').textContent,
    toPay: summary.getByTestId('checkout-total').textContent,
    label: summary.getByText('To pay by card').textContent,
  };
}

/** '$14.99' / '−£2.37' → 1499 / 237 (the magnitude in minor units). */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

async function fillCard(u: ReturnType<typeof user>) {
  await u.type(screen.getByLabelText('Card number'), '4242424242424242');
  await u.type(screen.getByLabelText('Expiry date'), '1234');
  await u.type(screen.getByLabelText('CVC'), '123');
}

describe("checkout: 'Use my points'", () => {
  it('pays the whole order with points: no card, then the order-success page', async () => {
    const calls = mockCheckout({ points: 650 });
    server.use(
      trpcMsw.payments.createIntent.mutation(({ input }) => {
        calls.createIntent.push(input);
        return intent({
          clientSecret: '',
          paymentIntentId: 'points_ORD-AAAAAAAAAA',
          amount: 0,
          amountMinor: 0,
          paymentStatus: 'succeeded',
          pointsUsed: 450,
          pointsDiscountMinor: 450,
          paidWithPoints: true,
        });
      }),
      trpcMsw.payments.demoConfirm.mutation(({ input }) => {
        calls.demoConfirm.push(input);
        return { paymentIntentId: 'x', status: 'succeeded' as const };
      }),
      trpcMsw.orders.byPaymentIntent.query(() =>
        readyOrder({
          paymentIntentId: 'points_ORD-AAAAAAAAAA',
          paymentMethod: 'Points',
          pointsUsed: 450,
          pointsDiscountMinor: 450,
          amountPaidMinor: 0,
          pointsEarned: 0,
        }),
      ),
    );
    const { router } = await renderApp(`/checkout/${JAPAN_1GB.id}`);
    const option = await screen.findByTestId('use-points', {}, { timeout: 4000 });
    expect(option.textContent).toContain('Use my points');
    expect(option.textContent).toContain('Your points pay the whole order: 450 points for $4.50.');
    expect(option.textContent).toContain('You have 650 points available.');
    expect(screen.getByLabelText('Card number')).toBeTruthy();

    const u = user();
    await u.click(within(option).getByRole('checkbox', { name: 'Use my points' }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByText('Demo payments: no real charge')).toBeNull();
    expect(summaryFigures()).toEqual({ subtotal: '$4.50', discount: '−$4.50', toPay: '$0.00', label: 'To pay by card' });
    await u.click(screen.getByRole('button', { name: 'Pay with 450 points' }));

    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    expect(calls.createIntent).toHaveLength(1);
    expect(calls.createIntent[0]).toMatchObject({ planId: JAPAN_1GB.id, kind: 'one_time', usePoints: true });
    expect(calls.demoConfirm).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order-success/${JAPAN_1GB.id}`), { timeout: 3000 });
    expect(router.state.location.search).toEqual({ payment_intent: 'points_ORD-AAAAAAAAAA' });
    const details = await screen.findByTestId('order-details', {}, { timeout: 4000 });
    expect(within(details).getByText('Rewards points')).toBeTruthy();
    expect(within(details).getByTestId('order-points-used').textContent).toBe('Paid with 450 points.');
  });

  it('pays part with points and the rest by card (the Pay button shows what is left)', async () => {
    const calls = mockCheckout({ points: 300 });
    server.use(
      trpcMsw.payments.createIntent.mutation(({ input }) => {
        calls.createIntent.push(input);
        return intent({ amount: 14.99, amountMinor: 1499, pointsUsed: 300, pointsDiscountMinor: 300, paidWithPoints: false });
      }),
      trpcMsw.payments.demoConfirm.mutation(({ input }) => {
        calls.demoConfirm.push(input);
        return { paymentIntentId: 'pi_demo_1', status: 'succeeded' as const };
      }),
      trpcMsw.orders.byPaymentIntent.query(() => readyOrder()),
    );
    await renderApp(`/checkout/${JAPAN_5GB.id}`);
    const option = await screen.findByTestId('use-points', {}, { timeout: 4000 });
    expect(option.textContent).toContain('Use 300 points for $3.00 off this order.');
    expect(screen.getByRole('button', { name: /Pay \$17\.99/ })).toBeTruthy();
    const u = user();
    await u.click(within(option).getByRole('checkbox', { name: 'Use my points' }));
    expect(option.textContent).toContain('Left to pay by card: $14.99.');
    // The summary shows the price, the points line and what the card pays: the Pay button's figure.
    const summary = summaryFigures();
    expect(summary).toEqual({ subtotal: '$17.99', discount: '−$3.00', toPay: '$14.99', label: 'To pay by card' });
    expect(screen.getByRole('button', { name: (name) => name.includes(`Pay ${summary.toPay}`) })).toBeTruthy();
    expect(cents(summary.subtotal) - cents(summary.discount)).toBe(cents(summary.toPay));
    expect(within(screen.getByTestId('checkout-plan')).getByText('Rewards points (300)')).toBeTruthy();
    // Unticked again: the plain total, no points line.
    await u.click(within(option).getByRole('checkbox', { name: 'Use my points' }));
    expect(screen.queryByTestId('checkout-points-lines')).toBeNull();
    expect(within(screen.getByTestId('checkout-plan')).getByTestId('checkout-total').textContent).toBe('$17.99');
    await u.click(within(option).getByRole('checkbox', { name: 'Use my points' }));
    await fillCard(u);
    await u.click(screen.getByRole('button', { name: /Pay \$14\.99/ }));
    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    expect(calls.createIntent[0]).toMatchObject({ planId: JAPAN_5GB.id, usePoints: true });
    expect(calls.demoConfirm).toHaveLength(1);
  });

  it('unticked, the order is paid by card as before (no usePoints sent)', async () => {
    const calls = mockCheckout({ points: 300 });
    server.use(
      trpcMsw.payments.createIntent.mutation(({ input }) => {
        calls.createIntent.push(input);
        return intent();
      }),
      trpcMsw.payments.demoConfirm.mutation(() => ({ paymentIntentId: 'pi_demo_1', status: 'succeeded' as const })),
      trpcMsw.orders.byPaymentIntent.query(() => readyOrder()),
    );
    await renderApp(`/checkout/${JAPAN_5GB.id}`);
    await screen.findByTestId('use-points', {}, { timeout: 4000 });
    const u = user();
    await fillCard(u);
    await u.click(screen.getByRole('button', { name: /Pay \$17\.99/ }));
    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    expect(calls.createIntent[0]).not.toHaveProperty('usePoints');
  });

  it('shows the discount in the chosen currency', async () => {
    localStorage.setItem('preferredCurrency', 'GBP');
    mockCheckout({ points: 300 });
    await renderApp(`/checkout/${JAPAN_5GB.id}`);
    const option = await screen.findByTestId('use-points', {}, { timeout: 4000 });
    // 300 points = 3.00 USD = £2.37 at 0.79.
    await waitFor(() => expect(option.textContent).toContain('Use 300 points for £2.37 off this order.'));
    await user().click(within(option).getByRole('checkbox', { name: 'Use my points' }));
    // £14.21 (17.99 USD) − £2.37.
    expect(screen.getByRole('button', { name: /Pay £11\.84/ })).toBeTruthy();
    expect(summaryFigures()).toEqual({ subtotal: '£14.21', discount: '−£2.37', toPay: '£11.84', label: 'To pay by card' });
  });

  it('offers nothing without points, and asks nothing for a guest', async () => {
    mockCheckout({ points: 0 });
    await renderApp(`/checkout/${JAPAN_5GB.id}`);
    await screen.findByRole('button', { name: /Pay \$17\.99/ }, { timeout: 4000 });
    expect(screen.queryByTestId('use-points')).toBeNull();

    const guest = mockCheckout({ points: 5000, user: null });
    await renderApp(`/checkout/${JAPAN_5GB.id}`);
    await screen.findAllByRole('button', { name: /Pay \$17\.99/ }, { timeout: 4000 });
    expect(screen.queryByTestId('use-points')).toBeNull();
    expect(guest.profile).toBe(0);
  });

  it('shows the card form again when the points no longer pay everything', async () => {
    const calls = mockCheckout({ points: 650 });
    server.use(
      trpcMsw.payments.createIntent.mutation(({ input }) => {
        calls.createIntent.push(input);
        return intent({ amountMinor: 50, amount: 0.5, pointsUsed: 400, pointsDiscountMinor: 400, paidWithPoints: false });
      }),
    );
    await renderApp(`/checkout/${JAPAN_1GB.id}`);
    const option = await screen.findByTestId('use-points', {}, { timeout: 4000 });
    const u = user();
    await u.click(within(option).getByRole('checkbox', { name: 'Use my points' }));
    server.use(trpcMsw.rewards.profile.query(() => makeProfile({ currentPoints: 400 })));
    await u.click(screen.getByRole('button', { name: 'Pay with 450 points' }));
    expect(await screen.findByText('Your points balance has changed. Please check the amount and try again.')).toBeTruthy();
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay \$0\.50/ })).toBeTruthy();
  });
});

describe('order success: rewards', () => {
  it("says 'You earned N points' when the order earned some", async () => {
    server.use(
      trpcMsw.auth.me.query(() => makeUser()),
      trpcMsw.orders.byPaymentIntent.query(() =>
        readyOrder({ pointsEarned: 22, pointsUsed: 300, pointsDiscountMinor: 300, amountPaidMinor: 150 }),
      ),
    );
    await renderApp(`/order-success/${JAPAN_1GB.id}?payment_intent=pi_demo_1`);
    const note = await screen.findByTestId('order-rewards', {}, { timeout: 4000 });
    expect(within(note).getByTestId('order-points-earned').textContent).toBe('You earned 22 points');
    expect(within(note).getByTestId('order-points-used').textContent).toBe('300 points took $3.00 off this order.');
    expect(within(note).getByRole('link', { name: 'View my rewards' }).getAttribute('href')).toBe('/rewards');
    expect(within(screen.getByTestId('order-details')).getByText('Card')).toBeTruthy();
  });

  it('says nothing about points for an order without any', async () => {
    server.use(trpcMsw.orders.byPaymentIntent.query(() => readyOrder({ pointsEarned: 0, pointsUsed: 0, pointsDiscountMinor: 0 })));
    await renderApp(`/order-success/${JAPAN_1GB.id}?payment_intent=pi_demo_1`);
    await screen.findByTestId('order-details', {}, { timeout: 4000 });
    expect(screen.queryByTestId('order-rewards')).toBeNull();
  });
});
