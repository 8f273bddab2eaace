// The hero's destination search (issue 28, 'Find it fast'): on a phone the first screen holds it,
// so a traveller types at once instead of scrolling 2.5 screens to the picker. The same search as
// the picker (names in every language, aliases, typos); the best matches show right under the box,
// and choosing one selects it as a list pick does (its plans, 0.3 s later). The input is in the
// pre-rendered hero; results need the regions query, which the landing route already prefetches.
import { useMemo, useRef, useState } from 'react';
import { CloseButton, SimpleGrid, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { searchMatches, type AliasTable } from '@esim/api/domain';
import { RegionButton, orderRegions } from '../catalog/region-picker.tsx';
import { loadAliases, searchIndexFor } from '../catalog/region-search.ts';
import { useDestinationNames } from '../catalog/destination-names.ts';
import type { Region } from '../catalog/types.ts';
import { useTRPC } from '../../lib/trpc.ts';
import classes from './hero-search.module.css';

/** How many matches the hero shows; the picker below lists every destination. */
export const HERO_RESULTS = 6;

export interface HeroSearchProps {
  onSelect: (region: Region) => void;
  selectedCode?: string | undefined;
}

export function HeroSearch({ onSelect, selectedCode }: HeroSearchProps) {
  const { t } = useTranslation('landing');
  const trpc = useTRPC();
  const regions = useQuery(trpc.catalog.regions.queryOptions());
  const names = useDestinationNames();
  const [query, setQuery] = useState('');
  const [aliases, setAliases] = useState<AliasTable>();
  const asked = useRef(false);
  const askAliases = () => {
    if (asked.current) return;
    asked.current = true;
    void loadAliases().then(setAliases);
  };
  const trimmed = query.trim();
  const ordered = useMemo(
    () => (trimmed && regions.data ? orderRegions(regions.data, names.lang, (r) => names.name(r)) : []),
    // Ordered once the traveller types, again when the regions or the language change.
    [Boolean(trimmed), regions.data, names],
  );
  const index = useMemo(
    () => (ordered.length ? searchIndexFor(ordered, { lang: names.lang, t: names.t, aliases }) : null),
    [ordered, names, aliases],
  );
  const matches = useMemo(() => (index && trimmed ? searchMatches(index, trimmed) : []), [index, trimmed]);
  const shown = matches.slice(0, HERO_RESULTS).map((m) => m.region);
  const code = selectedCode?.toUpperCase();

  let results = null;
  if (trimmed && regions.isPending) results = <Text className={classes.note}>{t('picker.loading')}</Text>;
  else if (trimmed && regions.isError) results = <Text className={classes.note}>{t('picker.unavailable')}</Text>;
  else if (trimmed && regions.data) {
    results = shown.length ? (
      <>
        <VisuallyHidden role="status">{t('picker.resultsCount', { count: matches.length })}</VisuallyHidden>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" data-testid="hero-results">
          {shown.map((region) => (
            <RegionButton
              key={region.id}
              region={region}
              name={names.name(region)}
              selected={region.code.toUpperCase() === code}
              onSelect={onSelect}
            />
          ))}
        </SimpleGrid>
        {matches.length > shown.length ? (
          <Text size="sm" className={classes.more}>
            {t('hero.moreResults', { count: matches.length - shown.length })}
          </Text>
        ) : null}
      </>
    ) : (
      <Text role="status" className={classes.note}>
        {t('picker.noResults', { query: trimmed })}
      </Text>
    );
  }

  return (
    <div role="search" className={classes.search} aria-label={t('hero.searchRegion')}>
      <TextInput
        type="search"
        size="lg"
        radius="xl"
        value={query}
        onChange={(e) => {
          askAliases();
          setQuery(e.currentTarget.value);
        }}
        onFocus={askAliases}
        placeholder={t('picker.searchPlaceholder')}
        aria-label={t('hero.searchRegion')}
        leftSection={<IconSearch size={20} aria-hidden />}
        rightSection={query ? <CloseButton aria-label={t('picker.clearSearch')} onClick={() => setQuery('')} /> : null}
        classNames={{ input: classes.input }}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        data-testid="hero-search"
      />
      {results ? <div className={classes.results}>{results}</div> : null}
    </div>
  );
}
