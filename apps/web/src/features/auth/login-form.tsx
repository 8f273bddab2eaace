// Spec §2 Login: username + password, link to /register (and to /forgot-password). Validation (§5) on submit, then on
// every change; 'Logging in…' while the call runs; toasts from §8.
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { afterLoginPath, type LoginSearch } from './redirect.ts';
import { setSessionUser, useSession } from './session.ts';
import { callError } from './trpc-error.ts';
import { messagesOf, validateLogin } from './rules.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';

export function LoginForm({ search }: { search: LoginSearch }) {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useMutation(trpc.auth.login.mutationOptions());
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

  const onSubmit = form.onSubmit((input) => {
    login.mutate(input, {
      onSuccess: async (user) => {
        setSessionUser(queryClient, trpc, user);
        toast({ title: t('login.successTitle'), description: t('login.successDescription') });
        await navigate({ href: afterLoginPath(user, search), replace: true });
      },
      onError: (error) => {
        toast({ title: t('login.failedTitle'), description: failureDescription(error), variant: 'destructive' });
      },
    });
  });

  // Already signed in when arriving: straight on to where a login would have led.
  const session = useSession();
  if (session.user && login.isIdle) return <GoTo href={afterLoginPath(session.user, search)} />;

  const busy = login.isPending || login.isSuccess;
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
            {busy ? t('login.submitting') : t('login.submit')}
          </Button>
        </Stack>
      </form>
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
