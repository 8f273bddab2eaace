// How to install an eSIM, shared by the order-success page, the account's QR dialog and
// /account/esim: the QR image (served by this app), the one-tap 'Install on iPhone' link (iOS
// 17.4+ only), the activation code with a copy button, and the manual details (SM-DP+ address,
// matching ID, confirmation-code note, APN, data roaming).
import type { ReactNode } from 'react';
import { Alert, Box, Button, Grid, Stack, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import { IconAlertCircle, IconBrandApple, IconInfoCircle, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanTextFacts } from '@esim/api/domain';
import { usePlanTexts } from '../catalog/use-plan-texts.ts';
import { CopyField } from './copy-field.tsx';
import { useDeviceOs, useIsIos174OrLater } from './ios.ts';
import classes from './esim.module.css';

/** What the install details read; orders.byPaymentIntent and esims.list rows fit it. */
export interface EsimInstallInfo {
  planName?: string | null;
  /** What the plan's name is composed from in the UI language (preferred over planName). */
  planFacts?: PlanTextFacts | null;
  activationCode: string | null;
  qrCode: string | null;
  appleInstallUrl?: string | null;
  smdpAddress?: string | null;
  matchingId?: string | null;
  confirmationCodeRequired?: boolean | null;
  apn?: string | null;
  /** The APN on iPhones / on Android when the provider gives one each ('' = automatic there); null: `apn`. */
  apnIos?: string | null;
  apnAndroid?: string | null;
}

/** The APN for this device: its system's own when the provider gave one ('' = nothing to enter), else the eSIM's. */
export function apnForDevice(esim: EsimInstallInfo, os: 'ios' | 'android' | 'other'): string | null {
  const own = os === 'ios' ? esim.apnIos : os === 'android' ? esim.apnAndroid : undefined;
  return own ?? esim.apn ?? null;
}

export interface InstallDetailsProps {
  esim: EsimInstallInfo;
  /** Heading level of the section titles (the page's structure decides). */
  titleOrder?: TitleOrder;
  /** 'wide': QR beside the code on larger screens; 'compact': one column (dialogs, cards). */
  layout?: 'wide' | 'compact';
  /** Id prefix for the headings (several on one page). */
  idPrefix?: string;
}

export function QrImage({ src, planName, size = 200 }: { src: string; planName?: string | null | undefined; size?: number }) {
  const { t } = useTranslation('esim');
  return (
    <div className={classes.qrFrame}>
      <img
        className={classes.qr}
        src={src}
        width={size}
        height={size}
        style={{ width: size, height: size }}
        alt={t('install.qrAlt', { plan: planName ?? 'eSIM' })}
        data-testid="esim-qr"
      />
    </div>
  );
}

export function InstallOnIphone({ url }: { url: string | null | undefined }) {
  const { t } = useTranslation('esim');
  const ios = useIsIos174OrLater();
  if (!ios || !url) return null;
  return (
    <Stack gap={4}>
      <Button
        component="a"
        href={url}
        size="md"
        color="dark"
        leftSection={<IconBrandApple size={18} aria-hidden />}
        data-testid="install-on-iphone"
      >
        {t('install.iosButton')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('install.iosHint')}
      </Text>
    </Stack>
  );
}

export function ManualDetails({ esim, titleOrder = 3, idPrefix = 'esim' }: Pick<InstallDetailsProps, 'esim' | 'titleOrder' | 'idPrefix'>) {
  const { t } = useTranslation('esim');
  const apn = apnForDevice(esim, useDeviceOs());
  const headingId = `${idPrefix}-manual`;
  return (
    <Box component="section" aria-labelledby={headingId} className={classes.manual}>
      <Title order={titleOrder} fz="md" id={headingId}>
        {t('install.manualHeading')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('install.manualIntro')}
      </Text>
      <Stack gap="sm">
        {esim.smdpAddress ? <CopyField label={t('install.smdp')} value={esim.smdpAddress} kind="smdp" /> : null}
        {esim.matchingId ? <CopyField label={t('install.matchingId')} value={esim.matchingId} kind="matchingId" /> : null}
        {esim.confirmationCodeRequired ? (
          <Alert variant="light" color="yellow" icon={<IconAlertCircle size={18} aria-hidden />} p="xs">
            <Text size="sm">{t('install.confirmationCode')}</Text>
          </Alert>
        ) : null}
        {apn ? (
          <div>
            <CopyField label={t('install.apn')} value={apn} kind="apn" />
            <Text size="xs" c="dimmed" mt={4}>
              {t('install.apnHint')}
            </Text>
          </div>
        ) : null}
      </Stack>
    </Box>
  );
}

function Notes() {
  const { t } = useTranslation('esim');
  return (
    <Stack gap={8}>
      <NoteItem icon={<IconWorld size={16} aria-hidden />}>{t('install.roaming')}</NoteItem>
      <NoteItem icon={<IconInfoCircle size={16} aria-hidden />}>{t('install.validity')}</NoteItem>
    </Stack>
  );
}

function NoteItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <ThemeIcon variant="light" size={24} radius="xl" style={{ flexShrink: 0 }}>
        {icon}
      </ThemeIcon>
      <Text size="sm" pt={2}>
        {children}
      </Text>
    </Box>
  );
}

export function InstallDetails({ esim, titleOrder = 3, layout = 'wide', idPrefix = 'esim' }: InstallDetailsProps) {
  const { t } = useTranslation('esim');
  const planName = usePlanTexts(esim.planFacts)?.name ?? esim.planName;
  const qrHeading = `${idPrefix}-qr`;
  const wide = layout === 'wide';
  const qr = esim.qrCode ? (
    <Box style={{ display: 'flex', justifyContent: 'center' }}>
      <QrImage src={esim.qrCode} planName={planName} />
    </Box>
  ) : null;
  const main = (
    <Stack gap="md">
      {esim.qrCode ? (
        <div>
          <Title order={titleOrder} fz="md" id={qrHeading}>
            {t('install.qrHeading')}
          </Title>
          <Text size="sm" mt={4}>
            {t('install.qrSteps')}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('install.qrOnce')}
          </Text>
        </div>
      ) : null}
      <InstallOnIphone url={esim.appleInstallUrl} />
      {esim.activationCode ? <CopyField label={t('install.activationCode')} value={esim.activationCode} kind="code" emphasis /> : null}
    </Stack>
  );
  return (
    <Stack gap="lg" data-testid="esim-install">
      {wide ? (
        <Grid gap="lg" align="flex-start">
          {qr ? <Grid.Col span={{ base: 12, sm: 'content' }}>{qr}</Grid.Col> : null}
          <Grid.Col span={{ base: 12, sm: 'auto' }}>{main}</Grid.Col>
        </Grid>
      ) : (
        <>
          {qr}
          {main}
        </>
      )}
      <ManualDetails esim={esim} titleOrder={titleOrder} idPrefix={idPrefix} />
      <Notes />
    </Stack>
  );
}
