// /forgot-password: the account's e-mail or username → a reset link by e-mail. The server answers
// the same for every address, so the page says the same: "if an account exists…". The e-mail is
// written in the page's language.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';
import { callError } from './trpc-error.ts';
import { messagesOf, validateForgotPassword } from './rules.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';

export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation('auth');
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const form = useShopForm({
    name: 'forgot-password',
    initialValues: { identifier: '' },
    rules: (v) => messagesOf(validateForgotPassword(v).errors, t),
    transformValues: (v) => validateForgotPassword(v).data,
  });

  const onSubmit = form.onSubmit(({ identifier }) => request.mutate({ identifier, locale: i18n.language }));

  // The form (and the button that had focus) goes: focus moves to the answer, which is read out.
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request.isSuccess) sentRef.current?.focus();
  }, [request.isSuccess]);

  const problem = (): string | null => {
    if (!request.isError) return null;
    const e = callError(request.error);
    const seconds = Number(e.details['retryAfterSeconds']);
    if (e.code === 'TOO_MANY_REQUESTS' && Number.isFinite(seconds) && seconds > 0)
      return t('forgot.throttled', { count: Math.ceil(seconds / 60) });
    return t('forgot.failed');
  };

  const footer = (
    <>
      {t('forgot.remembered')}{' '}
      <Anchor component={Link} to="/login" fw={600}>
        {t('forgot.loginLink')}
      </Anchor>
    </>
  );

  if (request.isSuccess) {
    return (
      <AuthCard title={t('forgot.sentTitle')} footer={footer}>
        <Stack gap="md">
          <Alert ref={sentRef} tabIndex={-1} color="green" variant="light" role="status">
            <Text>{t('forgot.sent')}</Text>
            <Text mt="xs" size="sm">
              {t('forgot.spamHint')}
            </Text>
          </Alert>
          <Button variant="light" onClick={() => request.reset()}>
            {t('forgot.again')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const message = problem();
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={footer}>
      <form onSubmit={onSubmit} noValidate aria-label={t('forgot.title')}>
        <Stack gap="md">
          <TextInput
            label={t('forgot.identifier')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            dir="auto"
            required
            {...form.getInputProps('identifier')}
          />
          {message ? (
            <Alert color="red" variant="light" role="alert">
              {message}
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth disabled={request.isPending} mt="xs">
            {request.isPending ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
