// /blog?newsletter=…: the newsletter's e-mailed links (issue 30, double opt-in), shown above the
// blog (where the form is; no route of its own, so the shop's initial chunk stays in budget). A confirmation
// link confirms when the page opens (a mutation the page calls; the read of the page writes
// nothing); an unsubscribe link ('u.' + token) asks for one press first, so a mail scanner that
// opens links does not unsubscribe anyone.
import { useEffect, useRef } from 'react';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';

export function NewsletterLink({ token }: { token: string }) {
  const { t } = useTranslation('tickets');
  const unsubscribe = token.startsWith('u.');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} mb="xl" component="section" aria-labelledby="newsletter-link-heading">
      <Stack gap="sm">
        <Title order={2} fz={{ base: 20, sm: 24 }} id="newsletter-link-heading">
          {unsubscribe ? t('newsletter.unsubscribeTitle') : t('newsletter.confirmTitle')}
        </Title>
        {unsubscribe ? <Unsubscribe token={token} /> : <Confirm token={token} />}
      </Stack>
    </Paper>
  );
}

function Outcome({ ok, error, okText }: { ok: boolean; error: unknown; okText: string }) {
  const { t } = useTranslation('tickets');
  if (ok) return <Alert color="green" variant="light" title={okText} role="status" />;
  const notFound = (error as { data?: { code?: string } } | null)?.data?.code === 'NOT_FOUND';
  return <Alert color="red" variant="light" title={notFound ? t('newsletter.invalid') : t('newsletter.failed')} role="alert" />;
}

function Confirm({ token }: { token: string }) {
  const { t } = useTranslation('tickets');
  const trpc = useTRPC();
  const confirm = useMutation(trpc.support.confirmNewsletter.mutationOptions());
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirm.mutate({ token });
  }, [confirm, token]);
  if (confirm.isIdle || confirm.isPending) {
    return (
      <Text role="status">
        <Loader size="xs" me="xs" aria-hidden />
        {t('newsletter.confirming')}
      </Text>
    );
  }
  return <Outcome ok={confirm.isSuccess} error={confirm.error} okText={t('newsletter.confirmed')} />;
}

function Unsubscribe({ token }: { token: string }) {
  const { t } = useTranslation('tickets');
  const trpc = useTRPC();
  const leave = useMutation(trpc.support.unsubscribe.mutationOptions());
  if (leave.isSuccess || leave.isError) return <Outcome ok={leave.isSuccess} error={leave.error} okText={t('newsletter.unsubscribed')} />;
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{t('newsletter.unsubscribeLead')}</Text>
      <Button color="red.8" loading={leave.isPending} onClick={() => leave.mutate({ token })}>
        {t('newsletter.unsubscribeButton')}
      </Button>
    </Stack>
  );
}
