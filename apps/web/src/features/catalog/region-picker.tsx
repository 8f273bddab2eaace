// The destination picker (spec §2 landing point 3, §5): search, or browse by tab. Bundles (kind
// 'bundle': Europe, Global, Asia…) lead the Popular tab in their own group, head the All list, and
// sit in their continent's tab. Names show in the UI language (CLDR) and sort by its collator.
// Search finds a destination by its name in the UI language, in English or in the shop's other
// languages, its code, its continent and common aliases (region-search.ts); a country found by
// name also offers the regional and global bundles that cover it.
import { useMemo, useState, type ReactNode } from 'react';
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
import {
  PICKER_TABS,
  isPopularRegion,
  regionsForTab,
  searchMatches,
  suggestBundles,
  type AliasTable,
  type PickerTab,
} from '@esim/api/domain';
import { isolated } from '../../components/bidi.tsx';
import { collatorFor } from '../../lib/format.ts';
import { useCurrency } from '../../lib/preferences/currency-provider.tsx';
import { useDestinationNames } from './destination-names.ts';
import { RegionFlag } from './region-flag.tsx';
import { loadAliases, searchIndexFor } from './region-search.ts';
import type { Region } from './types.ts';
import classes from './region-picker.module.css';

export interface RegionPickerProps {
  regions: readonly Region[] | undefined;
  status: 'pending' | 'error' | 'success';
  selectedId?: number | undefined;
  onSelect: (region: Region) => void;
}

/**
 * Bundles first (server order), then countries alphabetically in the UI language, by the name
 * shown (`nameOf`, the catalogue's English name by default).
 */
export function orderRegions(regions: readonly Region[], locale: string, nameOf: (region: Region) => string = (r) => r.name): Region[] {
  const collator = collatorFor(locale);
  const bundles = regions.filter((r) => r.kind === 'bundle');
  const countries = regions
    .filter((r) => r.kind !== 'bundle')
    .map((r) => ({ r, name: nameOf(r) }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ r }) => r);
  return [...bundles, ...countries];
}

/** The alias table once the traveller has started to search (its own chunk); undefined before. */
function useAliases(): [AliasTable | undefined, () => void] {
  const [aliases, setAliases] = useState<AliasTable>();
  const [asked, setAsked] = useState(false);
  const ask = () => {
    if (asked) return;
    setAsked(true);
    void loadAliases().then(setAliases);
  };
  return [aliases, ask];
}

export function RegionPicker({ regions, status, selectedId, onSelect }: RegionPickerProps) {
  const { t } = useTranslation('landing');
  const names = useDestinationNames();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<PickerTab>('popular');
  const [aliases, loadAliasTable] = useAliases();
  const nameById = useMemo(() => new Map((regions ?? []).map((r) => [r.id, names.name(r)])), [regions, names]);
  const nameOf = (region: Region) => nameById.get(region.id) ?? region.name;
  const ordered = useMemo(
    () => orderRegions(regions ?? [], names.lang, (r) => nameById.get(r.id) ?? r.name),
    [regions, names.lang, nameById],
  );
  const trimmed = query.trim();
  const searching = trimmed !== '';
  // Built when the traveller first types, again when the aliases arrive; not on every keystroke.
  const index = useMemo(
    () => (searching ? searchIndexFor(ordered, { lang: names.lang, t: names.t, aliases }) : null),
    [searching, ordered, names, aliases],
  );
  const matches = useMemo(() => (index && trimmed ? searchMatches(index, trimmed) : []), [index, trimmed]);
  const results = matches.map((m) => m.region);
  const suggestion = useMemo(() => suggestBundles(matches, ordered), [matches, ordered]);

  const grid = (list: readonly Region[], note?: (region: Region) => ReactNode) => (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: 'xs', sm: 'sm' }} verticalSpacing={{ base: 'xs', sm: 'sm' }}>
      {list.map((region) => (
        <RegionButton
          key={region.id}
          region={region}
          name={nameOf(region)}
          note={note?.(region)}
          selected={region.id === selectedId}
          onSelect={onSelect}
        />
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
      // The spec's 400 px box, saying how many it holds and that it scrolls; a fade at its lower
      // edge shows there is more. Focusable, so a keyboard can scroll it too.
      return (
        <>
          <Text size="sm" c="dimmed" mb="xs" id="all-regions-hint" data-testid="all-regions-hint">
            {t('picker.allHint', { count: list.length })}
          </Text>
          <div className={classes.allBox}>
            <div
              className={classes.allList}
              data-testid="all-regions-list"
              role="region"
              aria-label={t('picker.allLabel', { count: list.length })}
              aria-describedby="all-regions-hint"
              tabIndex={0}
            >
              {grid(list)}
            </div>
          </div>
        </>
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
            {suggestion ? <CoveringBundles suggestion={suggestion} nameOf={nameOf} grid={grid} /> : null}
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
            <Tabs.Tab
              key={value}
              value={value}
              className={classes.tab}
              rightSection={
                value === 'all' && ordered.length ? (
                  <span className={classes.tabCount} aria-hidden="true" data-testid="all-count">
                    {ordered.length}
                  </span>
                ) : null
              }
            >
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
        onChange={(e) => {
          loadAliasTable();
          setQuery(e.currentTarget.value);
        }}
        onFocus={loadAliasTable}
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

interface CoveringBundlesProps {
  suggestion: { country: Region; bundles: Region[] };
  nameOf: (region: Region) => string;
  grid: (list: readonly Region[], note?: (region: Region) => ReactNode) => ReactNode;
}

/** 'Multi-country plans with Portugal': the bundles that cover the country searched for. */
function CoveringBundles({ suggestion: { country, bundles }, nameOf, grid }: CoveringBundlesProps) {
  const { t } = useTranslation('destinations');
  const countryName = nameOf(country);
  return (
    <section aria-labelledby="picker-covering" className={classes.covering} data-testid="covering-bundles">
      <Title order={3} id="picker-covering" className={classes.groupTitle} mb={0}>
        {isolated({ country: countryName }, (v) => t('suggestions.title', v))}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('suggestions.hint')}
      </Text>
      {grid(bundles, (bundle) =>
        isolated({ country: countryName }, (v) => t('suggestions.covers', { ...v, count: Math.max(0, bundle.covers.length - 1) })),
      )}
    </section>
  );
}

interface RegionButtonProps {
  region: Region;
  /** The name shown (UI language); the catalogue's English name by default. */
  name?: string | undefined;
  /** A line under the name, e.g. what a bundle covers. */
  note?: ReactNode;
  selected: boolean;
  onSelect: (region: Region) => void;
}

export function RegionButton({ region, name = region.name, note, selected, onSelect }: RegionButtonProps) {
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
        <bdi className={classes.regionName}>{name}</bdi>
        {note ? <span className={classes.note}>{note}</span> : null}
        {region.fromPriceMinor != null ? (
          <Badge
            variant="light"
            color="brand"
            size="sm"
            classNames={{ root: classes.from, label: classes.fromLabel }}
            data-testid="from-badge"
          >
            {t('picker.from')} <bdi className={classes.price}>{formatPrice(region.fromPriceMinor)}</bdi>
          </Badge>
        ) : null}
      </span>
    </UnstyledButton>
  );
}
