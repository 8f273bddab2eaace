// The toast area (spec §2): titled messages with optional description and action, default or
// destructive style, and a close control. Wraps Mantine notifications (<Notifications/> is
// mounted once in app-providers.tsx).
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { i18n } from '../lib/i18n.ts';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  action?: ToastAction;
  /** Milliseconds before it closes itself; false keeps it until closed. Default 5 s. */
  duration?: number | false;
}

export function toast({ title, description, variant = 'default', action, duration = 5000 }: ToastOptions): {
  id: string;
  dismiss: () => void;
} {
  const destructive = variant === 'destructive';
  let id = '';
  const body =
    description || action ? (
      <Stack gap={6}>
        {/* Mantine greys a titled notification's text (gray.6, 3.3:1); dimmed is 5.3:1. */}
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {action ? (
          <Group>
            <Button
              size="compact-sm"
              variant="light"
              color={destructive ? 'red.8' : 'brand'}
              onClick={() => {
                action.onClick();
                notifications.hide(id);
              }}
            >
              {action.label}
            </Button>
          </Group>
        ) : null}
      </Stack>
    ) : null;

  id = notifications.show({
    title: body ? title : undefined,
    message: body ?? title,
    color: destructive ? 'red.8' : 'brand',
    icon: destructive ? <IconAlertTriangle size={18} aria-hidden /> : <IconCircleCheck size={18} aria-hidden />,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('toast.close') },
    autoClose: duration,
    withBorder: true,
    role: destructive ? 'alert' : 'status',
  } as Parameters<typeof notifications.show>[0]);
  return { id, dismiss: () => notifications.hide(id) };
}
