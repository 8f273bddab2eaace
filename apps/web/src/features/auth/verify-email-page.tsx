// /verify-email?token=…: opens the link from the verification e-mail once, then says what
// happened. Guest orders placed with the address join the account at this moment.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';
import { useSession } from './session.ts';
import { isolated } from '../../components/bidi.tsx';

export function VerifyEmailPage({ token }: { token: string | undefined }) {
  const { t } = useTranslation('auth');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useSession();
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({
      // The account's orders, eSIMs and the verified flag changed. Cancel first: a query still on
      // its first fetch (auth.me, asked as the page opened, maybe answered before the link was
      // used) is not refetched by invalidateQueries, which joins the fetch under way instead.
      onSuccess: async () => {
        await queryClient.cancelQueries();
        await queryClient.invalidateQueries();
      },
    }),
  );
  // Once per page view, also under StrictMode's double effects: a link works only once.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const next = session.user
    ? { to: '/account' as const, label: t('verify.toAccount') }
    : { to: '/login' as const, label: t('verify.toLogin') };

  if (token && (verify.isIdle || verify.isPending)) {
    return (
      <AuthCard title={t('verify.metaTitle')}>
        <Stack align="center" gap="sm" py="md" role="status">
          <Loader aria-hidden />
          <Text>{t('verify.checking')}</Text>
        </Stack>
      </AuthCard>
    );
  }
  if (verify.isSuccess && verify.data.alreadyConfirmed) {
    return (
      <AuthCard title={t('verify.alreadyTitle')}>
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            <Text>{isolated({ email: verify.data.email }, (v) => t('verify.alreadyBody', v))}</Text>
          </Alert>
          <Button component={Link} to={next.to}>
            {next.label}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthCard title={t('verify.successTitle')}>
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            <Text>{isolated({ email: verify.data.email }, (v) => t('verify.successBody', v))}</Text>
            {verify.data.attachedOrders > 0 ? <Text mt="xs">{t('verify.joined')}</Text> : null}
          </Alert>
          <Button component={Link} to={next.to}>
            {next.label}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('verify.failedTitle')}>
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {t('verify.failedBody')}
        </Alert>
        <Button component={Link} to={next.to} variant="light">
          {next.label}
        </Button>
      </Stack>
    </AuthCard>
  );
}
