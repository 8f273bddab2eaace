// Profile Settings' 'Sign-in & security' and 'Sessions' (issue 27) in the real route tree, with
// factors.* and sessions.* mocked: setting up an authenticator app (QR, key, code, recovery codes
// shown once), a step-up before removing it, passkeys added through a stubbed
// navigator.credentials and removed, new recovery codes, the sessions list and signing out.
import arAccount from '@esim/i18n/locales/ar/account.json';
import arAuth from '@esim/i18n/locales/ar/auth.json';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderApp } from '../../../test/render.tsx';
import { makeUser, trpcError } from '../../auth/test-utils.ts';
import { fromBase64url, toBase64url } from '../../auth/passkey-browser.ts';
import { deviceName } from './device-name.ts';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  delete (navigator as { credentials?: unknown }).credentials;
  delete (navigator as { clipboard?: unknown }).clipboard;
});

type Status = Awaited<ReturnType<Parameters<typeof trpcMsw.factors.status.query>[0]>>;
type Sessions = Awaited<ReturnType<Parameters<typeof trpcMsw.sessions.list.query>[0]>>;

function status(over: Partial<Status> = {}): Status {
  return {
    totp: false,
    passkeys: [],
    recoveryCodesLeft: 0,
    secondFactorGivenAt: null,
    required: false,
    enrolmentRequired: false,
    ...over,
  };
}

const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-${String(i).padStart(4, '0')}`);
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const SESSIONS: Sessions = [
  {
    id: 'a'.repeat(32),
    userAgent: CHROME_WINDOWS,
    ip: '203.0.113.7',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastSeenAt: '2026-11-28T07:00:00.000Z',
    current: true,
    secondFactor: false,
  },
  {
    id: 'b'.repeat(32),
    userAgent: SAFARI_IPHONE,
    ip: '198.51.100.23',
    createdAt: '2026-11-01T18:30:00.000Z',
    lastSeenAt: '2026-11-27T21:15:00.000Z',
    current: false,
    secondFactor: false,
  },
];

/** Signed in, with the factors and sessions the test gives (a getter, so a change shows on refetch). */
function signedIn(factors: () => Status, sessions: () => Sessions = () => []) {
  server.use(
    trpcMsw.auth.me.query(() => makeUser()),
    trpcMsw.factors.status.query(() => factors()),
    trpcMsw.sessions.list.query(() => sessions()),
  );
}

async function securitySection() {
  // The first test also waits for the route's and the section's chunks to be imported.
  return screen.findByRole('region', { name: 'Sign-in & security' }, { timeout: 5000 });
}

const stepUp = () =>
  trpcError('FORBIDDEN', 'Give your second factor again.', {
    appError: { code: 'STEP_UP_REQUIRED', details: { action: 'factor.remove' } },
  });

describe('Sign-in & security', () => {
  it('sets up an authenticator app: QR code and key, a 6-digit code, then the 10 recovery codes once, with copy and download', async () => {
    let factors = status();
    signedIn(() => factors);
    const confirmed: string[] = [];
    server.use(
      trpcMsw.factors.beginTotp.mutation(() => ({
        uri: 'otpauth://totp/eSIM%20Shop:traveller?secret=JBSWY3DPEHPK3PXP',
        secret: 'JBSWY3DPEHPK3PXP',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
      })),
      trpcMsw.factors.confirmTotp.mutation(({ input }) => {
        confirmed.push(input.code);
        factors = status({ totp: true, recoveryCodesLeft: 10 });
        return { recoveryCodes: CODES };
      }),
    );
    const user = userEvent.setup();
    // userEvent installs its own clipboard stub; ours goes on top of it.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderApp('/account/profile');
    const section = await securitySection();
    expect(await within(section).findByText('Off')).toBeTruthy();
    await user.click(await within(section).findByRole('button', { name: 'Set up an authenticator app' }));

    const qr = await within(section).findByRole('img', { name: 'QR code to add your account to an authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(within(section).getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');

    const code = within(section).getByLabelText(/6-digit code from the app/);
    await user.type(code, '12345');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(confirmed).toEqual([]);

    await user.type(code, '6');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    const list = await within(section).findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(confirmed).toEqual(['123456']);
    expect(await screen.findByText('Authenticator app added')).toBeTruthy();
    expect(screen.getByText('Your other devices have been signed out.')).toBeTruthy();
    // Refetched: the app is on, and the codes count shows.
    expect(await within(section).findByText('On')).toBeTruthy();
    expect(within(section).getByText('Recovery codes left: 10')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const copied = (writeText.mock.calls[0] as unknown as [string])[0];
    for (const c of CODES) expect(copied).toContain(c);

    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    try {
      await user.click(within(section).getByRole('button', { name: 'Download' }));
      expect(createObjectURL).toHaveBeenCalledTimes(1);
      const file = await (createObjectURL.mock.calls[0]?.[0] as Blob).text();
      expect(file).toContain('Recovery codes for eSIM Shop');
      for (const c of CODES) expect(file).toContain(c);
    } finally {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    }

    await user.click(within(section).getByRole('button', { name: 'I have saved my codes' }));
    expect(within(section).queryByTestId('recovery-codes')).toBeNull();
  });

  it('asks for the code again when removing the app needs a fresh second factor, then removes it', async () => {
    let factors = status({ totp: true, recoveryCodesLeft: 8 });
    signedIn(() => factors);
    let removeCalls = 0;
    let verified = false;
    const codes: string[] = [];
    server.use(
      trpcMsw.factors.removeTotp.mutation(() => {
        removeCalls += 1;
        if (!verified) throw stepUp();
        factors = status();
        return { ok: true as const };
      }),
      trpcMsw.factors.verifyTotp.mutation(({ input }) => {
        codes.push(input.code);
        if (input.code !== '654321')
          throw trpcError('BAD_REQUEST', 'Wrong code.', { appError: { code: 'INVALID_CODE', details: { field: 'code' } } });
        verified = true;
        return { ok: true as const };
      }),
    );
    const user = userEvent.setup();
    await renderApp('/account/profile');
    const section = await securitySection();
    await user.click(await within(section).findByRole('button', { name: 'Remove authenticator app' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the authenticator app?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove authenticator app' }));

    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(removeCalls).toBe(1);
    await user.type(within(prompt).getByLabelText(/6-digit code/), '111111');
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));
    expect(await within(prompt).findByText('That code is not valid. Please try again.')).toBeTruthy();
    const field = within(prompt).getByLabelText(/6-digit code/);
    await user.clear(field);
    await user.type(field, '654 321');
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Authenticator app removed')).toBeTruthy();
    expect(codes).toEqual(['111111', '654321']);
    expect(removeCalls).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(await within(section).findByRole('button', { name: 'Set up an authenticator app' })).toBeTruthy();
  });

  it('closing the step-up dialog changes nothing and reports no error', async () => {
    signedIn(() => status({ totp: true, recoveryCodesLeft: 10 }));
    let calls = 0;
    server.use(
      trpcMsw.factors.regenerateRecoveryCodes.mutation(() => {
        calls += 1;
        throw stepUp();
      }),
    );
    const user = userEvent.setup();
    await renderApp('/account/profile');
    const section = await securitySection();
    await user.click(await within(section).findByRole('button', { name: 'Get new recovery codes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Get new recovery codes?' })).getByRole('button', {
        name: 'Get new recovery codes',
      }),
    );
    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(calls).toBe(1);
    expect(prompt).toBeTruthy();
    expect(screen.queryByText('That did not work')).toBeNull();
  });

  it('new recovery codes after a recovery code as the step-up', async () => {
    signedIn(() => status({ totp: true, recoveryCodesLeft: 2 }));
    let verified = false;
    const used: string[] = [];
    server.use(
      trpcMsw.factors.regenerateRecoveryCodes.mutation(() => {
        if (!verified) throw stepUp();
        return { recoveryCodes: CODES };
      }),
      trpcMsw.factors.useRecoveryCode.mutation(({ input }) => {
        used.push(input.code);
        verified = true;
        return { ok: true as const };
      }),
    );
    const user = userEvent.setup();
    await renderApp('/account/profile');
    const section = await securitySection();
    expect(await within(section).findByText('Recovery codes left: 2')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Get new recovery codes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Get new recovery codes?' })).getByRole('button', {
        name: 'Get new recovery codes',
      }),
    );
    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(prompt).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(prompt).getByLabelText(/Recovery code/), 'WXYZ-WXYZ-WXYZ-WXYZ');
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));
    const list = await within(section).findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(used).toEqual(['WXYZ-WXYZ-WXYZ-WXYZ']);
  });

  it('adds a passkey through the browser (base64url answer as registerPasskey takes it) and removes one', async () => {
    let factors = status({
      passkeys: [{ id: 'b2xkLWtleQ', name: 'Old laptop', createdAt: '2026-10-01T10:00:00.000Z', lastUsedAt: null }],
      recoveryCodesLeft: 10,
      secondFactorGivenAt: '2026-11-28T07:00:00.000Z',
    });
    signedIn(() => factors);
    const registered: unknown[] = [];
    const removed: string[] = [];
    server.use(
      trpcMsw.factors.passkeyRegistrationOptions.mutation(() => ({
        challenge: toBase64url(new Uint8Array([1, 2, 3, 250])),
        rpId: 'localhost',
        userName: 'traveller',
      })),
      trpcMsw.factors.registerPasskey.mutation(({ input }) => {
        registered.push(input);
        factors = status({
          passkeys: [
            ...factors.passkeys,
            { id: 'bmV3LWtleQ', name: input.name ?? 'Passkey', createdAt: '2026-11-28T07:10:00.000Z', lastUsedAt: null },
          ],
          recoveryCodesLeft: 10,
        });
        return { recoveryCodes: null };
      }),
      trpcMsw.factors.removePasskey.mutation(({ input }) => {
        removed.push(input.id);
        factors = status({ passkeys: factors.passkeys.filter((p) => p.id !== input.id), recoveryCodesLeft: 10 });
        return { ok: true as const };
      }),
    );
    const create = vi.fn(async (_options: CredentialCreationOptions) => ({
      rawId: new Uint8Array([9, 9]).buffer,
      response: {
        clientDataJSON: new TextEncoder().encode('{"type":"webauthn.create"}').buffer,
        attestationObject: new Uint8Array([0xa3, 0xff, 0xfe]).buffer,
      },
    }));
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', { value: { create, get: vi.fn() }, configurable: true });

    const user = userEvent.setup();
    await renderApp('/account/profile');
    const section = await securitySection();
    const passkeys = await within(section).findByRole('region', { name: 'Passkeys' });
    expect(await within(passkeys).findByText('Old laptop')).toBeTruthy();
    expect(within(passkeys).getByText(/Added Oct 1, 2026 · not used yet/)).toBeTruthy();

    await user.click(within(passkeys).getByRole('button', { name: 'Add a passkey' }));
    await user.type(within(passkeys).getByLabelText(/Passkey name/), '  My phone ');
    await user.click(within(passkeys).getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByText('Passkey added')).toBeTruthy();
    expect(await within(passkeys).findByText('My phone')).toBeTruthy();

    const options = create.mock.calls[0]?.[0].publicKey;
    expect(Array.from(new Uint8Array(options?.challenge as ArrayBuffer))).toEqual([1, 2, 3, 250]);
    expect(options?.rp.id).toBe('localhost');
    expect(options?.user.name).toBe('traveller');
    expect(options?.pubKeyCredParams).toEqual([{ type: 'public-key', alg: -7 }]);
    expect(options?.attestation).toBe('none');
    expect((options?.excludeCredentials ?? []).map((c) => toBase64url(c.id as Uint8Array))).toEqual(['b2xkLWtleQ']);
    expect(registered).toEqual([
      { clientDataJSON: toBase64url(new TextEncoder().encode('{"type":"webauthn.create"}')), attestationObject: 'o__-', name: 'My phone' },
    ]);

    await user.click(within(passkeys).getByRole('button', { name: 'Remove passkey Old laptop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(within(confirm).getByText(/“Old laptop” will no longer work/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Passkey removed')).toBeTruthy();
    expect(removed).toEqual(['b2xkLWtleQ']);
    await waitFor(() => expect(within(passkeys).queryByText('Old laptop')).toBeNull());
  });

  it('says so when the browser makes no passkey, and sends nothing', async () => {
    signedIn(() => status());
    let registered = 0;
    server.use(
      trpcMsw.factors.passkeyRegistrationOptions.mutation(() => ({ challenge: 'AQID', rpId: 'localhost', userName: 'traveller' })),
      trpcMsw.factors.registerPasskey.mutation(() => {
        registered += 1;
        return { recoveryCodes: null };
      }),
    );
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', {
      value: { create: vi.fn(async () => Promise.reject(new DOMException('cancelled', 'NotAllowedError'))), get: vi.fn() },
      configurable: true,
    });
    const user = userEvent.setup();
    await renderApp('/account/profile');
    const section = await securitySection();
    await user.click(await within(section).findByRole('button', { name: 'Add a passkey' }));
    await user.click(within(section).getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByText('No passkey was added')).toBeTruthy();
    expect(registered).toBe(0);
  });

  it('in Arabic the section reads right to left, in Arabic', async () => {
    i18n.addResourceBundle('ar', 'account', arAccount, true, true);
    i18n.addResourceBundle('ar', 'auth', arAuth, true, true);
    try {
      signedIn(
        () => status({ totp: true, recoveryCodesLeft: 10 }),
        () => SESSIONS,
      );
      await renderApp('/ar/account/profile');
      const section = await screen.findByRole('region', { name: arAccount.security.title });
      expect(document.documentElement.dir).toBe('rtl');
      expect(await within(section).findByRole('button', { name: arAccount.security.app.remove })).toBeTruthy();
      expect(within(section).getByText(arAccount.security.on)).toBeTruthy();
      const sessions = screen.getByRole('region', { name: arAccount.sessions.title });
      expect(await within(sessions).findByText(arAccount.sessions.thisDevice)).toBeTruthy();
      expect(within(sessions).getByText('Chrome على Windows')).toBeTruthy();
      expect(section.textContent).not.toMatch(/Authenticator app|Passkeys|Recovery codes/);
    } finally {
      i18n.removeResourceBundle('ar', 'account');
      i18n.removeResourceBundle('ar', 'auth');
    }
  });
});

describe('Sessions', () => {
  it('lists each session (device, IP, signed in, last seen, this device) and signs out another one', async () => {
    let sessions = SESSIONS;
    signedIn(
      () => status(),
      () => sessions,
    );
    const ended: string[] = [];
    server.use(
      trpcMsw.sessions.end.mutation(({ input }) => {
        ended.push(input.id);
        sessions = sessions.filter((s) => s.id !== input.id);
        return { ok: true as const, endedCurrent: false };
      }),
    );
    const user = userEvent.setup();
    await renderApp('/account/profile');
    const region = await screen.findByRole('region', { name: 'Sessions' });
    const rows = await within(region).findAllByTestId('session');
    expect(rows).toHaveLength(2);
    const [mine, phone] = rows as [HTMLElement, HTMLElement];
    expect(within(mine).getByText('Chrome on Windows')).toBeTruthy();
    expect(within(mine).getByText('This device')).toBeTruthy();
    expect(within(mine).getByText('203.0.113.7')).toBeTruthy();
    expect(within(mine).getByText('Signed in')).toBeTruthy();
    expect(within(mine).getByText('Last seen')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(within(phone).getByText('Safari on iPhone')).toBeTruthy();
    expect(within(phone).getByText('198.51.100.23')).toBeTruthy();
    expect(within(phone).queryByText('This device')).toBeNull();

    await user.click(within(phone).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByText('Session signed out')).toBeTruthy();
    expect(ended).toEqual(['b'.repeat(32)]);
    await waitFor(() => expect(within(region).getAllByTestId('session')).toHaveLength(1));
    expect(within(region).getByText('You are signed in only on this device.')).toBeTruthy();
  });

  it("'Sign out everywhere else' asks first, then signs out the others", async () => {
    let sessions = SESSIONS;
    signedIn(
      () => status(),
      () => sessions,
    );
    let endOthers = 0;
    server.use(
      trpcMsw.sessions.endOthers.mutation(() => {
        endOthers += 1;
        sessions = sessions.filter((s) => s.current);
        return { ended: 1 };
      }),
    );
    const user = userEvent.setup();
    await renderApp('/account/profile');
    const region = await screen.findByRole('region', { name: 'Sessions' });
    await user.click(await within(region).findByRole('button', { name: 'Sign out everywhere else' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(endOthers).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Other sessions signed out: 1')).toBeTruthy();
    expect(endOthers).toBe(1);
    await waitFor(() => expect(within(region).getAllByTestId('session')).toHaveLength(1));
  });

  it('a list that fails to load says so, with a retry', async () => {
    signedIn(() => status());
    server.use(
      trpcMsw.sessions.list.query(() => {
        throw trpcError('INTERNAL_SERVER_ERROR', 'down');
      }),
    );
    await renderApp('/account/profile');
    const region = await screen.findByRole('region', { name: 'Sessions' });
    expect(await within(region).findByText('Your sessions could not be loaded.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('deviceName and base64url', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome', 'Windows'],
    [SAFARI_IPHONE, 'Safari', 'iPhone'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'macOS'],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 EdgA/131.0',
      'Edge',
      'Android',
    ],
    ['curl/8.5.0', null, null],
  ])('%s → %s on %s', (ua, browser, os) => {
    expect(deviceName(ua)).toEqual({ browser, os });
  });

  it('round-trips bytes through base64url without padding', () => {
    const bytes = new Uint8Array([0, 1, 250, 251, 252, 253, 254, 255]);
    const text = toBase64url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Array.from(fromBase64url(text))).toEqual(Array.from(bytes));
  });
});
