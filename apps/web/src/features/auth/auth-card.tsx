// The frame of the sign-in and sign-up pages: a centred card with a heading and a footer line.
import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Container size={480} py={{ base: 40, sm: 72 }}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 36 }} bg="white">
        <Stack gap={6} mb="lg">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        </Stack>
        {children}
      </Paper>
      {footer ? (
        <Text ta="center" mt="lg" size="sm">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}
