// The sign-in's second step (issue 27), loaded only when it is needed (login-form.tsx, React.lazy):
// a traveller whose account has an authenticator app or a passkey gave the password, and the
// server holds the session half signed in until the factor is given. The shared step
// (step-up.tsx SecondFactorStep: a code from the app, a passkey or a recovery code), then
// `onDone` finishes the sign-in. 'Sign in as someone else' ends the half session.
import { Anchor, Loader, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';
import { SecondFactorStep } from './step-up.tsx';

export default function LoginSecondStep({ onDone, onRestart }: { onDone: () => Promise<void>; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  // Kept only while the step is open: factors is not a user-scoped router (session.ts).
  const status = useQuery({ ...trpc.factors.status.queryOptions(), gcTime: 0 });
  const logout = useMutation(trpc.auth.logout.mutationOptions());
  const methods = status.data ? { totp: status.data.totp, passkeys: status.data.passkeys.map((p) => p.id) } : null;
  return (
    <AuthCard title={t('factors.promptTitle')} subtitle={t('login.secondStepSubtitle')}>
      <Stack gap="md">
        {methods ? (
          <SecondFactorStep
            methods={methods}
            onConfirmed={onDone}
            texts={{ totp: t('factors.promptBody'), passkey: t('login.secondStepPasskeyBody') }}
          />
        ) : (
          <Loader role="status" aria-label={t('login.submitting')} />
        )}
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => logout.mutate(undefined, { onSettled: onRestart })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('login.secondStepRestart')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
