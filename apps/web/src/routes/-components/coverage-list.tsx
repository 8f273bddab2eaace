// /coverage 'List View': search on name (in any of the shop's languages, or an alias) or continent,
// countries named in the UI language and grouped by continent in the spec's order
// (features/coverage/coverage-groups.ts), in a 500 px scrollable list.
import { startTransition, useEffect, useMemo, useState } from 'react';
import { CloseButton, Skeleton, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { destinationSlug } from '@esim/api/domain';
import { useTranslation } from 'react-i18next';
import type { AliasTable } from '@esim/api/domain';
import { useDestinationNames } from '../../features/catalog/destination-names.ts';
import { RegionFlag } from '../../features/catalog/region-flag.tsx';
import { loadAliases, searchIndexFor } from '../../features/catalog/region-search.ts';
import type { Region } from '../../features/catalog/types.ts';
import { coverageCountries, groupCoverage } from '../../features/coverage/coverage-groups.ts';
import classes from './coverage.module.css';
import shared from './info-pages.module.css';

/**
 * Countries in the list's first render: more than its 500 px box shows at any width. The rest
 * follow in a transition right after, so no single task lays out and paints some 200 links and
 * flags (the page's largest task in Lighthouse before this).
 */
const FIRST_RENDER_COUNTRIES = 60;
/** Countries added per later step: small commits instead of one task for the rest. */
const STEP_COUNTRIES = 60;

export interface CoverageListProps {
  regions: readonly Region[] | undefined;
  status: 'pending' | 'error' | 'success';
}

export function CoverageList({ regions, status }: CoverageListProps) {
  const { t } = useTranslation('coverage');
  const names = useDestinationNames();
  const [search, setSearch] = useState('');
  const [aliases, setAliases] = useState<AliasTable>();
  const searching = search.trim() !== '';
  // Names in the UI language; search finds the shop's English name too.
  const countries = useMemo(
    () => coverageCountries(regions ?? []).map((r) => ({ ...r, name: names.name(r), altName: r.name })),
    [regions, names],
  );
  // Built when the traveller first types (and again once the aliases arrive), not on every keystroke.
  const index = useMemo(
    () => (searching ? searchIndexFor(countries, { lang: names.lang, t: names.t, aliases }) : undefined),
    [searching, countries, names, aliases],
  );
  const sections = useMemo(
    () => groupCoverage(countries, search, { locale: names.lang, groupLabel: (g) => t(`groups.${g}`), index }),
    [countries, search, names.lang, t, index],
  );
  const loadAliasTable = () => {
    if (!aliases) void loadAliases().then(setAliases);
  };
  const found = sections.reduce((n, s) => n + s.regions.length, 0);
  const trimmed = search.trim();
  const [limit, setLimit] = useState(FIRST_RENDER_COUNTRIES);
  const complete = limit >= countries.length;
  useEffect(() => {
    if (complete || status !== 'success') return;
    const timer = setTimeout(() => startTransition(() => setLimit((n) => n + STEP_COUNTRIES)), 0);
    return () => clearTimeout(timer);
  }, [complete, status, limit]);
  let budget = complete ? Number.POSITIVE_INFINITY : limit;

  let body;
  if (status === 'pending') {
    body = (
      <div aria-busy="true" className={classes.listSkeleton}>
        <VisuallyHidden role="status">{t('list.loading')}</VisuallyHidden>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={44} radius="md" />
        ))}
      </div>
    );
  } else if (status === 'error') {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('list.unavailable')}
      </Text>
    );
  } else if (!sections.length) {
    body = (
      <Text role="status" c="dimmed" ta="center" py="xl">
        {t('list.empty', { search: trimmed })}
      </Text>
    );
  } else {
    body = (
      <>
        {trimmed ? <VisuallyHidden role="status">{t('list.results', { count: found })}</VisuallyHidden> : null}
        {sections.map(({ group, regions: list }) => {
          const shown = budget >= list.length ? list : list.slice(0, Math.max(0, budget));
          budget -= shown.length;
          if (shown.length === 0) return null;
          return (
            <section key={group} aria-labelledby={`coverage-group-${group}`} className={classes.group}>
              <Title order={3} id={`coverage-group-${group}`} className={classes.groupTitle}>
                <span>{t(`groups.${group}`)}</span>
                <span className={classes.groupCount}>{t('list.groupCount', { count: list.length })}</span>
              </Title>
              <ul className={classes.countries}>
                {shown.map((region) => (
                  <li key={region.id}>
                    <Link
                      to="/destinations/$slug"
                      params={{ slug: destinationSlug(region.altName) }}
                      className={classes.country}
                      title={t('list.viewPlans', { name: region.name })}
                    >
                      <RegionFlag code={region.code} flagIcon={region.flagIcon} size="sm" />
                      <bdi className={classes.countryName}>{region.name}</bdi>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </>
    );
  }

  return (
    <div className={classes.listWrap}>
      <VisuallyHidden component="h2">{t('list.title')}</VisuallyHidden>
      <TextInput
        type="search"
        size="md"
        radius="xl"
        value={search}
        onChange={(e) => {
          loadAliasTable();
          setSearch(e.currentTarget.value);
        }}
        onFocus={loadAliasTable}
        placeholder={t('list.searchPlaceholder')}
        aria-label={t('list.searchLabel')}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={search ? <CloseButton aria-label={t('list.clearSearch')} onClick={() => setSearch('')} /> : null}
        classNames={{ input: shared.searchInput }}
      />
      <Text size="sm" c="dimmed" mt="xs">
        {t('list.hint')}
      </Text>
      <div className={classes.list} data-testid="coverage-list">
        {body}
      </div>
    </div>
  );
}
