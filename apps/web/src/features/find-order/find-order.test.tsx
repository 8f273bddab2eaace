// 'Find my order' (issue 26) in the real route tree, esimLinks.findOrder mocked: on /support, behind
// /login's 'Bought without an account?', on /order-success when there is no order to show and,
// pre-filled, under a guest's ready order with 'Create an account with this e-mail' (/register#email=…).
import { afterEach, describe, expect, it } from 'vitest';
import arEsim from '@esim/i18n/locales/ar/esim.json';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { i18n } from '../../lib/i18n.ts';
import { makeUser, trpcError } from '../auth/test-utils.ts';
import { readyOrder } from '../checkout/test-fixtures.ts';
import { FindOrder } from './find-order.tsx';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const SERVER_ANSWER = "If an order with that number was placed with that address, we've e-mailed its 'Manage your eSIM' link.";
const SENT = "If we have an order for this e-mail, we've sent a link to it.";

function mockFindOrder(answer: () => { ok: true; message: string } = () => ({ ok: true, message: SERVER_ANSWER })) {
  const calls: unknown[] = [];
  server.use(
    trpcMsw.esimLinks.findOrder.mutation(({ input }) => {
      calls.push(input);
      return answer();
    }),
  );
  return calls;
}

function field(scope: HTMLElement, label: string) {
  return within(scope).getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
}

/** The form, once its lazy chunk is in (the first import in a test run compiles it). */
function findForm(scope: HTMLElement = document.body) {
  return within(scope).findByTestId('find-order', {}, { timeout: 5000 });
}

function describedBy(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('/support: Find my order', () => {
  it('checks the fields, sends the address and number as the server reads them, and answers the same neutral sentence', async () => {
    const calls = mockFindOrder();
    await renderApp('/support');
    const user = userEvent.setup({ delay: null });
    const section = await findForm();
    expect(within(section).getByRole('heading', { level: 2, name: 'Find my order' })).toBeTruthy();
    const email = field(section, 'E-mail address');
    const number = field(section, 'Order number');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');

    // Nothing typed: both fields say what is wrong, the first has focus, nothing is sent.
    await user.click(within(section).getByRole('button', { name: 'E-mail me the link' }));
    expect(describedBy(email)).toContain('Please enter a valid email address');
    expect(describedBy(number)).toContain('Required');
    expect(document.activeElement).toBe(email);
    await user.type(email, 'not-an-address');
    expect(describedBy(email)).toContain('Please enter a valid email address');
    expect(calls).toEqual([]);

    await user.clear(email);
    await user.type(email, '  Guest@Traveller.example ');
    await user.type(number, ' ord-7k3m9q2xb4 ');
    expect(email.getAttribute('aria-invalid')).not.toBe('true');
    await user.click(within(section).getByRole('button', { name: 'E-mail me the link' }));

    const status = await within(section).findByRole('status');
    expect(status.textContent).toContain(SENT);
    expect(status.textContent).toContain('Check your spam folder too.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls).toEqual([{ email: 'guest@traveller.example', orderNumber: 'ORD-7K3M9Q2XB4' }]);

    // Another order: the form again, as it was, with the focus on the address.
    await user.click(within(section).getByRole('button', { name: 'Find another order' }));
    await waitFor(() => expect(document.activeElement).toBe(field(section, 'E-mail address')));
    expect(field(section, 'Order number').value).toBe(' ord-7k3m9q2xb4 ');
  });

  it('shows the rate limits as the form error, with the wait', async () => {
    let reason = 'order_link_requests_per_address';
    server.use(
      trpcMsw.esimLinks.findOrder.mutation(() => {
        throw trpcError('TOO_MANY_REQUESTS', 'Too many requests for this address.', {
          appError: { code: 'TOO_MANY_REQUESTS', details: { retryAfterSeconds: 1790, reason } },
        });
      }),
    );
    await renderApp('/support');
    const user = userEvent.setup({ delay: null });
    const section = await findForm();
    await user.type(field(section, 'E-mail address'), 'guest@traveller.example');
    await user.type(field(section, 'Order number'), 'ORD-7K3M9Q2XB4');
    await user.click(within(section).getByRole('button', { name: 'E-mail me the link' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Too many requests for this address. Please check your inbox (and spam folder), or try again in 30 minutes.',
    );
    expect(within(section).queryByRole('status')).toBeNull();

    reason = 'order_link_requests_per_client';
    await user.click(within(section).getByRole('button', { name: 'E-mail me the link' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert').textContent).toBe('Too many requests from your network. Please try again in 30 minutes.'),
    );
  });

  it("puts the server's refusal of a field on that field", async () => {
    server.use(
      trpcMsw.esimLinks.findOrder.mutation(() => {
        throw trpcError('BAD_REQUEST', 'Invalid input', {
          zodError: { fieldErrors: { orderNumber: ['Please enter the order number from your receipt (ORD-…)'] } },
        });
      }),
    );
    await renderApp('/support');
    const user = userEvent.setup({ delay: null });
    const section = await findForm();
    await user.type(field(section, 'E-mail address'), 'guest@traveller.example');
    await user.type(field(section, 'Order number'), 'ORD-7K3M9Q2XB4');
    await user.click(within(section).getByRole('button', { name: 'E-mail me the link' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Please check the e-mail address and the order number.');
    const number = field(section, 'Order number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(number)).toContain('Please enter the order number from your receipt (ORD-…)');
  });
});

describe("/login: 'Bought without an account?'", () => {
  it('opens Find my order in place, with the focus on the address', async () => {
    const calls = mockFindOrder();
    await renderApp('/login');
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByTestId('find-order-disclosure');
    expect(within(box).getByText('Bought without an account?')).toBeTruthy();
    expect(within(box).queryByTestId('find-order')).toBeNull();
    await user.click(within(box).getByRole('button', { name: 'Find your order' }));
    const section = await findForm(box);
    await waitFor(() => expect(document.activeElement).toBe(field(section, 'E-mail address')));
    await user.type(field(section, 'E-mail address'), 'guest@traveller.example');
    await user.type(field(section, 'Order number'), 'ORD-7K3M9Q2XB4');
    await user.click(within(section).getByRole('button', { name: 'E-mail me the link' }));
    expect((await within(section).findByRole('status')).textContent).toContain(SENT);
    expect(calls).toHaveLength(1);
  });

  it("is not on the back office's sign-in", async () => {
    await renderApp('/login?from=admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.queryByTestId('find-order-disclosure')).toBeNull();
  });
});

describe('/order-success', () => {
  it('without an order to show: Find my order under the panel', async () => {
    mockFindOrder();
    await renderApp('/order-success');
    expect(await screen.findByRole('heading', { name: 'No order information found' })).toBeTruthy();
    expect(screen.getByText(/Use 'Find my order' below/)).toBeTruthy();
    const section = await findForm(screen.getByTestId('order-find-order'));
    expect(field(section, 'E-mail address').value).toBe('');
  });

  it("a guest's ready order: 'Send me the link again' pre-filled, and 'Create an account with this e-mail'", async () => {
    const calls = mockFindOrder();
    server.use(trpcMsw.orders.byPaymentIntent.query(() => readyOrder({ guestEmail: 'guest+trip@traveller.example' })));
    await renderApp('/order-success?payment_intent=pi_demo_1&payment_intent_client_secret=pi_demo_1_secret_abc');
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('order-ready');

    const details = screen.getByTestId('order-details');
    expect(within(details).getByText(/Your orders join it once you confirm your e-mail address/)).toBeTruthy();
    const create = within(details).getByRole('link', { name: 'Create an account with this e-mail' });
    expect(create.getAttribute('href')).toBe('/register#email=guest%2Btrip%40traveller.example');

    const section = await findForm(screen.getByTestId('order-find-order'));
    expect(within(section).getByRole('heading', { name: 'Come back to your eSIM any time' })).toBeTruthy();
    expect(field(section, 'E-mail address').value).toBe('guest+trip@traveller.example');
    expect(field(section, 'Order number').value).toBe('ORD-AAAAAAAAAA');
    await user.click(within(section).getByRole('button', { name: 'Send me the link again' }));
    expect((await within(section).findByRole('status')).textContent).toContain(SENT);
    expect(calls).toEqual([{ email: 'guest+trip@traveller.example', orderNumber: 'ORD-AAAAAAAAAA' }]);

    // The link leads to the sign-up form with the address filled in.
    await user.click(create);
    const email = (await screen.findByLabelText(/^Email/, { selector: 'input' })) as HTMLInputElement;
    expect(email.value).toBe('guest+trip@traveller.example');
    expect(screen.getByText(/your orders join your new account/)).toBeTruthy();
  });

  it('offers neither to a signed-in buyer, nor for an account order', async () => {
    server.use(
      trpcMsw.auth.me.query(() => makeUser()),
      trpcMsw.orders.byPaymentIntent.query(() => readyOrder({ guestEmail: null })),
    );
    await renderApp('/order-success?payment_intent=pi_demo_1&payment_intent_client_secret=pi_demo_1_secret_abc');
    await screen.findByTestId('order-ready');
    expect(await screen.findByRole('link', { name: 'Go to my account' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create an account with this e-mail' })).toBeNull();
    expect(screen.queryByTestId('order-find-order')).toBeNull();
  });
});

describe('/register#email=…', () => {
  it('pre-fills a valid address and says the orders join once it is confirmed', async () => {
    await renderApp('/register#email=guest%40traveller.example');
    const email = (await screen.findByLabelText(/^Email/, { selector: 'input' })) as HTMLInputElement;
    expect(email.value).toBe('guest@traveller.example');
    expect(screen.getByText(/Use the e-mail address you bought with/)).toBeTruthy();
  });

  it('ignores anything that is not an address', async () => {
    await renderApp('/register#email=%3Cscript%3E');
    const email = (await screen.findByLabelText(/^Email/, { selector: 'input' })) as HTMLInputElement;
    expect(email.value).toBe('');
    expect(screen.queryByText(/Use the e-mail address you bought with/)).toBeNull();
  });
});

describe('in Arabic', () => {
  afterEach(() => {
    i18n.removeResourceBundle('ar', 'esim');
  });

  it('speaks Arabic (its dual for two minutes), with the address and number left-to-right', async () => {
    i18n.addResourceBundle('ar', 'esim', arEsim, true, true);
    await i18n.changeLanguage('ar');
    server.use(
      trpcMsw.esimLinks.findOrder.mutation(() => {
        throw trpcError('TOO_MANY_REQUESTS', 'Too many requests from your network.', {
          appError: { code: 'TOO_MANY_REQUESTS', details: { retryAfterSeconds: 100, reason: 'order_link_requests_per_client' } },
        });
      }),
    );
    await renderWithProviders(<FindOrder />);
    const user = userEvent.setup({ delay: null });
    const section = await findForm();
    expect(within(section).getByRole('heading', { name: 'العثور على طلبي' })).toBeTruthy();
    const email = field(section, 'البريد الإلكتروني');
    const number = field(section, 'رقم الطلب');
    // Mantine puts `dir` on the input's own wrapper.
    expect(email.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    expect(number.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    await user.click(within(section).getByRole('button', { name: 'أرسل لي الرابط' }));
    expect(describedBy(number)).toContain('هذا الحقل مطلوب');
    await user.type(email, 'guest@traveller.example');
    await user.type(number, 'ORD-7K3M9Q2XB4');
    await user.click(within(section).getByRole('button', { name: 'أرسل لي الرابط' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('طلبات كثيرة جدًا من شبكتك. يُرجى المحاولة مرة أخرى بعد دقيقتين.');
  });
});
