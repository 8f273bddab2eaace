// The checkout's device check: a confirmation for a model with eSIM, a clear warning for one that
// is not known (or has none), the carrier-unlocked reminder always, and payment never blocked.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { intent, readyOrder } from '../checkout/test-fixtures.ts';
import { DeviceCheck } from './device-check.tsx';

const user = () => userEvent.setup({ delay: null });
const input = () => screen.findByRole('combobox', { name: /Your phone or tablet model/ });
const verdict = () => screen.queryByTestId('device-verdict');

/** Types a model and leaves the field, as a traveller does before moving on to pay. */
async function typeModel(u: ReturnType<typeof user>, text: string) {
  const field = await input();
  await u.clear(field);
  await u.type(field, text);
  await u.tab();
}

describe('DeviceCheck', () => {
  it('always reminds that the device must be carrier-unlocked, and links to the full list', async () => {
    await renderWithProviders(<DeviceCheck />);
    expect(await screen.findByRole('heading', { name: 'Will your device work?' })).toBeTruthy();
    expect(screen.getByText('Your device must be carrier-unlocked to use an eSIM from another provider.')).toBeTruthy();
    const link = screen.getByRole('link', { name: /See all compatible devices/ });
    expect(link.getAttribute('href')).toBe('/devices');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(verdict()).toBeNull();
  });

  it('confirms a model with eSIM as soon as it is typed, whatever the case and spacing', async () => {
    await renderWithProviders(<DeviceCheck />);
    const u = user();
    await u.type(await input(), 'iphone 15 pro');
    const shown = await screen.findByTestId('device-verdict');
    expect(shown.getAttribute('data-tone')).toBe('ok');
    expect(shown.textContent).toContain('Apple iPhone 15 Pro supports eSIM.');
    // The model name is isolated from the sentence around it.
    expect(shown.querySelector('bdi')?.textContent).toBe('Apple iPhone 15 Pro');
    // Its exceptions come with it.
    expect(shown.textContent).toContain('mainland China, Hong Kong and Macao');
  });

  it('offers models while typing; picking one confirms it', async () => {
    await renderWithProviders(<DeviceCheck />);
    const u = user();
    await u.type(await input(), 'pixel 8');
    // Mantine's dropdown is still in its opening transition (hidden to Testing Library).
    const listbox = await screen.findByRole('listbox', { hidden: true });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Google Pixel 8', 'Google Pixel 8 Pro', 'Google Pixel 8a']);
    await u.click(within(listbox).getByRole('option', { name: 'Google Pixel 8a', hidden: true }));
    expect(((await input()) as HTMLInputElement).value).toBe('Google Pixel 8a');
    expect((await screen.findByTestId('device-verdict')).textContent).toContain('Google Pixel 8a supports eSIM.');
  });

  it('does not judge a half-typed name until the traveller leaves the field', async () => {
    await renderWithProviders(<DeviceCheck />);
    const u = user();
    await u.type(await input(), 'iPhone 8');
    expect(verdict()).toBeNull();
    await u.tab();
    const shown = await screen.findByTestId('device-verdict');
    expect(shown.getAttribute('data-tone')).toBe('warn');
    expect(shown.textContent).toContain('iPhone 8 is not on our list of eSIM devices. Before you pay, dial *#06# on it');
    expect(shown.textContent).toContain('You can still complete your purchase.');
  });

  it.each([
    ['Galaxy A14', 'warn', 'Galaxy A14 is not on our list of eSIM devices.'],
    ['Galaxy A54', 'warn', 'Some versions of Samsung Galaxy A54 support eSIM. Check with your carrier'],
    ['OnePlus 11', 'bad', 'OnePlus 11 does not support eSIM, so this plan will not work on it.'],
    ['iPad Pro', 'info', 'Several iPad Pro models are on our list. Choose your exact model to check it.'],
  ])('%s → %s: %s', async (text, tone, message) => {
    await renderWithProviders(<DeviceCheck />);
    await typeModel(user(), text);
    const shown = await screen.findByTestId('device-verdict');
    expect(shown.getAttribute('data-tone')).toBe(tone);
    expect(shown.textContent).toContain(message);
  });
});

describe('DeviceCheck in the checkout', () => {
  const PLAN = PLANS[0]!;

  function mockCheckout() {
    const calls = { createIntent: 0, demoConfirm: 0 };
    server.use(
      trpcMsw.catalog.plan.query(({ input: { id } }) => PLANS.find((p) => p.id === id)!),
      trpcMsw.catalog.regions.query(() => REGIONS),
      trpcMsw.payments.config.query(() => ({ provider: 'demo' as const, publishableKey: null })),
      trpcMsw.orders.byPaymentIntent.query(() => readyOrder()),
      trpcMsw.payments.createIntent.mutation(() => {
        calls.createIntent++;
        return intent();
      }),
      trpcMsw.payments.demoConfirm.mutation(() => {
        calls.demoConfirm++;
        return { paymentIntentId: 'pi_demo_1', status: 'succeeded' as const };
      }),
    );
    return calls;
  }

  it('warns about a model not known to support eSIM, and payment still goes through', async () => {
    const calls = mockCheckout();
    await renderApp(`/checkout/${PLAN.id}`);
    const u = user();
    await typeModel(u, 'Nokia 3310');
    const shown = await screen.findByTestId('device-verdict');
    expect(shown.textContent).toContain('Nokia 3310 is not on our list of eSIM devices.');

    const pay = screen.getByTestId('pay-button') as HTMLButtonElement;
    expect(pay.disabled).toBe(false);
    await u.type(screen.getByLabelText(/E-mail address/), 'guest@example.com');
    await u.type(screen.getByLabelText('Card number'), '4242424242424242');
    await u.type(screen.getByLabelText('Expiry date'), '1234');
    await u.type(screen.getByLabelText('CVC'), '123');
    await u.click(pay);
    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    expect(calls).toEqual({ createIntent: 1, demoConfirm: 1 });
    await waitFor(() => expect(screen.getByTestId('pay-button').textContent).toContain('Payment Complete'));
  });
});
