// The head of every admin page: its one <h1>, a line saying what it is for, and page-wide actions.
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export interface AdminPageProps {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title (e.g. a range switch, Refresh). */
  actions?: ReactNode;
  /** Above the title (e.g. a link back to the list). */
  before?: ReactNode;
  children: ReactNode;
}

export function AdminPage({ title, description, actions, before, children }: AdminPageProps) {
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        {before}
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm" maw={720}>
                {description}
              </Text>
            ) : null}
          </Stack>
          {actions ? <Group gap="xs">{actions}</Group> : null}
        </Group>
      </Stack>
      {children}
    </Stack>
  );
}
