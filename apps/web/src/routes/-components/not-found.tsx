import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Any unknown path (spec §2): '404 Page Not Found' and the router hint. */
export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={900} c="brand.1" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.hint')}</Text>
        <Button mt="md" size="md" renderRoot={(props) => <Link to="/" {...props} />}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
