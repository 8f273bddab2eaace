import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A centred spinner with an accessible label, for pending routes and page-level loading. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center py={96} role="status" style={{ flexDirection: 'column', gap: 12 }}>
      <Loader aria-hidden="true" />
      <Text c="dimmed" size="sm">
        {label ?? t('a11y.loading')}
      </Text>
    </Center>
  );
}
