// 'Report a barrier' (issue 31): a @mantine/form form (useShopForm: checked on submit, then on
// every change) whose report becomes a support message through the existing contact service
// (support.contact), so support staff see it in the back office's inbox.
import { useId, useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { barrierMessage, validateBarrier, type BarrierValues } from './barrier-rules.ts';

const EMPTY: BarrierValues = { name: '', email: '', page: '', problem: '', assistive: '' };

export function BarrierForm() {
  const { t } = useTranslation('accessibility');
  const trpc = useTRPC();
  const contact = useMutation(trpc.support.contact.mutationOptions());
  const hintId = useId();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const form = useShopForm({
    name: 'barrier',
    initialValues: EMPTY,
    rules: (values) => {
      const out: Partial<Record<keyof BarrierValues, string>> = {};
      for (const [field, key] of Object.entries(validateBarrier(values))) out[field as keyof BarrierValues] = t(`report.errors.${key}`);
      return out;
    },
  });

  const send = (values: BarrierValues) => {
    if (contact.isPending) return;
    setOutcome(null);
    contact.mutate(barrierMessage(values), {
      onSuccess: () => {
        setOutcome('sent');
        form.reset();
      },
      onError: () => setOutcome('failed'),
    });
  };

  const field = (name: keyof BarrierValues, required = true) => ({
    ...form.getInputProps(name),
    name,
    label: t(`report.${name}`),
    withAsterisk: required,
    ...(required ? { 'aria-required': true } : {}),
  });

  return (
    <form noValidate onSubmit={form.onSubmit(send)} aria-describedby={hintId} data-testid="barrier-form">
      <Stack gap="md">
        <Text id={hintId} size="sm" c="dimmed">
          {t('report.required')}
        </Text>
        <TextInput {...field('name')} autoComplete="name" />
        <TextInput {...field('email')} type="email" autoComplete="email" inputMode="email" />
        <TextInput {...field('page')} placeholder={t('report.pagePlaceholder')} />
        <Textarea {...field('problem')} rows={5} resize="vertical" />
        <TextInput {...field('assistive', false)} placeholder={t('report.assistivePlaceholder')} />
        <div aria-live="polite">
          {outcome === 'sent' ? (
            <Alert color="teal" variant="light" data-testid="barrier-sent">
              {t('report.sent')}
            </Alert>
          ) : outcome === 'failed' ? (
            <Alert color="red" variant="light" role="alert">
              {t('report.failed', { email: config.supportEmail })}
            </Alert>
          ) : null}
        </div>
        <div>
          <Button type="submit" size="md" loading={contact.isPending}>
            {contact.isPending ? t('report.sending') : t('report.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
