// /reset-password?token=…: the new password twice (the registration rules), then every session of
// the account ends and the traveller signs in with it on /login. A link that does not work (used,
// expired, replaced by a newer one, or cut short) says so and offers a new one.
import { Alert, Button, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { setSessionUser } from './session.ts';
import { callError } from './trpc-error.ts';
import { isCommonPasswordRefusal, serverMessageKey, messagesOf, validateResetPassword } from './rules.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';

type LinkProblem = 'invalid' | 'expired' | 'used' | 'superseded' | 'missing';
const PROBLEMS: readonly LinkProblem[] = ['invalid', 'expired', 'used', 'superseded'];

const EMPTY = { password: '', confirmPassword: '' };
type Field = keyof typeof EMPTY;

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const form = useShopForm({
    name: 'reset-password',
    initialValues: EMPTY,
    rules: (v) => messagesOf(validateResetPassword(v).errors, t),
    transformValues: (v) => validateResetPassword(v).data,
  });

  const linkProblem = (): LinkProblem | null => {
    if (!token) return 'missing';
    if (!reset.isError) return null;
    const e = callError(reset.error);
    if (e.details['field'] !== 'token' && !e.fieldErrors['token']) return null;
    const reason = e.details['reason'];
    return PROBLEMS.includes(reason as LinkProblem) ? (reason as LinkProblem) : 'invalid';
  };

  const onSubmit = form.onSubmit((input) => {
    if (!token) return;
    reset.mutate(
      { token, password: input.password, confirmPassword: input.confirmPassword },
      {
        onSuccess: async () => {
          // Every session of the account ended, this browser's too.
          setSessionUser(queryClient, trpc, null);
          toast({ title: t('reset.successTitle'), description: t('reset.successDescription') });
          await navigate({ to: '/login', replace: true });
        },
        onError: (error) => {
          const e = callError(error);
          for (const [field, messages] of Object.entries(e.fieldErrors)) {
            if (messages?.[0] && field in EMPTY) form.setFieldError(field as Field, t(serverMessageKey(messages[0])));
          }
          // A password on the common-password list: said on the field; the link still works.
          if (isCommonPasswordRefusal(e.details)) form.setFieldError('password', t('validation.passwordCommon'));
          else if (e.details['field'] !== 'token' && !e.fieldErrors['token'] && Object.keys(e.fieldErrors).length === 0) {
            toast({ title: t('reset.failedTitle'), description: t('reset.failedDescription'), variant: 'destructive' });
          }
        },
      },
    );
  });

  const problem = linkProblem();
  // After a refused submit the form goes: focus moves to the explanation.
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem && problem !== 'missing') problemRef.current?.focus();
  }, [problem]);

  if (problem) {
    return (
      <AuthCard title={t('reset.linkTitle')}>
        <Stack gap="md">
          <Alert ref={problemRef} tabIndex={-1} color="red" variant="light" role="alert">
            {t(`reset.${problem}`)}
          </Alert>
          <Button component={Link} to="/forgot-password">
            {t('reset.requestNew')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const busy = reset.isPending || reset.isSuccess;
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('reset.title')}>
        <Stack gap="md">
          <PasswordField
            label={t('reset.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('reset.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth disabled={busy} mt="xs">
            {busy ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
