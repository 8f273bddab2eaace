import { Button, Container, Stack, Title } from '@mantine/core';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The default error panel for a route whose loader or component failed. */
export function RouteError({ error, title }: Partial<ErrorComponentProps> & { title?: string }) {
  const { t } = useTranslation('common');
  if (error) console.error(error);
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center" role="alert">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title ?? t('errors.somethingWentWrong')}
        </Title>
        <Button mt="sm" renderRoot={(props) => <Link to="/" {...props} />}>
          {t('errors.returnHome')}
        </Button>
      </Stack>
    </Container>
  );
}
