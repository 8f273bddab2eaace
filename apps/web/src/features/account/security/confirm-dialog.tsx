// 'Are you sure?' before a change that signs other devices out or ends something for good.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmRequest {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
}

export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Modal opened={request !== null} onClose={onClose} title={request?.title} centered>
      {request ? (
        <Stack gap="md">
          <Text size="sm">{request.body}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('security.cancel')}
            </Button>
            <Button
              color="red.8"
              data-autofocus
              onClick={() => {
                onClose();
                request.onConfirm();
              }}
            >
              {request.confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
