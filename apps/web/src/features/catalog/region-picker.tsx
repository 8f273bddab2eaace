// The destination picker (spec §2 landing point 3, §5): search on name, code or continent, or
// browse by tab. Bundles (kind 'bundle': Europe, Global, Asia…) lead the Popular tab in their own
// group, head the All list, and sit in their continent's tab; search finds them like countries.
import { useMemo, useState } from 'react';
import {
  Badge,
  CloseButton,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PICKER_TABS, filterRegions, isPopularRegion, regionsForTab, type PickerTab } from '@esim/api/domain';
import { collatorFor } from '../../lib/format.ts';
import { useCurrency } from '../../lib/preferences/currency-provider.tsx';
import { RegionFlag } from './region-flag.tsx';
import type { Region } from './types.ts';
import classes from './region-picker.module.css';

export interface RegionPickerProps {
  regions: readonly Region[] | undefined;
  status: 'pending' | 'error' | 'success';
  selectedId?: number | undefined;
  onSelect: (region: Region) => void;
}

/** Bundles first (server order), then countries alphabetically in the UI language. */
export function orderRegions(regions: readonly Region[], locale: string): Region[] {
  const collator = collatorFor(locale);
  const bundles = regions.filter((r) => r.kind === 'bundle');
  const countries = regions.filter((r) => r.kind !== 'bundle').sort((a, b) => collator.compare(a.name, b.name));
  return [...bundles, ...countries];
}

export function RegionPicker({ regions, status, selectedId, onSelect }: RegionPickerProps) {
  const { t, i18n } = useTranslation('landing');
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<PickerTab>('popular');
  const ordered = useMemo(() => orderRegions(regions ?? [], i18n.language), [regions, i18n.language]);
  const trimmed = query.trim();
  const results = useMemo(() => (trimmed ? filterRegions(ordered, trimmed) : []), [ordered, trimmed]);

  const grid = (list: readonly Region[]) => (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: 'xs', sm: 'sm' }} verticalSpacing={{ base: 'xs', sm: 'sm' }}>
      {list.map((region) => (
        <RegionButton key={region.id} region={region} selected={region.id === selectedId} onSelect={onSelect} />
      ))}
    </SimpleGrid>
  );

  const panel = (value: PickerTab) => {
    if (value === 'popular') {
      const bundles = ordered.filter((r) => r.kind === 'bundle');
      const popular = ordered.filter((r) => r.kind !== 'bundle' && isPopularRegion(r));
      return (
        <Stack gap="lg">
          <section aria-labelledby="picker-popular">
            <Title order={3} id="picker-popular" className={classes.groupTitle}>
              {t('picker.popularDestinations')}
            </Title>
            {grid(popular)}
          </section>
          {bundles.length ? (
            <section aria-labelledby="picker-regional">
              <Title order={3} id="picker-regional" className={classes.groupTitle} mb={0}>
                {t('picker.regionalPlans')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('picker.regionalPlansHint')}
              </Text>
              {grid(bundles)}
            </section>
          ) : null}
        </Stack>
      );
    }
    const list = regionsForTab(ordered, value);
    if (!list.length) return <Text c="dimmed">{t('picker.emptyTab')}</Text>;
    if (value === 'all') {
      return (
        <div className={classes.allList} data-testid="all-regions-list">
          {grid(list)}
        </div>
      );
    }
    return grid(list);
  };

  let body;
  if (status === 'pending') {
    body = (
      <div aria-busy="true">
        <VisuallyHidden role="status">{t('picker.loading')}</VisuallyHidden>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} height={64} radius="md" />
          ))}
        </SimpleGrid>
      </div>
    );
  } else if (status === 'error') {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('picker.unavailable')}
      </Text>
    );
  } else if (trimmed) {
    body = (
      <section aria-labelledby="picker-results">
        <Title order={3} id="picker-results" className={classes.groupTitle}>
          {t('picker.results')}
        </Title>
        {results.length ? (
          <>
            <VisuallyHidden role="status">{t('picker.resultsCount', { count: results.length })}</VisuallyHidden>
            {grid(results)}
          </>
        ) : (
          <Text role="status" c="dimmed" py="lg">
            {t('picker.noResults', { query: trimmed })}
          </Text>
        )}
      </section>
    );
  } else {
    body = (
      <Tabs value={tab} onChange={(v) => v && setTab(v as PickerTab)} keepMounted={false} variant="pills" radius="xl">
        <Tabs.List aria-label={t('picker.tabsLabel')} className={classes.tabList}>
          {PICKER_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} className={classes.tab}>
              {t(`picker.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PICKER_TABS.map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            {value === tab ? panel(value) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <Stack gap="lg">
      <TextInput
        type="search"
        size="lg"
        radius="xl"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        placeholder={t('picker.searchPlaceholder')}
        aria-label={t('picker.searchLabel')}
        leftSection={<IconSearch size={20} aria-hidden />}
        rightSection={query ? <CloseButton aria-label={t('picker.clearSearch')} onClick={() => setQuery('')} /> : null}
        classNames={{ input: classes.searchInput }}
        autoComplete="off"
        spellCheck={false}
      />
      {body}
    </Stack>
  );
}

interface RegionButtonProps {
  region: Region;
  selected: boolean;
  onSelect: (region: Region) => void;
}

export function RegionButton({ region, selected, onSelect }: RegionButtonProps) {
  const { t } = useTranslation('landing');
  const { formatPrice } = useCurrency();
  return (
    <UnstyledButton
      className={classes.region}
      onClick={() => onSelect(region)}
      aria-pressed={selected}
      data-region-code={region.code}
      data-kind={region.kind}
    >
      <RegionFlag code={region.code} flagIcon={region.flagIcon} />
      <span className={classes.regionText}>
        <span className={classes.regionName}>{region.name}</span>
        {region.fromPriceMinor != null ? (
          <Badge variant="light" color="brand" size="sm" className={classes.from} data-testid="from-badge">
            {t('picker.from')} {formatPrice(region.fromPriceMinor)}
          </Badge>
        ) : null}
      </span>
    </UnstyledButton>
  );
}
