// The checkout's referral discount (issue 29): with the esim_ref cookie a ?ref= link set, the
// checkout asks referrals.preview, shows the friend's discount in the summary and on Pay, and sends
// the code with the order (forgetting the link once the order is paid: a declined card and a
// reload keep it); refused at Pay, the link is forgotten, the reason shown, and the price
// shown goes back to the full one. Without the cookie nothing is asked.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { trpcError } from '../auth/test-utils.ts';
import { intent, readyOrder } from '../checkout/test-fixtures.ts';
import { readReferralCode } from './referral-cookie.ts';

const PLAN = PLANS[0]!; // $4.50

function mock(opts: { refuseAtPay?: boolean } = {}) {
  const calls = { preview: [] as unknown[], createIntent: [] as unknown[] };
  server.use(
    trpcMsw.auth.me.query(() => null),
    trpcMsw.catalog.plan.query(() => PLAN),
    trpcMsw.payments.config.query(() => ({ provider: 'demo' as const, publishableKey: null })),
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.orders.byPaymentIntent.query(() => readyOrder()),
    trpcMsw.referrals.preview.mutation(({ input }) => {
      calls.preview.push(input);
      return { code: 'ABCD2345', discountPercent: 10, currency: 'USD', listMinor: 450, discountMinor: 45, totalMinor: 405, usdMinor: 405 };
    }),
    trpcMsw.payments.createIntent.mutation(({ input }) => {
      calls.createIntent.push(input);
      if (opts.refuseAtPay && input.referralCode)
        throw trpcError('UNPROCESSABLE_CONTENT', 'The referral discount does not apply to this order.', {
          appError: { code: 'REFERRAL_REFUSED', details: { field: 'referralCode', reason: 'same_email' } },
        });
      return intent({ amount: 4.05, amountMinor: 405, ...(input.referralCode ? { referralDiscountMinor: 45 } : {}) });
    }),
    trpcMsw.payments.demoConfirm.mutation(({ input }) => ({ paymentIntentId: input.paymentIntentId, status: 'succeeded' as const })),
  );
  return calls;
}

const user = () => userEvent.setup({ delay: null });

async function pay(u: ReturnType<typeof user>, label: RegExp) {
  await u.type(screen.getByLabelText(/^E-mail address/), 'friend@example.com');
  await u.type(screen.getByLabelText('Card number'), '4242424242424242');
  await u.type(screen.getByLabelText('Expiry date'), '1234');
  await u.type(screen.getByLabelText('CVC'), '123');
  await u.click(screen.getByRole('button', { name: label }));
}

afterEach(() => {
  document.cookie = 'esim_ref=; Max-Age=0; Path=/';
});

describe('referral discount at checkout', () => {
  it('the friend’s discount in the summary and on Pay; the code goes with the order', async () => {
    document.cookie = 'esim_ref=ABCD2345; Path=/';
    const calls = mock();
    await renderApp(`/checkout/${PLAN.id}`);
    await screen.findByTestId('referral-applied', {}, { timeout: 15_000 });
    const summary = screen.getByTestId('checkout-plan');
    expect(within(summary).getByText("Friend's discount (10%)")).toBeTruthy();
    expect(within(summary).getByTestId('checkout-promo-discount').textContent).toBe('−$0.45');
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('$4.05');
    expect(calls.preview).toEqual([{ code: 'ABCD2345', planId: PLAN.id, currency: 'USD' }]);
    await pay(user(), /Pay \$4\.05/);
    await waitFor(() => expect(calls.createIntent).toHaveLength(1));
    expect(calls.createIntent[0]).toMatchObject({ planId: PLAN.id, referralCode: 'ABCD2345', email: 'friend@example.com' });
    // Issue 29: kept until the order is paid; the order-success page, seeing it paid, forgets it.
    await screen.findByTestId('order-ready', {}, { timeout: 15_000 });
    await waitFor(() => expect(readReferralCode()).toBeNull());
  });

  it('issue 29: a declined card keeps the link; a reload still shows the discount and sends the code', async () => {
    document.cookie = 'esim_ref=ABCD2345; Path=/';
    const calls = mock();
    server.use(
      trpcMsw.payments.demoConfirm.mutation(({ input }) => ({
        paymentIntentId: input.paymentIntentId,
        status: 'failed' as const,
        error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
      })),
    );
    const first = await renderApp(`/checkout/${PLAN.id}`);
    await screen.findByTestId('referral-applied', {}, { timeout: 15_000 });
    await pay(user(), /Pay \$4\.05/);
    expect((await screen.findAllByText(/Your card was declined/)).length).toBeGreaterThan(0);
    expect(readReferralCode()).toBe('ABCD2345');
    // The reload: the same page again, from the start.
    first.unmount();
    await renderApp(`/checkout/${PLAN.id}`);
    await screen.findByTestId('referral-applied', {}, { timeout: 15_000 });
    expect(within(screen.getByTestId('checkout-plan')).getByTestId('checkout-total').textContent).toBe('$4.05');
    await pay(user(), /Pay \$4\.05/);
    await waitFor(() => expect(calls.createIntent).toHaveLength(2));
    expect(calls.createIntent[1]).toMatchObject({ referralCode: 'ABCD2345' });
  });

  it('refused at Pay: the reason, the link forgotten, the full price shown again', async () => {
    document.cookie = 'esim_ref=ABCD2345; Path=/';
    mock({ refuseAtPay: true });
    await renderApp(`/checkout/${PLAN.id}`);
    await screen.findByTestId('referral-applied', {}, { timeout: 15_000 });
    await pay(user(), /Pay \$4\.05/);
    expect((await screen.findAllByText(/this is the referrer's own address/)).length).toBeGreaterThan(0);
    expect(readReferralCode()).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: /Pay \$4\.50/ })).toBeTruthy());
  });

  it('without a referral link: nothing asked, no line', async () => {
    const calls = mock();
    await renderApp(`/checkout/${PLAN.id}`);
    await screen.findByRole('button', { name: /Pay \$4\.50/ }, { timeout: 15_000 });
    expect(screen.queryByTestId('referral-applied')).toBeNull();
    expect(calls.preview).toEqual([]);
  });
});
