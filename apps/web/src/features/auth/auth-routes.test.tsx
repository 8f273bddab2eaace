// /login and /register in the shop's real route tree, /admin in the back office's, with the auth
// procedures mocked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, REGIONS } from '../../test/fixtures.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderAdminApp, renderApp } from '../../test/render.tsx';
import { documentNavigation } from '../../lib/back-office.ts';
import { makeDashboard } from '../admin/test-fixtures.ts';
import { makeUser, trpcError } from './test-utils.ts';

// Toasts live in a module-level store: start every test without the previous one's.
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

/** The landing page (where a login or sign-up ends) asks for the catalogue. */
function mockCatalog() {
  server.use(
    trpcMsw.catalog.regions.query(() => REGIONS),
    trpcMsw.catalog.plans.query(() => PLANS),
  );
}

/** Labels may end in the required asterisk or '(Optional)': match their start. */
function field(label: RegExp | string) {
  return screen.getByLabelText(typeof label === 'string' ? new RegExp(`^${label}`) : label, { selector: 'input' }) as HTMLInputElement;
}

function expectFieldError(input: HTMLElement, message: string | null) {
  if (message === null) {
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    return;
  }
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const described = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  expect(described).toContain(message);
}

describe('/login', () => {
  it('validates on submit, then again on every change', async () => {
    await renderApp('/login');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    const username = field('Username');
    const password = field('Password');
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');

    // Nothing is shown before the first submit.
    await user.type(username, 'ab');
    expectFieldError(username, null);

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expectFieldError(username, 'Username must be at least 3 characters');
    expectFieldError(password, 'Password must be at least 6 characters');
    await waitFor(() => expect(document.activeElement).toBe(username));

    await user.type(username, 'c');
    expectFieldError(username, null);
    await user.type(password, '12345');
    expectFieldError(password, 'Password must be at least 6 characters');
    await user.type(password, '6');
    expectFieldError(password, null);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
  });

  it("toasts 'Login failed' for wrong credentials, and the server's throttle message on 429", async () => {
    let calls = 0;
    server.use(
      trpcMsw.auth.login.mutation(() => {
        calls += 1;
        if (calls === 1) throw trpcError('UNAUTHORIZED', 'Incorrect username or password.');
        throw trpcError('TOO_MANY_REQUESTS', 'Too many failed sign-in attempts. Please try again in 2 minutes.', {
          appError: { code: 'TOO_MANY_REQUESTS', details: { retryAfterSeconds: 95 } },
        });
      }),
    );
    await renderApp('/login');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Username/, { selector: 'input' }), 'traveller');
    await user.type(field('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login failed');
    expect(alert.textContent).toContain('Incorrect username or password. Please try again.');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) => a.textContent?.includes('Too many failed sign-in attempts. Please try again in 2 minutes.')),
      ).toBe(true),
    );
  });

  it('says the account is disabled when the server says so (the right password for a disabled account)', async () => {
    server.use(
      trpcMsw.auth.login.mutation(() => {
        throw trpcError('FORBIDDEN', 'This account has been disabled. Please contact support.', {
          appError: { code: 'FORBIDDEN', details: { reason: 'account_disabled' } },
        });
      }),
    );
    await renderApp('/login');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Username/, { selector: 'input' }), 'traveller');
    await user.type(field('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login failed');
    expect(alert.textContent).toContain('This account has been disabled. Please contact support.');
    expect(alert.textContent).not.toContain('Incorrect username or password');
  });

  it("shows 'Logging in…' on a disabled button while the call runs, then 'Login successful' and goes home", async () => {
    mockCatalog();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      trpcMsw.auth.login.mutation(async ({ input }) => {
        await gate;
        return { ...makeUser({ username: input.username }), secondFactorRequired: false };
      }),
    );
    const { router } = await renderApp('/login');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Username/, { selector: 'input' }), '  traveller ');
    await user.type(field('Password'), 'secret!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('Login successful', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Welcome back!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The header now shows the user.
    expect((await screen.findByRole('link', { name: 'traveller', hidden: true })).getAttribute('href')).toBe('/account');
  });

  it('asks a traveller with an authenticator app for a code after the password (a wrong one stays), then goes to ?redirect=', async () => {
    let verified = false;
    server.use(
      trpcMsw.auth.login.mutation(() => ({ ...makeUser({ username: 'twostep' }), secondFactorRequired: true })),
      trpcMsw.auth.me.query(() => (verified ? makeUser({ username: 'twostep' }) : null)),
      trpcMsw.factors.status.query(() => ({
        totp: true,
        passkeys: [],
        recoveryCodesLeft: 10,
        secondFactorGivenAt: null,
        required: true,
        enrolmentRequired: false,
      })),
      trpcMsw.factors.verifyTotp.mutation(({ input }) => {
        if (input.code !== '123456') {
          throw trpcError('BAD_REQUEST', 'That code is not valid.', { appError: { code: 'INVALID_CODE', details: { field: 'code' } } });
        }
        verified = true;
        return { ok: true as const };
      }),
      trpcMsw.orders.list.query(() => []),
    );
    const { router } = await renderApp('/login?redirect=%2Faccount%2Forders');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Username/, { selector: 'input' }), 'twostep');
    await user.type(field('Password'), 'secret!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // The second step (a lazy chunk), still on /login; nobody is signed in yet.
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm it is you' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Login successful')).toBeNull();

    await user.type(await screen.findByLabelText(/^6-digit code/, { selector: 'input' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('That code is not valid. Please try again.');
    const code = field('6-digit code');
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful', {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orders'));
  });

  it("'Sign in with a passkey': says when the browser has none, when the person cancels, and when the shop does not know the passkey", async () => {
    await renderApp('/login');
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    // jsdom has no WebAuthn.
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('This browser cannot use passkeys. Please log in with your password.');

    const get = vi.fn();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    try {
      server.use(
        trpcMsw.auth.passkeyChallenge.mutation(() => ({ challenge: 'AAAA', rpId: 'localhost' })),
        trpcMsw.auth.loginWithPasskey.mutation(() => {
          throw trpcError('UNAUTHORIZED', 'This passkey is not registered here.', {
            appError: { code: 'UNAUTHORIZED', details: { reason: 'unknown_passkey' } },
          });
        }),
      );
      get.mockRejectedValueOnce(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
      await user.click(button);
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe(
          'The passkey sign-in was cancelled or timed out. Try again, or log in with your password.',
        ),
      );
      // No allowCredentials: the browser offers whichever passkey it holds for the shop.
      expect(get.mock.calls[0]?.[0]?.publicKey?.allowCredentials).toEqual([]);

      const bytes = new Uint8Array([1, 2, 3]).buffer;
      get.mockResolvedValueOnce({
        rawId: bytes,
        response: { clientDataJSON: bytes, authenticatorData: bytes, signature: bytes },
      });
      await user.click(button);
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe(
          'This passkey is not registered here. Log in with your password, then add it under Profile Settings.',
        ),
      );
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });

  it('goes to /admin after an admin logs in from ?from=admin', async () => {
    server.use(
      trpcMsw.auth.login.mutation(() => ({ ...makeUser({ role: 'admin', username: 'boss' }), secondFactorRequired: false })),
      trpcMsw.admin.dashboard.summary.query(() => makeDashboard()),
    );
    // The back office is another app (admin.html): the shop loads its page as a new document.
    const leave = vi.spyOn(documentNavigation, 'replace').mockImplementation(() => undefined);
    await renderApp('/login?from=admin');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Log in with an administrator account to open the admin area.')).toBeTruthy();
    await user.type(field('Username'), 'boss');
    await user.type(field('Password'), 'secret!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/admin'));
  });

  it('sends a customer from ?from=admin home, and an unsafe ?redirect= home', async () => {
    mockCatalog();
    server.use(trpcMsw.auth.login.mutation(() => ({ ...makeUser(), secondFactorRequired: false })));
    const { router } = await renderApp('/login?from=admin&redirect=%2F%2Fevil.example%2F');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Username/, { selector: 'input' }), 'traveller');
    await user.type(field('Password'), 'secret!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.href).toBe('/'));
  });
});

describe('/register', () => {
  it("shows the spec's messages on submit, the mismatch on confirmPassword, and re-validates on change", async () => {
    await renderApp('/register');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    const password = field(/^Password/);
    const confirm = field('Confirm password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(confirm.getAttribute('autocomplete')).toBe('new-password');
    expect(field('Email').getAttribute('autocomplete')).toBe('email');

    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expectFieldError(field(/^Full name/), null);
    expectFieldError(field('Username'), 'Username must be at least 3 characters');
    expectFieldError(field('Email'), 'Please enter a valid email address');
    expectFieldError(password, 'Password must be at least 8 characters');
    expectFieldError(confirm, "Passwords don't match");

    await user.type(password, 'enough');
    expectFieldError(password, null);
    await user.type(confirm, 'shortenough');
    expectFieldError(confirm, null);
    await user.type(field('Email'), 'me@example.com');
    expectFieldError(field('Email'), null);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('has a show/hide toggle on the password fields', async () => {
    await renderApp('/register');
    const user = userEvent.setup({ delay: null });
    const password = (await screen.findByLabelText(/^Password/, { selector: 'input' })) as HTMLInputElement;
    expect(password.type).toBe('password');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[0]!);
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  async function fillRegister() {
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Full name/, { selector: 'input' }), 'Ada Traveller');
    await user.type(field('Username'), 'ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field(/^Password/), 'longenough');
    await user.type(field('Confirm password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it("toasts 'Registration successful' and goes home signed in", async () => {
    mockCatalog();
    let sent: unknown;
    server.use(
      trpcMsw.auth.register.mutation(({ input }) => {
        sent = input;
        return makeUser({ username: 'ada' });
      }),
    );
    const { router } = await renderApp('/register');
    await fillRegister();
    expect(await screen.findByText('Registration successful', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Your account has been created. Check your inbox to confirm your address.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toMatchObject({ fullName: 'Ada Traveller', username: 'ada', email: 'ada@example.com', password: 'longenough' });
    expect(await screen.findByRole('link', { name: 'ada', hidden: true })).toBeTruthy();
  });

  it("toasts 'Registration failed' when the name or e-mail is taken", async () => {
    server.use(
      trpcMsw.auth.register.mutation(() => {
        throw trpcError('CONFLICT', 'This username or email may already be in use.', { appError: { code: 'CONFLICT', details: null } });
      }),
    );
    const { router } = await renderApp('/register');
    await fillRegister();
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(within(alert).getByText('Registration failed')).toBeTruthy();
    expect(within(alert).getByText('This username or email may already be in use.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
    expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says on the password field and in the toast when the server finds the password on its common-password list', async () => {
    server.use(
      trpcMsw.auth.register.mutation(() => {
        throw trpcError('BAD_REQUEST', 'This password is too common.', {
          appError: { code: 'BAD_INPUT', details: { field: 'password', reason: 'common_password' } },
        });
      }),
    );
    const { router } = await renderApp('/register');
    await fillRegister();
    const message =
      'This password is too common: it appears on lists of passwords that are easy to guess or have leaked. Please choose another.';
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(within(alert).getByText('Registration failed')).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expectFieldError(field(/^Password/), message);
    expectFieldError(field('Username'), null);
    expect(router.state.location.pathname).toBe('/register');
  });
});

describe('/admin', () => {
  it('sends a guest to /login?from=admin (the shop: a new document)', async () => {
    const leave = vi.spyOn(documentNavigation, 'replace').mockImplementation(() => undefined);
    const { router } = await renderAdminApp('/admin');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/login?from=admin'));
    expect(router.state.location.search).toEqual({ from: 'admin' });
  });

  it("shows a signed-in customer a clear 'not allowed' page", async () => {
    server.use(trpcMsw.auth.me.query(() => makeUser()));
    await renderAdminApp('/admin');
    expect(await screen.findByRole('heading', { name: 'You are not allowed to view this page' })).toBeTruthy();
    expect(screen.getByText('403')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Not allowed | eSIM Shop'));
  });

  it('shows an admin the admin area', async () => {
    server.use(
      trpcMsw.auth.me.query(() => makeUser({ role: 'admin', username: 'boss' })),
      trpcMsw.admin.dashboard.summary.query(() => makeDashboard()),
    );
    await renderAdminApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText('403')).toBeNull();
  });

  it('tells support that the rates page is not part of its role, and asks the server for no rates (issue 27)', async () => {
    let asked = 0;
    server.use(
      trpcMsw.auth.me.query(() => makeUser({ role: 'admin', adminRole: 'support', username: 'helper' })),
      trpcMsw.admin.rates.list.query(() => {
        asked += 1;
        throw trpcError('FORBIDDEN', 'You are not allowed to do that.');
      }),
    );
    await renderAdminApp('/admin/rates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not part of your role' })).toBeTruthy();
    expect(screen.getByText('Your back-office role (support) does not include this page. Ask an owner if you need it.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).queryByRole('link', { name: 'Exchange rates' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Customers' })).toBeTruthy();
    expect(asked).toBe(0);
  });
});
