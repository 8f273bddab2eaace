// /devices: every device with eSIM, grouped by brand, with a search over brand and model
// (case, accents, spaces and punctuation ignored). Each brand lists its exceptions once, as
// numbered notes; a model carries the numbers of the notes that apply to it.
import { useDeferredValue, useMemo, useState } from 'react';
import { CloseButton, Skeleton, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconDeviceLaptop, IconDeviceMobile, IconDeviceTablet, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { searchDevices, type BrandGroup } from './device-match.ts';
import type { DeviceKind, DeviceNote } from './device-types.ts';
import { deviceIndexQuery } from './load-devices.ts';
import classes from './devices.module.css';

const KIND_ICON: Record<DeviceKind, typeof IconDeviceMobile> = {
  phone: IconDeviceMobile,
  tablet: IconDeviceTablet,
  laptop: IconDeviceLaptop,
};

export function DeviceList() {
  const { t } = useTranslation('devices');
  const devices = useQuery(deviceIndexQuery);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const groups = useMemo(() => (devices.data ? searchDevices(devices.data, deferred) : []), [devices.data, deferred]);
  const found = groups.reduce((n, g) => n + g.entries.length, 0);
  const trimmed = deferred.trim();

  let body;
  if (devices.status === 'pending') {
    body = (
      <div aria-busy="true" className={classes.brands}>
        <VisuallyHidden role="status">{t('list.loading')}</VisuallyHidden>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={160} radius="md" />
        ))}
      </div>
    );
  } else if (devices.status === 'error') {
    body = (
      <Text c="dimmed" ta="center" py="xl" role="alert">
        {t('list.unavailable')}
      </Text>
    );
  } else if (!groups.length) {
    body = (
      <div role="status">
        <Text ta="center" fw={600} pt="xl">
          <Trans t={t} i18nKey="list.empty" values={{ search: trimmed }} components={{ bdi: <bdi /> }} />
        </Text>
        <Text c="dimmed" ta="center" pt="xs" pb="xl">
          {t('list.emptyHint')}
        </Text>
      </div>
    );
  } else {
    body = (
      <>
        {trimmed ? <VisuallyHidden role="status">{t('list.results', { count: found })}</VisuallyHidden> : null}
        <div className={classes.brands} data-testid="device-brands">
          {groups.map((group) => (
            <BrandSection key={group.brand.brand} group={group} />
          ))}
        </div>
      </>
    );
  }

  return (
    <>
      <TextInput
        type="search"
        size="md"
        radius="xl"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={search ? <CloseButton aria-label={t('search.clear')} onClick={() => setSearch('')} /> : null}
        className={classes.search}
        mb="xl"
        autoComplete="off"
        spellCheck={false}
      />
      {body}
    </>
  );
}

function BrandSection({ group }: { group: BrandGroup }) {
  const { t } = useTranslation('devices');
  const id = `devices-${group.brand.brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  // The brand's notes in first-seen order, numbered from 1 (the notes of the models shown).
  const notes: DeviceNote[] = [];
  for (const e of group.entries) for (const n of e.device.notes) if (!notes.includes(n)) notes.push(n);
  const refs = (list: readonly DeviceNote[]) => list.map((n) => notes.indexOf(n) + 1).join(', ');

  return (
    <section aria-labelledby={id}>
      <div className={classes.brandHead}>
        <Title order={3} fz="xl" id={id}>
          <bdi>{group.brand.brand}</bdi>
        </Title>
        <span className={classes.brandCount}>{t('list.count', { count: group.entries.length })}</span>
      </div>
      <ul className={classes.models}>
        {group.entries.map(({ device, label }) => {
          const Icon = KIND_ICON[device.kind];
          return (
            <li key={label} className={classes.model} data-testid="device-model">
              <Icon size={18} aria-hidden className={classes.modelIcon} />
              <span className={classes.modelText}>
                <span className={classes.modelName}>
                  <bdi>{device.model}</bdi>
                  {device.notes.length ? (
                    <>
                      <sup className={classes.noteRef} aria-hidden>
                        {' '}
                        {refs(device.notes)}
                      </sup>
                      <VisuallyHidden>{t('list.notesRef', { refs: refs(device.notes) })}</VisuallyHidden>
                    </>
                  ) : null}
                </span>
                {device.support === 'yes' ? null : (
                  <span className={classes.badge} data-support={device.support}>
                    {t(`support.${device.support}`)}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {notes.length ? (
        <div className={classes.brandNotes}>
          <Text size="sm" fw={700}>
            {t('list.notesTitle')}
          </Text>
          <ol>
            {notes.map((note) => (
              <li key={note}>
                <Text size="sm">{t(`notes.${note}`)}</Text>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
