// 'Countries Covered' for a region (spec §2 landing point 5). The list comes from the database
// (catalog.region → countries), named in the UI language; GLOBAL gets the worldwide texts instead
// of 100+ chips.
import { Anchor, Badge, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useDestinationNames } from './destination-names.ts';
import { RegionFlag } from './region-flag.tsx';
import type { Region } from './types.ts';
import classes from './plans-section.module.css';

export const GLOBAL_CODE = 'GLOBAL';

export function CountriesCovered({ region }: { region: Region }) {
  const { t } = useTranslation('landing');
  const names = useDestinationNames();
  const trpc = useTRPC();
  const isGlobal = region.code === GLOBAL_CODE;
  const detail = useQuery({ ...trpc.catalog.region.queryOptions({ id: region.id }), enabled: !isGlobal });

  let content;
  if (isGlobal) {
    content = (
      <Group gap="sm" wrap="wrap">
        <Badge size="lg" variant="filled" color="brand" leftSection={<IconWorld size={14} aria-hidden />}>
          {t('plans.globalCount')}
        </Badge>
        <Text fw={600}>{t('plans.globalCoverage')}</Text>
        <Anchor renderRoot={(props) => <AppLink href="/coverage" {...props} />} size="sm">
          {t('plans.globalDetails')}
        </Anchor>
      </Group>
    );
  } else if (detail.isPending) {
    content = (
      <Group gap="xs" aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={28} width={110} radius="xl" />
        ))}
      </Group>
    );
  } else if (!detail.data || detail.data.countries.length === 0) {
    content = <Text c="dimmed">{t('plans.coverageUnknown')}</Text>;
  } else {
    content = (
      <ul className={classes.chips} tabIndex={0} aria-label={t('plans.countriesCovered')}>
        {detail.data.countries.map((country) => (
          <li key={country.code} className={classes.chip}>
            <RegionFlag code={country.code} flagIcon={countryFlag(country.code)} size="sm" />
            <bdi>{names.name({ code: country.code, kind: 'country', name: country.name })}</bdi>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={classes.coverage}>
      <Title order={3} className={classes.coverageTitle}>
        {t('plans.countriesCovered')}
      </Title>
      {content}
    </div>
  );
}

/** Covered countries come as {code, name}; their flag is the flag-icons file (UK → gb). */
export function countryFlag(code: string): string {
  const iso = code.toUpperCase() === 'UK' ? 'gb' : code.toLowerCase();
  return `/flags/4x3/${iso}.svg`;
}
