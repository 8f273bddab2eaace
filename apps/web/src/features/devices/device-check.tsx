// 'Will your device work?' before paying: the traveller picks or types their phone model and
// sees whether it supports eSIM. It only informs — payment is never blocked — and always says
// the device must be carrier-unlocked. The model stays in this component: it is not saved or sent.
import { Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { Anchor, Autocomplete, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden, type ComboboxItemGroup } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDeviceMobileQuestion,
  IconExternalLink,
  IconInfoCircle,
  IconLock,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { matchDevice, searchDevices, type DeviceIndex, type DeviceMatch } from './device-match.ts';
import type { DeviceNote } from './device-types.ts';
import { deviceIndexQuery } from './load-devices.ts';
import classes from './devices.module.css';

/** Suggestions shown at once while typing. */
const SUGGESTIONS = 8;

export function DeviceCheck() {
  return (
    <Suspense fallback={<Skeleton height={180} radius="lg" aria-hidden />}>
      <DeviceCheckPanel />
    </Suspense>
  );
}

type Tone = 'ok' | 'warn' | 'bad' | 'info';

function DeviceCheckPanel() {
  const { t } = useTranslation('devices');
  const devices = useQuery(deviceIndexQuery);
  const [value, setValue] = useState('');
  // The text as it was when the traveller left the field or chose a suggestion: a half-typed
  // name ('iPhone 1') is not judged while they type.
  const [settled, setSettled] = useState('');
  const titleId = useId();

  const index = devices.data;
  const match: DeviceMatch = index ? matchDevice(index, value) : { kind: 'empty' };
  const judged = match.kind === 'device' || (match.kind !== 'empty' && settled === value);
  const options = useMemo(() => (index ? suggestions(index, value) : []), [index, value]);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      mb="lg"
      bg="white"
      component="section"
      aria-labelledby={titleId}
      data-testid="device-check"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconDeviceMobileQuestion size={22} aria-hidden color="var(--mantine-color-brand-7)" />
          <Title order={2} fz="lg" id={titleId}>
            {t('check.title')}
          </Title>
        </Group>
        <Autocomplete
          label={t('check.label')}
          description={t('check.hint')}
          placeholder={t('check.placeholder')}
          value={value}
          onChange={setValue}
          onOptionSubmit={(picked) => setSettled(picked)}
          onBlur={() => setSettled(value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setSettled(event.currentTarget.value);
          }}
          data={options}
          filter={({ options: all }) => all}
          maxDropdownHeight={280}
          autoComplete="off"
          spellCheck={false}
          data-testid="device-input"
        />
        <div role="status" aria-live="polite">
          {judged && index ? <DeviceVerdict match={match} typed={value.trim()} /> : null}
        </div>
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconLock size={18} aria-hidden className={classes.lockIcon} />
          <Text size="sm" c="dark.6">
            {t('check.unlocked')}
          </Text>
        </Group>
        <Anchor
          size="sm"
          fw={600}
          target="_blank"
          rel="noopener"
          renderRoot={(props) => <Link to="/devices" {...props} />}
          className={classes.listLink}
        >
          {t('check.fullList')}
          <IconExternalLink size={14} aria-hidden />
          <VisuallyHidden>{t('check.newTab')}</VisuallyHidden>
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** The suggestions for a text: matching models grouped by brand, at most SUGGESTIONS. */
function suggestions(index: DeviceIndex, text: string): ComboboxItemGroup<string>[] {
  if (!text.trim()) return [];
  let left = SUGGESTIONS;
  const groups: ComboboxItemGroup<string>[] = [];
  for (const group of searchDevices(index, text)) {
    if (left <= 0) break;
    const items = group.entries.slice(0, left).map((e) => e.label);
    left -= items.length;
    groups.push({ group: group.brand.brand, items });
  }
  return groups;
}

function DeviceVerdict({ match, typed }: { match: DeviceMatch; typed: string }) {
  const { t } = useTranslation('devices');
  // The model in its own direction; the dial code always left to right (in Arabic too).
  const components = { bdi: <bdi />, ltr: <bdi dir="ltr" /> };
  if (match.kind === 'device') {
    const { device, label } = match.entry;
    const tone: Tone = device.support === 'yes' ? 'ok' : device.support === 'varies' ? 'warn' : 'bad';
    const key = device.support === 'yes' ? 'check.supported' : device.support === 'varies' ? 'check.varies' : 'check.unsupported';
    return (
      <Verdict tone={tone}>
        <Text size="sm" fw={600}>
          <Trans t={t} i18nKey={key} values={{ model: label }} components={components} />
        </Text>
        <Notes notes={device.notes.filter((n) => n !== 'noEsim')} />
        {device.support === 'no' ? <Text size="sm">{t('check.payAnyway')}</Text> : null}
      </Verdict>
    );
  }
  if (match.kind === 'partial') {
    return (
      <Verdict tone="info">
        <Text size="sm" fw={600}>
          <Trans t={t} i18nKey="check.partial" values={{ model: typed }} components={components} />
        </Text>
      </Verdict>
    );
  }
  if (match.kind === 'unknown') {
    return (
      <Verdict tone="warn">
        <Text size="sm" fw={600}>
          <Trans t={t} i18nKey="check.unknown" values={{ model: typed }} components={components} />
        </Text>
        <Text size="sm">{t('check.payAnyway')}</Text>
      </Verdict>
    );
  }
  return null;
}

const TONE_ICON = { ok: IconCircleCheck, warn: IconAlertTriangle, bad: IconAlertTriangle, info: IconInfoCircle } as const;

function Verdict({ tone, children }: { tone: Tone; children: ReactNode }) {
  const Icon = TONE_ICON[tone];
  return (
    <div className={classes.verdict} data-tone={tone} data-testid="device-verdict">
      <Icon size={20} aria-hidden className={classes.verdictIcon} />
      <Stack gap={4}>{children}</Stack>
    </div>
  );
}

function Notes({ notes }: { notes: readonly DeviceNote[] }) {
  const { t } = useTranslation('devices');
  if (!notes.length) return null;
  return (
    <ul className={classes.verdictNotes}>
      {notes.map((note) => (
        <li key={note}>
          <Text size="sm">{t(`notes.${note}`)}</Text>
        </li>
      ))}
    </ul>
  );
}
