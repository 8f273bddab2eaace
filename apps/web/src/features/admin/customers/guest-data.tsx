// Issue 31: a guest's data request (a traveller who bought without an account has no profile to
// download or delete from). The owner enters the address the guest bought or wrote with — once the
// person has shown they hold it (they wrote from it) — and exports everything the shop holds under
// it, or erases it (orders kept as invoices without the address; asks first). The server refuses an
// account's address (its own Export and Erase cover it) and answers 404 when it holds nothing.
// A @mantine/form checked with the server's ZGuestRef before sending.
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZGuestRef } from '@esim/api/domain/admin';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { serverFieldErrors, zodRules } from '../forms/field-errors.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { ConfirmActionButton } from '../ui/confirm-action-button.tsx';

export function GuestDataRequest() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const exportData = useMutation(trpc.admin.customers.exportGuestData.mutationOptions());
  const erase = useMutation(trpc.admin.customers.eraseGuest.mutationOptions());
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodRules(ZGuestRef, (v: { email: string }) => v),
    clearInputErrorOnChange: false,
  });
  const failed = (error: unknown) => {
    form.setErrors(serverFieldErrors(error));
    setServerError(error);
  };
  const checked = (): string | null => {
    setServerError(null);
    return form.validate().hasErrors ? null : form.getValues().email.trim();
  };

  const download = () => {
    const email = checked();
    if (email === null) return;
    exportData.mutate(
      { email },
      {
        onSuccess: (data) => {
          const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
          const a = document.createElement('a');
          a.href = url;
          a.download = `guest-data-${data.generatedAt.slice(0, 10)}.json`;
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
          toast({ title: t('customers.guest.exportedToast', { count: data.orders.length }) });
        },
        onError: failed,
      },
    );
  };
  const eraseAll = () => {
    const email = checked();
    if (email === null) return;
    erase.mutate(
      { email },
      {
        onSuccess: (out) => {
          form.reset();
          toast({ title: t('customers.guest.erasedToast', { orders: out.orders, messages: out.messages, tickets: out.tickets }) });
        },
        onError: failed,
      },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="guest-data-title" mt="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id="guest-data-title">
          {t('customers.guest.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('customers.guest.body')}
        </Text>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            download();
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="email"
              label={t('customers.guest.email')}
              name="email"
              autoComplete="off"
              maw={360}
              w="100%"
              {...form.getInputProps('email')}
            />
            <Button type="submit" variant="default" loading={exportData.isPending}>
              {t('customers.guest.export')}
            </Button>
            <ConfirmActionButton
              label={t('customers.guest.erase')}
              color="red.8"
              loading={erase.isPending}
              onConfirm={eraseAll}
              confirm={{
                title: t('customers.guest.eraseTitle'),
                body: t('customers.guest.eraseBody'),
                confirmLabel: t('customers.guest.erase'),
              }}
            />
          </Group>
        </form>
        {serverError && Object.keys(serverFieldErrors(serverError)).length === 0 ? <ApiErrorAlert error={serverError} /> : null}
      </Stack>
    </Paper>
  );
}
