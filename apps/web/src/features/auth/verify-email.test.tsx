// /verify-email and the account area's reminder, with the procedures mocked.
import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor } from '@testing-library/react';
import arAuth from '@esim/i18n/locales/ar/auth.json';
import userEvent from '@testing-library/user-event';
import { server, trpcMsw } from '../../test/msw.ts';
import { i18n } from '../../lib/i18n.ts';
import { renderApp } from '../../test/render.tsx';
import { makeUser, trpcError } from './test-utils.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

/** An element whose whole text matches, though an isolated value (<bdi>) splits it into parts. */
const fullText =
  (text: string | RegExp) =>
  (_: string, el: Element | null): boolean => {
    const matches = (node: Element) => (typeof text === 'string' ? node.textContent === text : text.test(node.textContent ?? ''));
    return el !== null && matches(el) && ![...el.children].some(matches);
  };

describe('/verify-email', () => {
  it('opens the link once, then says the address is confirmed and that guest orders joined', async () => {
    const tokens: string[] = [];
    server.use(
      trpcMsw.auth.verifyEmail.mutation(({ input }) => {
        tokens.push(input.token);
        return { email: 'ada@example.org', attachedOrders: 2, alreadyConfirmed: false };
      }),
    );
    await renderApp('/verify-email?token=tok_0123456789abcdefghijklmnop');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail address confirmed' })).toBeTruthy();
    expect(screen.getByText(fullText('Thank you: ada@example.org is confirmed.'))).toBeTruthy();
    expect(screen.getByText('Orders you placed as a guest with this address are now in your account.')).toBeTruthy();
    // A guest is sent to sign in.
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(tokens).toEqual(['tok_0123456789abcdefghijklmnop']);
  });

  it('reads the session again after the link worked, though the first read was still under way (answered unconfirmed)', async () => {
    let meCalls = 0;
    let verified!: () => void;
    const verifiedOnce = new Promise<void>((resolve) => {
      verified = resolve;
    });
    server.use(
      trpcMsw.auth.me.query(async () => {
        meCalls += 1;
        if (meCalls > 1) return makeUser({ email: 'ada@example.org', emailVerified: true });
        // The page's first read reached the server before the link was used, and its answer comes late.
        await verifiedOnce;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return makeUser({ email: 'ada@example.org', emailVerified: false });
      }),
      trpcMsw.auth.verifyEmail.mutation(() => {
        verified();
        return { email: 'ada@example.org', attachedOrders: 0, alreadyConfirmed: false };
      }),
      trpcMsw.orders.list.query(() => []),
    );
    await renderApp('/verify-email?token=tok_0123456789abcdefghijklmnop');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail address confirmed' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Go to my account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Confirm your e-mail address')).toBeNull());
    expect(meCalls).toBeGreaterThanOrEqual(2);
  });

  it('says what to do when the link is used or expired', async () => {
    server.use(
      trpcMsw.auth.me.query(() => makeUser({ emailVerified: false })),
      trpcMsw.auth.verifyEmail.mutation(() => {
        throw trpcError('BAD_REQUEST', 'This verification link is invalid, used or expired.');
      }),
    );
    await renderApp('/verify-email?token=tok_0123456789abcdefghijklmnop');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Sign in and send a new link from your account.');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe('/account'));
  });

  it('a link opened again says the address is already confirmed, in English and Arabic', async () => {
    server.use(trpcMsw.auth.verifyEmail.mutation(() => ({ email: 'ada@example.org', attachedOrders: 0, alreadyConfirmed: true })));
    await renderApp('/verify-email?token=used-once');
    expect(await screen.findByRole('heading', { level: 1, name: 'Already confirmed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('was already confirmed with this link');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    i18n.addResourceBundle('ar', 'auth', arAuth, true, true);
    try {
      await renderApp('/ar/verify-email?token=used-once');
      expect(await screen.findByRole('heading', { level: 1, name: arAuth.verify.alreadyTitle })).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('without a token, says the link does not work and calls nothing', async () => {
    let called = false;
    server.use(
      trpcMsw.auth.verifyEmail.mutation(() => {
        called = true;
        return { email: 'x@example.org', attachedOrders: 0, alreadyConfirmed: false };
      }),
    );
    await renderApp('/verify-email');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(called).toBe(false);
  });
});

describe('the account reminder', () => {
  it('shows while the address is unconfirmed, and the button sends the link again (or says to wait)', async () => {
    let sends = 0;
    server.use(
      trpcMsw.auth.me.query(() => makeUser({ email: 'ada@example.org', emailVerified: false })),
      trpcMsw.orders.list.query(() => []),
      trpcMsw.auth.resendVerification.mutation(() => {
        sends += 1;
        if (sends > 1) throw trpcError('TOO_MANY_REQUESTS', 'A link was sent less than a minute ago.');
        return { sent: true, alreadyVerified: false };
      }),
    );
    await renderApp('/account');
    expect(await screen.findByText('Confirm your e-mail address')).toBeTruthy();
    expect(screen.getByText(fullText(/We sent a link to ada@example\.org\./))).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Link sent')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(/less than a minute ago/)).toBeTruthy();
    expect(sends).toBe(2);
  });

  it('is not shown once the address is confirmed', async () => {
    server.use(
      trpcMsw.auth.me.query(() => makeUser({ emailVerified: true })),
      trpcMsw.orders.list.query(() => []),
    );
    await renderApp('/account');
    expect(await screen.findByRole('heading', { name: /Hello|Welcome/ })).toBeTruthy();
    expect(screen.queryByText('Confirm your e-mail address')).toBeNull();
  });
});
