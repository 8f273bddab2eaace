// Landing point 8: 'Compatible Devices' — each with a name and an icon — and a link to the full
// compatibility list (/devices).
import { Anchor, Container, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBrandAndroid,
  IconBrandApple,
  IconBrandGoogle,
  IconBrandWindows,
  IconDevices,
  IconDeviceTablet,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

export const DEVICES = [
  { key: 'iphone', Icon: IconBrandApple },
  { key: 'pixel', Icon: IconBrandGoogle },
  { key: 'galaxy', Icon: IconBrandAndroid },
  { key: 'ipad', Icon: IconDeviceTablet },
  { key: 'surface', Icon: IconBrandWindows },
  { key: 'other', Icon: IconDevices },
] as const;

export function DevicesSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="devices-title" className={`${classes.section} ${classes.tinted}`}>
      <Container size="lg">
        <header className={classes.sectionHead}>
          <Title order={2} id="devices-title">
            {t('devices.title')}
          </Title>
          <Text className={classes.lead}>{t('devices.subtitle')}</Text>
        </header>
        <ul className={classes.devices} aria-label={t('devices.listLabel')}>
          {DEVICES.map(({ key, Icon }) => (
            <li key={key} className={classes.device}>
              <ThemeIcon size={48} radius="md" variant="light" color="brand" aria-hidden>
                <Icon size={26} stroke={1.6} />
              </ThemeIcon>
              <Text fw={600}>{t(`devices.items.${key}`)}</Text>
            </li>
          ))}
        </ul>
        <div className={classes.devicesFoot}>
          <Text c="dimmed" size="sm">
            {t('devices.tip')}
          </Text>
          <Anchor fw={600} className={classes.inlineLink} renderRoot={(props) => <Link to="/devices" {...props} />}>
            {t('devices.fullList')}
            <IconArrowRight size={16} aria-hidden className={classes.flipRtl} />
          </Anchor>
        </div>
      </Container>
    </section>
  );
}
