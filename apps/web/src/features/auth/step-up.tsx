// Step-up (issue 27): a change the server refuses with STEP_UP_REQUIRED (the second factor not
// given in the last 5 minutes) asks for it again in a dialog — a code from the authenticator app,
// a passkey, or a recovery code — then the change is sent once more. The back office opens the
// dialog from its mutation cache (features/admin/second-factor.tsx); the shop's account pages wrap
// each sensitive call in useStepUp().run, which retries it after the factor was given.
import { Alert, Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { CodeForm } from './code-form.tsx';
import { passkeysSupported, signWithPasskey } from './passkey-browser.ts';
import { callError } from './trpc-error.ts';

/** The factors the account can give: an authenticator app, and the ids of its passkeys. */
export interface StepUpMethods {
  totp: boolean;
  passkeys: string[];
}

export function isStepUpRequired(error: unknown): boolean {
  return callError(error).appCode === 'STEP_UP_REQUIRED';
}

/** The person closed the dialog without giving the factor: nothing was changed, nothing to report. */
export class StepUpCancelled extends Error {
  constructor() {
    super('The second factor was not given.');
    this.name = 'StepUpCancelled';
  }
}

export function StepUpDialog({
  opened,
  methods,
  onClose,
  onConfirmed,
}: {
  opened: boolean;
  methods: StepUpMethods;
  onClose: () => void;
  onConfirmed: () => void | Promise<void>;
}) {
  const { t } = useTranslation('auth');
  return (
    <Modal opened={opened} onClose={onClose} title={t('factors.stepUpTitle')} centered>
      {/* Unmounted while closed: every opening starts from an empty form. */}
      {opened ? <SecondFactorStep methods={methods} onConfirmed={onConfirmed} /> : null}
    </Modal>
  );
}

/**
 * Giving the second factor: a code from the app, a passkey (one of `methods.passkeys`) or a
 * recovery code. The step-up dialog's body, and the sign-in's second step (login-second-step.tsx),
 * which says why in words of its own (`texts`: the lead for an app, and for a passkey only).
 */
export function SecondFactorStep({
  methods,
  onConfirmed,
  texts,
}: {
  methods: StepUpMethods;
  onConfirmed: () => void | Promise<void>;
  texts?: { totp: string; passkey: string };
}) {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const [recovery, setRecovery] = useState(false);
  const [passkeyError, setPasskeyError] = useState(false);
  const verify = useMutation(trpc.factors.verifyTotp.mutationOptions());
  const useCode = useMutation(trpc.factors.useRecoveryCode.mutationOptions());
  const challenge = useMutation(trpc.factors.passkeyChallenge.mutationOptions());
  const verifyPasskey = useMutation(trpc.factors.verifyPasskey.mutationOptions());
  const canPasskey = methods.passkeys.length > 0 && passkeysSupported();
  const passkeyPending = challenge.isPending || verifyPasskey.isPending;

  const withPasskey = async () => {
    setPasskeyError(false);
    try {
      const options = await challenge.mutateAsync();
      await verifyPasskey.mutateAsync(await signWithPasskey(options, methods.passkeys));
    } catch {
      setPasskeyError(true);
      return;
    }
    await onConfirmed();
  };

  let body: ReactNode;
  if (recovery) body = t('factors.recoveryBody');
  else if (methods.totp) body = texts?.totp ?? t('factors.stepUpBody');
  else body = texts?.passkey ?? t('factors.stepUpPasskeyBody');

  return (
    <Stack gap="sm">
      <Text>{body}</Text>
      {recovery || methods.totp ? (
        <CodeForm
          key={recovery ? 'recovery' : 'totp'}
          name={recovery ? 'step-up-recovery' : 'step-up-code'}
          recovery={recovery}
          label={recovery ? t('factors.recoveryLabel') : t('factors.codeLabel')}
          pending={verify.isPending || useCode.isPending}
          onSubmitCode={async (code) => {
            if (recovery) await useCode.mutateAsync({ code });
            else await verify.mutateAsync({ code });
            await onConfirmed();
          }}
        />
      ) : null}
      {canPasskey && !recovery ? (
        <Button
          variant={methods.totp ? 'default' : 'filled'}
          onClick={withPasskey}
          loading={passkeyPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('factors.usePasskey')}
        </Button>
      ) : null}
      {passkeyError ? (
        <Alert color="red" role="alert">
          {t('factors.passkeyFailed')}
        </Alert>
      ) : null}
      <Anchor component="button" type="button" onClick={() => setRecovery((r) => !r)} style={{ alignSelf: 'flex-start' }}>
        {recovery ? (methods.totp ? t('factors.useApp') : t('factors.usePasskeyInstead')) : t('factors.useRecovery')}
      </Anchor>
    </Stack>
  );
}

interface Waiting {
  retry: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * `run(call)`: sends the call; when the server asks for the second factor again, opens the dialog
 * and, once it was given, sends the call again (its answer is run's). Closing the dialog rejects
 * with StepUpCancelled. Render `dialog` once in the component.
 */
export function useStepUp(methods: StepUpMethods) {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const current = useRef<Waiting | null>(null);
  const run = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
      return new Promise<T>((resolve, reject) => {
        const w: Waiting = { retry: call, resolve: resolve as (value: unknown) => void, reject };
        current.current = w;
        setWaiting(w);
      });
    }
  }, []);
  const settle = () => {
    const w = current.current;
    current.current = null;
    setWaiting(null);
    return w;
  };
  const dialog = (
    <StepUpDialog
      opened={waiting !== null}
      methods={methods}
      onClose={() => settle()?.reject(new StepUpCancelled())}
      onConfirmed={async () => {
        const w = settle();
        if (!w) return;
        try {
          w.resolve(await w.retry());
        } catch (error) {
          w.reject(error);
        }
      }}
    />
  );
  return { run, dialog };
}
