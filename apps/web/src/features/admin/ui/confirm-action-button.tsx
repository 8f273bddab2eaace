// An action button for a change that matters (refund, resend, retry). With `confirm`, a click
// opens a dialog saying what will happen, and only its confirm button runs the action. While the
// action runs the button is disabled and says so, so a second click cannot start it again.
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmActionButtonProps {
  label: string;
  /** A longer accessible name; it must start with (contain) the visible label. */
  ariaLabel?: string;
  onConfirm: () => void;
  /** The action is running. */
  loading?: boolean;
  disabled?: boolean;
  /** Ask first: the dialog's title, what happens, and the confirm button's words. */
  confirm?: { title: string; body: ReactNode; confirmLabel: string };
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  leftSection?: ReactNode;
}

export function ConfirmActionButton({
  label,
  ariaLabel,
  onConfirm,
  loading = false,
  disabled = false,
  confirm,
  color,
  variant = 'filled',
  size = 'sm',
  leftSection,
}: ConfirmActionButtonProps) {
  const { t } = useTranslation('admin');
  const [asking, setAsking] = useState(false);
  const run = () => {
    setAsking(false);
    onConfirm();
  };
  return (
    <>
      <Button
        color={color}
        variant={variant}
        size={size}
        leftSection={leftSection}
        loading={loading}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-busy={loading || undefined}
        onClick={() => (confirm ? setAsking(true) : onConfirm())}
      >
        {label}
      </Button>
      {confirm ? (
        <Modal
          opened={asking}
          onClose={() => setAsking(false)}
          closeButtonProps={{ 'aria-label': t('common.close') }}
          title={confirm.title}
          centered
        >
          <Stack gap="md">
            {typeof confirm.body === 'string' ? <Text size="sm">{confirm.body}</Text> : confirm.body}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setAsking(false)}>
                {t('common.cancel')}
              </Button>
              <Button color={color} onClick={run} data-autofocus>
                {confirm.confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
