// The bank's extra confirmation step (3-D Secure in Stripe), simulated for demo payments:
// 'Confirm your payment' with Approve / Decline. It cannot be dismissed any other way: the
// payment waits for the answer.
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ActionModalProps {
  opened: boolean;
  amount: string;
  /** Which answer is being sent (its button shows a spinner, both are disabled). */
  busy: 'approve' | 'decline' | null;
  onAnswer: (approve: boolean) => void;
}

export function ActionModal({ opened, amount, busy, onAnswer }: ActionModalProps) {
  const { t } = useTranslation('checkout');
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      title={t('action.title')}
      aria-describedby="payment-action-body"
      styles={{ title: { fontWeight: 750, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="payment-action"
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" style={{ flexShrink: 0 }}>
            <IconShieldLock size={24} aria-hidden />
          </ThemeIcon>
          <Text id="payment-action-body">{t('action.body', { amount })}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('action.note')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer(false)} loading={busy === 'decline'} disabled={busy !== null}>
            {t('action.decline')}
          </Button>
          <Button onClick={() => onAnswer(true)} loading={busy === 'approve'} disabled={busy !== null} data-autofocus>
            {t('action.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
