// Spec §2 Register: fullName (optional), username, email, password, confirmPassword; link to
// /login. Rules and messages of §5 ("Passwords don't match" on confirmPassword); toasts of §8.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { setSessionUser, useSession } from './session.ts';
import { callError } from './trpc-error.ts';
import { isCommonPasswordRefusal, serverMessageKey, messagesOf, validateRegister } from './rules.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';

const EMPTY = { fullName: '', username: '', email: '', password: '', confirmPassword: '' };
type Field = keyof typeof EMPTY;

/** `email`: the address a guest bought with (/register#email=…, register-prefill.ts), pre-filled. */
export function RegisterForm({ email = null }: { email?: string | null } = {}) {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const register = useMutation(trpc.auth.register.mutationOptions());
  const form = useShopForm({
    name: 'register',
    initialValues: email ? { ...EMPTY, email } : EMPTY,
    rules: (v) => messagesOf(validateRegister(v).errors, t),
    transformValues: (v) => validateRegister(v).data,
  });

  const onSubmit = form.onSubmit((input) => {
    register.mutate(input, {
      onSuccess: async (user) => {
        setSessionUser(queryClient, trpc, user);
        toast({ title: t('register.successTitle'), description: t('register.successDescription') });
        await navigate({ to: '/', replace: true });
      },
      onError: (error) => {
        const e = callError(error);
        // The server's own field messages (same rules) land on their fields.
        for (const [field, messages] of Object.entries(e.fieldErrors)) {
          if (messages?.[0] && field in EMPTY) form.setFieldError(field as Field, t(serverMessageKey(messages[0])));
        }
        const common = isCommonPasswordRefusal(e.details);
        if (common) form.setFieldError('password', t('validation.passwordCommon'));
        const description = common ? t('validation.passwordCommon') : t('register.failedDescription');
        toast({ title: t('register.failedTitle'), description, variant: 'destructive' });
      },
    });
  });

  // Signed-in users have an account already.
  const session = useSession();
  if (session.user && register.isIdle) return <Navigate to="/" replace />;

  const busy = register.isPending || register.isSuccess;
  const optional = (
    <Text span c="dimmed" size="xs" fw={400}>
      ({t('register.optional')})
    </Text>
  );
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={600}>
            {t('register.loginLink')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('register.title')}>
        <Stack gap="md">
          {email ? (
            <Alert color="brand" variant="light">
              {t('register.fromOrder')}
            </Alert>
          ) : null}
          <TextInput
            label={
              <>
                {t('register.fullName')} {optional}
              </>
            }
            autoComplete="name"
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label={t('register.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t('register.email')}
            type="email"
            dir="ltr"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('register.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('register.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth disabled={busy} mt="xs">
            {busy ? t('register.submitting') : t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
