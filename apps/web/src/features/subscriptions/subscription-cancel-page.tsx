// /subscribe?cancel=<token>: the renewal reminder's one-click cancel (issue 31), no sign-in. The
// link only opens this page (mail scanners that fetch links change nothing); the one button cancels
// (subscriptions.cancelByLink: the signed token names that subscription only; a second click
// answers the same). A bad or altered link says so and points to the account.
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { formatDay } from '../esim/esim-format.ts';

export function SubscriptionCancelPage({ token }: { token: string | undefined }) {
  const { t } = useTranslation('disputes');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const cancel = useMutation(trpc.subscriptions.cancelByLink.mutationOptions());
  const invalid = !token || (cancel.error && callError(cancel.error).code === 'NOT_FOUND');
  const done = cancel.data;
  const date = done ? formatDay(done.endsAt, language, 'long') : null;
  return (
    <Container size="sm" py={{ base: 40, sm: 80 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} bg="white">
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('cancel.title')}
          </Title>
          {invalid ? (
            <Alert color="red" variant="light" role="alert" data-testid="cancel-invalid">
              {t('cancel.invalid')}
            </Alert>
          ) : done ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="cancel-done">
              {done.ended
                ? t('cancel.ended')
                : date
                  ? t('cancel.done', { plan: done.planName, date })
                  : t('cancel.doneNoDate', { plan: done.planName })}
            </Alert>
          ) : (
            <>
              <Text>{t('cancel.intro')}</Text>
              {cancel.error ? (
                <Alert color="red" variant="light" role="alert">
                  {cancel.error.message}
                </Alert>
              ) : null}
              <Button color="red.8" w="fit-content" loading={cancel.isPending} onClick={() => token && cancel.mutate({ token })}>
                {t('cancel.button')}
              </Button>
            </>
          )}
          <Button variant="default" w="fit-content" renderRoot={(props) => <Link to="/account" {...props} />}>
            {t('cancel.account')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
