// The checkout's promo code (issue 29) in the real route tree with the procedures mocked
// (msw-trpc): Apply shows the server's discount line and the Pay button's figure, and the code goes
// with the order; a refused code shows its reason; Remove takes the line away.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { trpcError } from '../auth/test-utils.ts';
import { intent, readyOrder } from '../checkout/test-fixtures.ts';

const PLAN = PLANS[0]!; // $4.50

function mock() {
  const calls = { check: [] as unknown[], createIntent: [] as unknown[] };
  server.use(
    trpcMsw.auth.me.query(() => null),
    trpcMsw.catalog.plan.query(() => PLAN),
    trpcMsw.payments.config.query(() => ({ provider: 'demo' as const, publishableKey: null })),
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.orders.byPaymentIntent.query(() => readyOrder()),
    trpcMsw.promotions.check.mutation(({ input }) => {
      calls.check.push(input);
      if (input.code.toUpperCase() !== 'SUMMER10')
        throw trpcError('UNPROCESSABLE_CONTENT', 'This promo code has expired.', {
          appError: { code: 'PROMO_EXPIRED', details: { field: 'promoCode' } },
        });
      return { code: 'SUMMER10', currency: 'USD', listMinor: 450, discountMinor: 45, totalMinor: 405, usdMinor: 405 };
    }),
    trpcMsw.payments.createIntent.mutation(({ input }) => {
      calls.createIntent.push(input);
      return intent({ amount: 4.05, amountMinor: 405 });
    }),
    trpcMsw.payments.demoConfirm.mutation(({ input }) => ({ paymentIntentId: input.paymentIntentId, status: 'succeeded' as const })),
  );
  return calls;
}

const user = () => userEvent.setup({ delay: null });

describe('promo code at checkout', () => {
  it('Apply: the discount line, the total and the Pay button after the code; the code goes with the order', async () => {
    const calls = mock();
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Have a promo code?' }, { timeout: 15_000 }));
    await u.type(screen.getByLabelText('Promo code'), 'summer10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('SUMMER10 applied: $0.45 off', {}, { timeout: 5000 })).toBeTruthy();
    const summary = screen.getByTestId('checkout-plan');
    expect(within(summary).getByText('Promo code SUMMER10')).toBeTruthy();
    expect(within(summary).getByTestId('checkout-promo-discount').textContent).toBe('−$0.45');
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('$4.05');
    expect(screen.getByRole('button', { name: /Pay \$4\.05/ })).toBeTruthy();
    expect(calls.check).toEqual([{ code: 'summer10', planId: PLAN.id, currency: 'USD' }]);

    await u.type(screen.getByLabelText(/^E-mail address/), 'ann@example.com');
    await u.type(screen.getByLabelText('Card number'), '4242424242424242');
    await u.type(screen.getByLabelText('Expiry date'), '1234');
    await u.type(screen.getByLabelText('CVC'), '123');
    await u.click(screen.getByRole('button', { name: /Pay \$4\.05/ }));
    await waitFor(() => expect(calls.createIntent).toHaveLength(1));
    expect(calls.createIntent[0]).toMatchObject({ planId: PLAN.id, promoCode: 'SUMMER10', email: 'ann@example.com' });
  });

  it('a refused code: its reason by the field, no discount line', async () => {
    mock();
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Have a promo code?' }, { timeout: 15_000 }));
    await u.type(screen.getByLabelText('Promo code'), 'OLD2020');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code has expired.')).toBeTruthy();
    expect(screen.queryByTestId('checkout-promo-line')).toBeNull();
    expect(screen.getByRole('button', { name: /Pay \$4\.50/ })).toBeTruthy();
  });

  it('Remove: back to the plain price, and the order is sent without a code', async () => {
    const calls = mock();
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Have a promo code?' }, { timeout: 15_000 }));
    await u.type(screen.getByLabelText('Promo code'), 'SUMMER10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    await u.click(await screen.findByRole('button', { name: 'Remove code' }));
    expect(screen.queryByTestId('checkout-promo-line')).toBeNull();
    expect(within(screen.getByTestId('checkout-plan')).getByTestId('checkout-total').textContent).toBe('$4.50');
    await u.type(screen.getByLabelText(/^E-mail address/), 'ann@example.com');
    await u.type(screen.getByLabelText('Card number'), '4242424242424242');
    await u.type(screen.getByLabelText('Expiry date'), '1234');
    await u.type(screen.getByLabelText('CVC'), '123');
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    await waitFor(() => expect(calls.createIntent).toHaveLength(1));
    expect(calls.createIntent[0]).not.toHaveProperty('promoCode');
  });
});
