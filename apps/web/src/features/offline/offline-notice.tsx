// Tells the traveller, while the browser has no connection, that what they see (the service
// worker's last copy of their eSIMs) may be out of date. Loaded after the first render
// (layout/site-layout.tsx); the banner's texts (namespace 'app') load when the connection first
// drops, from the service worker's precache when there is no network.
import { Alert, Container } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from './use-online.ts';

export function OfflineNotice() {
  return useOnline() ? null : <OfflineBanner />;
}

/** 'You're offline: the details shown may be out of date', announced politely (role status). */
function OfflineBanner() {
  const { t } = useTranslation('app');
  return (
    <Container pt="md">
      <Alert role="status" variant="light" color="brand" icon={<IconWifiOff size={20} aria-hidden="true" />} title={t('offline.title')}>
        {t('offline.body')}
      </Alert>
    </Container>
  );
}
