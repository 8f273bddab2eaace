// 'Buying for a business?' at checkout (issue 31), in the real route tree with payments.* mocked
// (msw-trpc): collapsed at first; the invoice page's rules (a VAT ID checked for its country's
// format); confirmed details, and an open form's details at Pay, go with the order as `business`;
// a wrong open form stops Pay with its errors; a refusal by the server lands on the field; removed
// details are not sent; with Stripe, confirmed details ask for a new intent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import { makeProfile } from '../rewards/test-fixtures.ts';
import { intent, readyOrder } from './test-fixtures.ts';

const stripe = vi.hoisted(() => ({ loadStripe: vi.fn(async () => ({ marker: 'stripe' })) }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: React.ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment: vi.fn() }),
  useElements: () => ({}),
}));

const PLAN = PLANS[0]!;

function mockCheckout(opts: { stripe?: boolean; user?: ReturnType<typeof makeUser> | null; refuse?: boolean } = {}) {
  const calls = { createIntent: [] as Record<string, unknown>[], demoConfirm: [] as unknown[] };
  let n = 0;
  server.use(
    trpcMsw.auth.me.query(() => opts.user ?? null),
    trpcMsw.catalog.plan.query(() => PLAN),
    trpcMsw.payments.config.query(() =>
      opts.stripe ? { provider: 'stripe' as const, publishableKey: 'pk_test_123' } : { provider: 'demo' as const, publishableKey: null },
    ),
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.orders.byPaymentIntent.query(() => readyOrder()),
    trpcMsw.rewards.profile.query(() => makeProfile({ currentPoints: 0 })),
    trpcMsw.payments.createIntent.mutation(({ input }) => {
      calls.createIntent.push(input as Record<string, unknown>);
      if (opts.refuse)
        throw trpcError('BAD_REQUEST', 'This is not a valid VAT ID for DE.', {
          appError: { code: 'BAD_INPUT', details: { field: 'business.vatId', reason: 'INVOICE_VAT_ID_FORMAT' } },
        });
      n++;
      return opts.stripe
        ? intent({ provider: 'stripe', publishableKey: 'pk_test_123', paymentIntentId: `pi_s${n}`, clientSecret: `pi_s${n}_secret` })
        : intent();
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
  await u.type(screen.getByLabelText('Card number'), '4242424242424242');
  await u.type(screen.getByLabelText('Expiry date'), '1234');
  await u.type(screen.getByLabelText('CVC'), '123');
}

async function openSection(u: ReturnType<typeof user>) {
  const toggle = await screen.findByRole('button', { name: 'Buying for a business? Add company details for a VAT invoice' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  // Collapsed: no fields yet.
  expect(screen.queryByLabelText(/Company name/)).toBeNull();
  await u.click(toggle);
  const company = await screen.findByLabelText(/Company name/);
  expect(document.activeElement).toBe(company);
  return company;
}

async function fillCompany(u: ReturnType<typeof user>, vatId: string) {
  await u.type(screen.getByLabelText(/Company name/), 'Reise GmbH');
  await u.type(screen.getByLabelText(/Company address/), 'Hauptstr. 1, Berlin');
  await u.selectOptions(screen.getByLabelText(/Country/), 'DE');
  if (vatId) await u.type(screen.getByLabelText(/VAT ID/), vatId);
}

beforeEach(() => {
  stripe.loadStripe.mockClear();
});
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

describe('company details at checkout (demo payments)', () => {
  it('checks the VAT ID for the country, shows the confirmed details, and sends them with the order', async () => {
    const calls = mockCheckout();
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await openSection(u);
    await fillCompany(u, 'DE12345');
    await u.click(screen.getByRole('button', { name: 'Use these details' }));
    expect(await screen.findByText('This is not a valid VAT ID for the chosen country.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/VAT ID/));
    await u.clear(screen.getByLabelText(/VAT ID/));
    await u.type(screen.getByLabelText(/VAT ID/), 'de 123 456 789');
    await u.click(screen.getByRole('button', { name: 'Use these details' }));
    const summary = await screen.findByTestId('business-summary');
    expect(within(summary).getByText('Reise GmbH')).toBeTruthy();
    expect(within(summary).getByText('Germany')).toBeTruthy();
    expect(within(summary).getByText('DE123456789')).toBeTruthy();

    await u.type(screen.getByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u);
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    expect(calls.createIntent).toHaveLength(1);
    expect(calls.createIntent[0]!.business).toEqual({
      companyName: 'Reise GmbH',
      address: 'Hauptstr. 1, Berlin',
      country: 'DE',
      vatId: 'de 123 456 789',
    });
  });

  it('an open form is used at Pay when right; when wrong, Pay stops at its first wrong field and nothing is sent', async () => {
    const calls = mockCheckout();
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await openSection(u);
    await u.type(screen.getByLabelText(/Company address/), 'Hauptstr. 1, Berlin');
    await u.type(screen.getByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u);
    const pay = screen.getByRole('button', { name: /Pay \$4\.50/ });
    await u.click(pay);
    expect(await screen.findAllByText('Please fill in this field.')).toHaveLength(1);
    expect(screen.getByText('Please choose a country.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Company name/));
    expect(calls.createIntent).toEqual([]);
    expect((screen.getByTestId('pay-button') as HTMLButtonElement).disabled).toBe(false);

    await u.type(screen.getByLabelText(/Company name/), 'Reise GmbH');
    await u.selectOptions(screen.getByLabelText(/Country/), 'DE');
    await u.click(pay);
    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    // No VAT ID: the company and address alone.
    expect(calls.createIntent[0]!.business).toEqual({ companyName: 'Reise GmbH', address: 'Hauptstr. 1, Berlin', country: 'DE' });
  });

  it("the server's refusal of the VAT ID shows on the field; removed details are not sent", async () => {
    const calls = mockCheckout({ refuse: true });
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await openSection(u);
    await fillCompany(u, 'DE123456789');
    await u.click(screen.getByRole('button', { name: 'Use these details' }));
    await screen.findByTestId('business-summary');
    await u.type(screen.getByLabelText(/E-mail address/), 'guest@example.com');
    await fillCard(u);
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    expect(await screen.findByText('This is not a valid VAT ID for the chosen country.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/VAT ID/)));
    expect(calls.demoConfirm).toEqual([]);
    expect((screen.getByTestId('pay-button') as HTMLButtonElement).disabled).toBe(false);

    // Cancel the edit, then remove the details: the next order goes without them.
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await u.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: /Buying for a business\?/ })).toBeTruthy();
    server.use(
      trpcMsw.payments.createIntent.mutation(({ input }) => (calls.createIntent.push(input as Record<string, unknown>), intent())),
    );
    await u.click(screen.getByRole('button', { name: /Pay \$4\.50/ }));
    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    expect(calls.createIntent.at(-1)!.business).toBeUndefined();
  });
});

describe('company details at checkout (Stripe)', () => {
  it('signed in: the intent made at once has none; confirming details asks for a new intent with them', async () => {
    const calls = mockCheckout({ stripe: true, user: makeUser() });
    await renderApp(`/checkout/${PLAN.id}`);
    const elements = await screen.findByTestId('stripe-elements');
    expect(elements.getAttribute('data-client-secret')).toBe('pi_s1_secret');
    expect(calls.createIntent).toHaveLength(1);
    expect(calls.createIntent[0]!.business).toBeUndefined();
    const u = user();
    await openSection(u);
    await fillCompany(u, 'DE123456789');
    await u.click(screen.getByRole('button', { name: 'Use these details' }));
    await waitFor(() => expect(screen.getByTestId('stripe-elements').getAttribute('data-client-secret')).toBe('pi_s2_secret'));
    expect(calls.createIntent).toHaveLength(2);
    expect(calls.createIntent[1]!.business).toMatchObject({ companyName: 'Reise GmbH', country: 'DE', vatId: 'DE123456789' });
  });
});
