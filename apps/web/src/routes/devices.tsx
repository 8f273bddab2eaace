import type { ReactNode } from 'react';
import { Container, Group, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconBrandWindows, IconDialpad, IconLock } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { DeviceList } from '../features/devices/device-list.tsx';
import { deviceIndexQuery } from '../features/devices/load-devices.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';
import { InfoHero } from './-components/info-hero.tsx';
import devices from '../features/devices/devices.module.css';
import shared from './-components/info-pages.module.css';

// 'Compatible Devices': the full searchable list the landing page and the FAQ link to. The data
// is its own lazy chunk; the loader starts its download beside the texts.
export const Route = createFileRoute('/devices')({
  loader: async ({ context }) => {
    void context.queryClient.prefetchQuery(deviceIndexQuery);
    await loadNamespaces('devices');
  },
  head: ({ match }) => pageHead(match.pathname, { title: tHead('devices:meta.title'), description: tHead('devices:meta.description') }),
  component: DevicesPage,
});

function DevicesPage() {
  const { t } = useTranslation('devices');
  return (
    <>
      <InfoHero id="devices-hero-title" eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <Container size="lg" className={shared.section}>
        <VisuallyHidden component="h2">{t('list.title')}</VisuallyHidden>
        <DeviceList />
      </Container>
      <section aria-labelledby="devices-check-title" className={`${shared.section} ${shared.tinted}`}>
        <Container size="lg">
          <Title order={2} id="devices-check-title" mb="md">
            {t('howToCheck.title')}
          </Title>
          <Group gap="sm" wrap="nowrap" align="flex-start" mb="lg">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <IconDialpad size={22} />
            </ThemeIcon>
            <Text size="lg">
              <Trans t={t} i18nKey="howToCheck.dial" components={{ strong: <strong dir="ltr" /> }} />
            </Text>
          </Group>
          <div className={devices.checkGrid}>
            <CheckCard icon={<IconBrandApple size={22} />} title={t('howToCheck.iosTitle')} text={t('howToCheck.ios')} />
            <CheckCard icon={<IconBrandAndroid size={22} />} title={t('howToCheck.androidTitle')} text={t('howToCheck.android')} />
            <CheckCard icon={<IconBrandWindows size={22} />} title={t('howToCheck.windowsTitle')} text={t('howToCheck.windows')} />
          </div>
        </Container>
      </section>
      <Container size="lg" className={shared.section}>
        <section aria-labelledby="devices-unlocked-title" className={devices.unlocked}>
          <ThemeIcon size={40} radius="xl" color="orange.8" aria-hidden>
            <IconLock size={22} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="xl" id="devices-unlocked-title">
              {t('unlocked.title')}
            </Title>
            <Text mt={6}>{t('unlocked.text')}</Text>
            <Text mt={6} size="sm" c="dark.6">
              {t('unlocked.ios')}
            </Text>
          </div>
        </section>
      </Container>
    </>
  );
}

function CheckCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className={devices.checkCard}>
      <Group gap="xs" wrap="nowrap" mb={6}>
        <ThemeIcon size={34} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={3} fz="md">
          {title}
        </Title>
      </Group>
      <Text size="sm">{text}</Text>
    </div>
  );
}
