// 'Reveal e-mail and phone' for a role that sees them masked (support): asks the server for them
// (admin.customers.reveal, which writes an audit row each time) and shows them below the button.
import { Button, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../../lib/trpc.ts';
import { errorWords } from '../ui/api-error.tsx';

export function RevealContact({ userId }: { userId: number }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const reveal = useMutation(trpc.admin.customers.reveal.mutationOptions());
  if (reveal.data) {
    return (
      <Stack gap={4} data-testid="revealed-contact">
        <Text size="sm">
          {t('customers.reveal.email')}: <strong>{reveal.data.email}</strong>
        </Text>
        <Text size="sm">
          {t('customers.reveal.mobile')}: <strong>{reveal.data.mobile ?? t('customers.none')}</strong>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" c="dimmed">
        {t('customers.reveal.note')}
      </Text>
      <Button
        variant="default"
        leftSection={<IconEye size={16} aria-hidden />}
        loading={reveal.isPending}
        onClick={() => reveal.mutate({ userId })}
      >
        {t('customers.reveal.button')}
      </Button>
      {reveal.error ? (
        <Text size="sm" c="red.8" role="alert">
          {t('customers.reveal.failed')}: {errorWords(reveal.error, t).message}
        </Text>
      ) : null}
    </Stack>
  );
}
