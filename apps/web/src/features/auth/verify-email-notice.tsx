// The account area's reminder while the e-mail address is unconfirmed, with a button that sends
// the link again (the server allows one a minute and says so).
import { Alert, Button, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from './trpc-error.ts';
import { isolated } from '../../components/bidi.tsx';

export function VerifyEmailNotice({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({ title: t('verifyNotice.sentTitle'), description: isolated({ email }, (v) => t('verifyNotice.sentBody', v)) }),
      onError: (error) =>
        toast({
          title: t('verifyNotice.failedTitle'),
          description: callError(error).code === 'TOO_MANY_REQUESTS' ? t('verifyNotice.wait') : t('verifyNotice.failedBody'),
          variant: 'destructive',
        }),
    });
  return (
    // Yellow's own title colour is too light on its tint (axe colour-contrast): dark text instead.
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation aria-hidden />}
      title={t('verifyNotice.title')}
      mb="lg"
      styles={{ title: { color: 'var(--mantine-color-dark-8)' }, icon: { color: 'var(--mantine-color-dark-8)' } }}
    >
      <Text size="sm">{isolated({ email }, (v) => t('verifyNotice.body', v))}</Text>
      <Button size="xs" variant="white" color="dark" mt="sm" onClick={onResend} loading={resend.isPending}>
        {t('verifyNotice.resend')}
      </Button>
    </Alert>
  );
}
