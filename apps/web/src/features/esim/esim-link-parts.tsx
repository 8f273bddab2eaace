// Parts of the 'Manage your eSIM' link page (esim-link-page.tsx) that the buyer's view of a given
// eSIM (features/gifts/given-gift-link.tsx) shows too: the link-is-over screen with 'Find my order',
// and the refund by an e-mailed code (esimLinks.refundCode, then esimLinks.refund).

import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconLinkOff, IconReceiptRefund } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { isolated } from '../../components/bidi.tsx';
import { formatMinor } from '../../lib/format.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { FindOrder } from '../find-order/find-order.tsx';
import classes from './esim-detail.module.css';

type LinkRefundResult = RouterOutputs['esimLinks']['refund'];

interface CodeValues extends Record<string, string> {
  code: string;
}

export function EsimLinkGone() {
  const { t } = useTranslation('esim');
  return (
    <Stack gap="lg">
      <div role="alert" data-testid="esim-link-gone">
        <EmptyState
          icon={IconLinkOff}
          title={t('link.gone.title')}
          hint={t('link.gone.body')}
          action={{ label: t('life.refund.contactSupport'), to: '/support' }}
        />
      </div>
      {/* The 'Find my order' the text names, right here: a new link by e-mail. */}
      <section className={classes.panel}>
        <FindOrder />
      </section>
    </Stack>
  );
}

export function LinkRefund({ token }: { token: string }) {
  const { t } = useTranslation('esim');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [codeSent, setCodeSent] = useState(false);
  const [done, setDone] = useState<LinkRefundResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useShopForm<CodeValues>({
    name: 'esim-link-refund',
    initialValues: { code: '' },
    rules: (values) => (/^\d{6}$/.test(values.code.trim()) ? {} : { code: t('link.refund.codeRule') }),
    transformValues: (values) => ({ code: values.code.trim() }),
  });
  const refusal = (err: unknown): string => {
    const e = callError(err);
    if (e.code === 'NOT_FOUND') return t('link.gone.title');
    if (e.code === 'TOO_MANY_REQUESTS') return t('link.refund.tooMany');
    if (e.code === 'CONFLICT') return t('life.refund.refused');
    return t('life.refund.failed');
  };
  const sendCode = useMutation(
    trpc.esimLinks.refundCode.mutationOptions({
      onSuccess: () => {
        setCodeSent(true);
        form.reset();
      },
      onError: (err) => setError(refusal(err)),
    }),
  );
  const refund = useMutation(
    trpc.esimLinks.refund.mutationOptions({
      onSuccess: (result) => {
        setDone(result);
        void queryClient.invalidateQueries({ queryKey: trpc.esimLinks.get.queryKey({ token }) });
      },
      onError: (err) => {
        const e = callError(err);
        if (e.details.reason === 'invalid_code' || e.fieldErrors.code) {
          form.setFieldError('code', t('link.refund.badCode'));
          return;
        }
        setError(refusal(err));
      },
    }),
  );

  if (done) {
    const money = done.amountRefundedMinor > 0 ? formatMinor(done.amountRefundedMinor, done.currency, language) : null;
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconReceiptRefund size={18} aria-hidden />}
        title={t('life.refund.doneTitle')}
        role="status"
        data-testid="esim-link-refunded"
      >
        <Stack gap={4}>
          {money ? <Text size="sm">{isolated({ amount: money }, (v) => t('life.refund.doneMoney', v))}</Text> : null}
          <Text size="sm">{t('life.refund.doneEsim')}</Text>
        </Stack>
      </Alert>
    );
  }

  const errorAlert = error ? (
    <Alert color="red" variant="light" role="alert" p="xs">
      <Text size="sm">{error}</Text>
    </Alert>
  ) : null;
  const askCode = () => {
    if (sendCode.isPending) return;
    setError(null);
    sendCode.mutate({ token });
  };

  if (!codeSent) {
    return (
      <Stack gap="xs">
        <Text size="sm">{t('link.refund.intro')}</Text>
        <div>
          <Button
            variant="default"
            color="red.9"
            leftSection={<IconReceiptRefund size={16} aria-hidden />}
            loading={sendCode.isPending}
            disabled={sendCode.isPending}
            onClick={askCode}
          >
            {t('link.refund.ask')}
          </Button>
        </div>
        {errorAlert}
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (refund.isPending) return;
        setError(null);
        refund.mutate({ token, code: values.code });
      })}
    >
      <Stack gap="sm">
        <Text size="sm" role="status">
          {t('link.refund.codeSent')}
        </Text>
        <TextInput
          label={t('link.refund.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          w={200}
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        {errorAlert}
        <Group gap="sm">
          <Button type="submit" color="red.9" loading={refund.isPending} disabled={refund.isPending}>
            {t('link.refund.confirm')}
          </Button>
          <Button variant="subtle" onClick={askCode} loading={sendCode.isPending} disabled={sendCode.isPending || refund.isPending}>
            {t('link.refund.resend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
