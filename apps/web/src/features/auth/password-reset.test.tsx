// 'Forgot password?' on /login, /forgot-password and /reset-password in the real route tree, with
// the procedures mocked.
import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from './test-utils.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const SENT = "If an account exists for that address, we've sent a link to reset the password. It expires in 30 minutes.";
const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE';

function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
}

function describedBy(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe("/login's 'Forgot password?'", () => {
  it('links to /forgot-password', async () => {
    await renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
  });
});

describe('/forgot-password', () => {
  it('sends the trimmed address and the page language, then says the same thing whatever the address', async () => {
    const calls: unknown[] = [];
    server.use(
      trpcMsw.auth.requestPasswordReset.mutation(({ input }) => {
        calls.push(input);
        return { ok: true as const, message: SENT };
      }),
    );
    await renderApp('/forgot-password');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    const input = field('Email or username');
    expect(input.getAttribute('autocomplete')).toBe('username');

    // Empty: the spec's 'Required', nothing sent.
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toContain('Required');
    expect(calls).toEqual([]);

    await user.type(input, '  ada@example.org ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(SENT);
    // The form went; focus is on the answer.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
    expect(calls).toEqual([{ identifier: 'ada@example.org', locale: 'en' }]);

    // Another link: the form again, with the address kept.
    await user.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(field('Email or username').value).toBe('  ada@example.org ');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('says when to try again after too many requests', async () => {
    server.use(
      trpcMsw.auth.requestPasswordReset.mutation(() => {
        throw trpcError('TOO_MANY_REQUESTS', 'Too many password reset requests for this address.', {
          appError: { code: 'TOO_MANY_REQUESTS', details: { retryAfterSeconds: 1790 } },
        });
      }),
    );
    await renderApp('/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Email or username/, { selector: 'input' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many reset requests. Please check your inbox, or try again in 30 minutes.',
    );
  });
});

describe('/reset-password', () => {
  it("checks the new password like registration, sends it with the link's token, signs out and goes to /login", async () => {
    const calls: unknown[] = [];
    server.use(
      trpcMsw.auth.me.query(() => makeUser()),
      trpcMsw.auth.resetPassword.mutation(({ input }) => {
        calls.push(input);
        return { ok: true as const };
      }),
    );
    const { router } = await renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    const password = field('New password');
    const confirm = field('Confirm new password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');

    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(describedBy(password)).toContain('Password must be at least 8 characters');
    expect(describedBy(confirm)).toContain("Passwords don't match");
    expect(calls).toEqual([]);

    await user.clear(password);
    await user.type(password, 'a long new passphrase');
    await user.type(confirm, 'a long new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(screen.getByText('Sign in with your new password.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([{ token: TOKEN, password: 'a long new passphrase', confirmPassword: 'a long new passphrase' }]);
    // The session ended: the login page is shown, not skipped.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
  });

  it.each([
    ['expired', 'This link has expired: links work for 30 minutes. Request a new one below.'],
    ['used', 'This link has already been used. If you need to, request a new one below.'],
    ['superseded', 'A newer link was sent to you. Use the link in the latest e-mail, or request a new one below.'],
    ['invalid', 'This link is not valid. Request a new one below.'],
  ])('a %s link says so and offers a new one', async (reason, text) => {
    server.use(
      trpcMsw.auth.resetPassword.mutation(() => {
        throw trpcError('BAD_REQUEST', 'This password reset link does not work.', {
          appError: { code: 'BAD_INPUT', details: { field: 'token', reason } },
        });
      }),
    );
    await renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'a long new passphrase');
    await user.type(field('Confirm new password'), 'a long new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(text);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it("a password on the server's common-password list is said on the field; the form stays for another try", async () => {
    const calls: unknown[] = [];
    server.use(
      trpcMsw.auth.resetPassword.mutation(({ input }) => {
        calls.push(input);
        if (calls.length === 1) {
          throw trpcError('BAD_REQUEST', 'This password is too common.', {
            appError: { code: 'BAD_INPUT', details: { field: 'password', reason: 'common_password' } },
          });
        }
        return { ok: true as const };
      }),
    );
    const { router } = await renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    const password = await screen.findByLabelText(/^New password/, { selector: 'input' });
    await user.type(password, 'Password123');
    await user.type(field('Confirm new password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(password)).toContain(
      'This password is too common: it appears on lists of passwords that are easy to guess or have leaked.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();

    await user.clear(password);
    await user.type(password, 'a long new passphrase');
    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'a long new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toHaveLength(2);
  });

  it('without a token, says the link is incomplete and calls nothing', async () => {
    let called = false;
    server.use(
      trpcMsw.auth.resetPassword.mutation(() => {
        called = true;
        return { ok: true as const };
      }),
    );
    await renderApp('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The link is incomplete.');
    expect(called).toBe(false);
  });
});
