// The back office's step-up: a change the server refuses with STEP_UP_REQUIRED opens the shared
// step-up dialog (features/auth/step-up.tsx); the code given, the admin is asked to send it again.
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTRPC } from '../../lib/trpc.ts';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { trpcError } from '../auth/test-utils.ts';
import { SecondFactorGate } from './second-factor.tsx';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

function SensitiveChange() {
  const trpc = useTRPC();
  const change = useMutation(trpc.factors.regenerateRecoveryCodes.mutationOptions());
  return (
    <button type="button" onClick={() => change.mutate()}>
      Change
    </button>
  );
}

describe('back-office step-up', () => {
  it('asks for the code in a dialog after STEP_UP_REQUIRED, then asks for the change again', async () => {
    const codes: string[] = [];
    server.use(
      trpcMsw.factors.regenerateRecoveryCodes.mutation(() => {
        throw trpcError('FORBIDDEN', 'Give your second factor again.', {
          appError: { code: 'STEP_UP_REQUIRED', details: { action: 'x' } },
        });
      }),
      trpcMsw.factors.verifyTotp.mutation(({ input }) => {
        codes.push(input.code);
        return { ok: true as const };
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(
      <SecondFactorGate>
        <SensitiveChange />
      </SecondFactorGate>,
    );
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByText(/Enter the 6-digit code from your authenticator app/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/6-digit code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Confirmed. Please make the change again.')).toBeTruthy();
    expect(codes).toEqual(['123456']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
  });

  it('an admin with a passkey and no app gives the passkey again (it had only the code field before)', async () => {
    const signed: unknown[] = [];
    server.use(
      trpcMsw.factors.status.query(() => ({
        totp: false,
        passkeys: [{ id: 'a2V5', name: 'YubiKey', createdAt: '2026-11-01T00:00:00.000Z', lastUsedAt: null }],
        recoveryCodesLeft: 10,
        secondFactorGivenAt: '2026-11-28T00:00:00.000Z',
        required: false,
        enrolmentRequired: false,
      })),
      trpcMsw.factors.regenerateRecoveryCodes.mutation(() => {
        throw trpcError('FORBIDDEN', 'Give your second factor again.', {
          appError: { code: 'STEP_UP_REQUIRED', details: { action: 'x' } },
        });
      }),
      trpcMsw.factors.passkeyChallenge.mutation(() => ({ challenge: 'AQID', rpId: 'localhost' })),
      trpcMsw.factors.verifyPasskey.mutation(({ input }) => {
        signed.push(input);
        return { ok: true as const };
      }),
    );
    const get = vi.fn(async () => ({
      rawId: new Uint8Array([107, 101, 121]).buffer,
      response: {
        clientDataJSON: new Uint8Array([1]).buffer,
        authenticatorData: new Uint8Array([2]).buffer,
        signature: new Uint8Array([3]).buffer,
      },
    }));
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', { value: { get, create: vi.fn() }, configurable: true });
    try {
      const user = userEvent.setup();
      await renderWithProviders(
        <SecondFactorGate>
          <SensitiveChange />
        </SecondFactorGate>,
      );
      await user.click(await screen.findByRole('button', { name: 'Change' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
      expect(within(dialog).getByText('This change needs your second factor again. Confirm it is you with your passkey.')).toBeTruthy();
      expect(within(dialog).queryByLabelText(/6-digit code/)).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Use a passkey' }));
      expect(await screen.findByText('Confirmed. Please make the change again.')).toBeTruthy();
      expect(signed).toEqual([{ credentialId: 'a2V5', clientDataJSON: 'AQ', authenticatorData: 'Ag', signature: 'Aw' }]);
    } finally {
      vi.unstubAllGlobals();
      delete (navigator as { credentials?: unknown }).credentials;
    }
  });
});
