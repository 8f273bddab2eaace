// 'Nothing here yet': an icon, a short title, a hint and one way on (e.g. 'No orders yet' →
// browse plans). One look for every empty list.
import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';

export interface EmptyStateProps {
  /** A decorative icon (hidden from assistive technology). */
  icon: Icon;
  title: ReactNode;
  hint?: ReactNode;
  /** A link onwards, shown as a light button. */
  action?: { label: ReactNode; to: LinkProps['to'] };
}

export function EmptyState({ icon: IconComponent, title, hint, action }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" bg="var(--surface-tint)">
      <Stack align="center" gap="xs" ta="center">
        <IconComponent size={36} aria-hidden color="var(--mantine-color-brand-7)" />
        <Text fw={700} size="lg">
          {title}
        </Text>
        {hint ? (
          <Text c="dimmed" size="sm" maw={440}>
            {hint}
          </Text>
        ) : null}
        {action ? (
          <Button mt="xs" variant="light" renderRoot={(props) => <Link to={action.to} {...props} />}>
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
