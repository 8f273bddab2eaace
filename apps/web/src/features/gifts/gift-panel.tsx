// Issue 29: 'Give as a gift' on the account's page of an uninstalled eSIM (lazy: its own chunk).
// The dialog takes the recipient's address, a message, an optional delivery date and the language
// of the gift e-mail (the page's language first); gifts.give refuses with a reason (installed,
// expired, refunded, given already) that is shown as it is. Once given, the eSIM page is the
// buyer's 'Gift sent' (esims.get answers 404 to the buyer, given-gift.tsx shows the gift).
import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUPPORTED_LANGUAGES } from '@esim/i18n/languages';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import classes from '../esim/esim-detail.module.css';

interface GiftValues extends Record<string, string> {
  recipientEmail: string;
  message: string;
  deliverOn: string;
  locale: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function GiftPanel({ iccid }: { iccid: string }) {
  const { t } = useTranslation('gifts');
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="esim-gift-heading" className={classes.panel} data-testid="esim-gift-panel">
      <Title order={2} fz="lg" id="esim-gift-heading" mb="xs">
        {t('give.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('give.panel')}
      </Text>
      <Button variant="default" leftSection={<IconGift size={18} aria-hidden />} onClick={() => setOpen(true)} data-testid="esim-gift-open">
        {t('give.button')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('give.title')}
        centered
        closeButtonProps={{ 'aria-label': t('give.cancel') }}
      >
        {open ? <GiftForm iccid={iccid} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </section>
  );
}

function GiftForm({ iccid, onDone }: { iccid: string; onDone: () => void }) {
  const { t } = useTranslation('gifts');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useShopForm<GiftValues>({
    name: 'esim-gift',
    initialValues: { recipientEmail: '', message: '', deliverOn: '', locale: language },
    rules: (v) => ({
      ...(EMAIL.test(v.recipientEmail.trim()) ? {} : { recipientEmail: t('give.invalidEmail') }),
    }),
    transformValues: (v) => ({ ...v, recipientEmail: v.recipientEmail.trim().toLowerCase(), message: v.message.trim() }),
  });
  const give = useMutation(
    trpc.gifts.give.mutationOptions({
      onSuccess: (gift) => {
        toast({ title: t(`status.${gift.status}`), description: t('status.to', { email: gift.recipientEmail }) });
        void queryClient.invalidateQueries({ queryKey: trpc.gifts.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.esims.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
        onDone();
      },
      onError: (err) => {
        const e = callError(err);
        const reason = typeof e.details.reason === 'string' ? e.details.reason : null;
        const known = reason && t(`errors.${reason}`, { defaultValue: '' });
        if (reason && known && typeof e.details.field === 'string') form.setFieldError(e.details.field, known);
        else setError(known || t('errors.generic'));
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        setError(null);
        give.mutate({ iccid, recipientEmail: v.recipientEmail, message: v.message, deliverOn: v.deliverOn || null, locale: v.locale });
      })}
    >
      <Stack gap="sm">
        <Text size="sm">{t('give.once')}</Text>
        <TextInput
          label={t('give.recipient')}
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          key={form.key('recipientEmail')}
          {...form.getInputProps('recipientEmail')}
          data-testid="gift-recipient"
        />
        <Textarea
          label={t('give.message')}
          maxLength={500}
          rows={3}
          key={form.key('message')}
          {...form.getInputProps('message')}
          data-testid="gift-message"
        />
        <TextInput
          label={t('give.date')}
          description={t('give.dateHint')}
          type="date"
          dir="ltr"
          key={form.key('deliverOn')}
          {...form.getInputProps('deliverOn')}
          data-testid="gift-date"
        />
        <NativeSelect
          label={t('give.language')}
          data={SUPPORTED_LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
          key={form.key('locale')}
          {...form.getInputProps('locale')}
          data-testid="gift-language"
        />
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="gift-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('give.cancel')}
          </Button>
          <Button type="submit" loading={give.isPending} data-testid="gift-submit">
            {t('give.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
