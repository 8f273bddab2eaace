// Spec §2 Login: username + password, link to /register (and to /forgot-password). Validation (§5) on submit, then on
// every change; 'Logging in…' while the call runs; toasts from §8. Issue 27: a traveller with a
// second factor is asked for it next (login-second-step.tsx, a lazy chunk), and 'Sign in with a
// passkey' signs in with a passkey alone (a discoverable credential: no username asked).
import { Alert, Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { afterLoginPath, type LoginSearch } from './redirect.ts';
import { setSessionUser, useSession, type SessionUser } from './session.ts';
import { callError } from './trpc-error.ts';
import { messagesOf, validateLogin } from './rules.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { passkeysSupported, signWithPasskey } from './passkey-browser.ts';

const LoginSecondStep = lazy(() => import('./login-second-step.tsx'));

type PasskeyProblem = 'passkeyUnsupported' | 'passkeyCancelled' | 'passkeyUnknown' | 'passkeyFailed' | 'disabled';

export function LoginForm({ search }: { search: LoginSearch }) {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const passkeyChallenge = useMutation(trpc.auth.passkeyChallenge.mutationOptions());
  const passkeyLogin = useMutation(trpc.auth.loginWithPasskey.mutationOptions());
  const [secondStep, setSecondStep] = useState(false);
  const [passkeyProblem, setPasskeyProblem] = useState<PasskeyProblem | null>(null);
  const form = useShopForm({
    name: 'login',
    initialValues: { username: '', password: '' },
    rules: (v) => messagesOf(validateLogin(v).errors, t),
    transformValues: (v) => validateLogin(v).data,
  });

  const failureDescription = (error: unknown): string => {
    const e = callError(error);
    // The right password for an account an admin disabled (the server says so only then).
    if (e.details['reason'] === 'account_disabled') return t('login.disabled');
    if (e.code !== 'TOO_MANY_REQUESTS') return t('login.failedDescription');
    const seconds = Number(e.details['retryAfterSeconds']);
    if (!Number.isFinite(seconds) || seconds <= 0) return e.message;
    return seconds < 60
      ? t('login.throttled', { count: Math.ceil(seconds) })
      : t('login.throttledMinutes', { count: Math.ceil(seconds / 60) });
  };

  const signedIn = async ({ secondFactorRequired: _, ...user }: SessionUser & { secondFactorRequired: boolean }) => {
    setSessionUser(queryClient, trpc, user);
    toast({ title: t('login.successTitle'), description: t('login.successDescription') });
    await navigate({ href: afterLoginPath(user, search), replace: true });
  };

  // The second factor was given: the session is whole now, and auth.me says who it is.
  const secondStepDone = async () => {
    const user = await queryClient.fetchQuery({ ...trpc.auth.me.queryOptions(), staleTime: 0 });
    if (user) await signedIn({ ...user, secondFactorRequired: false });
  };

  const onSubmit = form.onSubmit((input) => {
    setPasskeyProblem(null);
    login.mutate(input, {
      onSuccess: async (user) => {
        if (user.secondFactorRequired) {
          // Nobody is signed in yet (a previous user's data goes); the next step asks for the factor.
          setSessionUser(queryClient, trpc, null);
          setSecondStep(true);
          return;
        }
        await signedIn(user);
      },
      onError: (error) => {
        toast({ title: t('login.failedTitle'), description: failureDescription(error), variant: 'destructive' });
      },
    });
  });

  const withPasskey = async () => {
    setPasskeyProblem(null);
    if (!passkeysSupported()) return setPasskeyProblem('passkeyUnsupported');
    let answer: Awaited<ReturnType<typeof signWithPasskey>>;
    try {
      // No allowCredentials: the browser offers the passkeys it holds for this shop.
      answer = await signWithPasskey(await passkeyChallenge.mutateAsync(), []);
    } catch (e) {
      // The person closed the browser's dialog, or it timed out (NotAllowedError), or no passkey was there.
      return setPasskeyProblem(e instanceof Error && e.name === 'NotAllowedError' ? 'passkeyCancelled' : 'passkeyFailed');
    }
    try {
      await signedIn(await passkeyLogin.mutateAsync(answer));
    } catch (e) {
      const err = callError(e);
      if (err.details['reason'] === 'unknown_passkey') setPasskeyProblem('passkeyUnknown');
      else if (err.details['reason'] === 'account_disabled') setPasskeyProblem('disabled');
      else setPasskeyProblem('passkeyFailed');
    }
  };

  // Already signed in when arriving: straight on to where a login would have led.
  const session = useSession();
  if (session.user && login.isIdle && passkeyLogin.isIdle) return <GoTo href={afterLoginPath(session.user, search)} />;

  if (secondStep) {
    return (
      <Suspense fallback={null}>
        <LoginSecondStep
          onDone={secondStepDone}
          onRestart={() => {
            setSecondStep(false);
            login.reset();
            form.setFieldValue('password', '');
          }}
        />
      </Suspense>
    );
  }

  const busy = login.isPending || login.isSuccess || passkeyLogin.isPending || passkeyLogin.isSuccess;
  const passkeyBusy = passkeyChallenge.isPending || passkeyLogin.isPending;
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/register" fw={600}>
            {t('login.registerLink')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('login.title')}>
        <Stack gap="md">
          {search.from === 'admin' ? (
            <Alert color="brand" variant="light">
              {t('login.adminNotice')}
            </Alert>
          ) : null}
          <TextInput
            label={t('login.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.getInputProps('username')}
          />
          <PasswordField label={t('login.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth disabled={busy} mt="xs">
            {login.isPending || login.isSuccess ? t('login.submitting') : t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('login.or')} labelPosition="center" my="md" />
      <Stack gap="sm">
        {/* The label may wrap: 'Iniciar sesión con una llave de acceso' is wider than a 320 px phone's card. */}
        <Button
          variant="default"
          size="md"
          fullWidth
          h="auto"
          mih={42}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          onClick={withPasskey}
          loading={passkeyBusy}
          disabled={busy && !passkeyBusy}
        >
          {t('login.passkeyButton')}
        </Button>
        {passkeyProblem ? (
          <Alert color="red" variant="light" role="alert">
            {passkeyProblem === 'disabled' ? t('login.disabled') : t(`login.${passkeyProblem}`)}
          </Alert>
        ) : null}
      </Stack>
    </AuthCard>
  );
}

function GoTo({ href }: { href: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ href, replace: true });
  }, [navigate, href]);
  return null;
}
