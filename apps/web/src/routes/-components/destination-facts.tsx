// The destination page's facts beyond the plan cards: the mobile networks the providers name for
// each country of the destination (with '5G where available' when any of them says 5G), and, for a
// country, the regional and global plans that include it (as the landing search offers them).
// Only what a provider said is shown: no networks section when no plan names an operator.
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { destinationSlug } from '@esim/api/domain';
import type { Plan, Region } from '../../features/catalog/types.ts';
import { useDestinationNames } from '../../features/catalog/destination-names.ts';
import { RegionFlag } from '../../features/catalog/region-flag.tsx';

type Generation = '3G' | '4G' | '5G';
const RANK: Record<Generation, number> = { '3G': 3, '4G': 4, '5G': 5 };

export interface CountryNetworks {
  country: string;
  operators: Array<{ name: string; generation?: Generation | undefined }>;
}

/** The operators the plans name, per country (in the region's order), each with the best generation any plan names. */
export function networksOf(plans: readonly Pick<Plan, 'facts'>[], countryOrder: readonly string[] = []): CountryNetworks[] {
  const by = new Map<string, Map<string, Generation | undefined>>();
  for (const plan of plans) {
    for (const op of plan.facts?.operators ?? []) {
      const ops = by.get(op.country) ?? new Map<string, Generation | undefined>();
      const had = ops.get(op.name);
      const gen = op.generation;
      ops.set(op.name, had && (!gen || RANK[had] >= RANK[gen]) ? had : gen);
      by.set(op.country, ops);
    }
  }
  const pos = (c: string) => {
    const i = countryOrder.indexOf(c);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...by.entries()]
    .sort(([a], [b]) => pos(a) - pos(b) || a.localeCompare(b))
    .map(([country, ops]) => ({ country, operators: [...ops.entries()].map(([name, generation]) => ({ name, generation })) }));
}

/** The bundles (regional and global) that cover a country code, cheapest first. */
export function bundlesCovering(regions: readonly Region[], code: string): Region[] {
  return regions
    .filter((r) => r.kind === 'bundle' && r.covers.includes(code) && r.fromPriceMinor !== null)
    .sort((a, b) => (a.fromPriceMinor ?? 0) - (b.fromPriceMinor ?? 0));
}

export function DestinationNetworks({ plans, region }: { plans: readonly Plan[]; region: Region }) {
  const { t } = useTranslation('plans');
  const names = useDestinationNames();
  const networks = networksOf(plans, region.kind === 'bundle' ? region.covers : [region.code]);
  if (networks.length === 0) return null;
  const fiveG = networks.some((n) => n.operators.some((o) => o.generation === '5G'));
  return (
    <section aria-labelledby="destination-networks-title">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} id="destination-networks-title">
            {t('networks.title')}
          </Title>
          {fiveG ? (
            <Badge variant="light" color="teal.9">
              {t('features.fiveG')}
            </Badge>
          ) : null}
        </Group>
        <List spacing={4}>
          {networks.map((n) => (
            <List.Item key={n.country}>
              {networks.length > 1 || region.kind === 'bundle' ? (
                <Text span fw={600}>
                  <bdi>{names.name({ code: n.country, kind: 'country', name: n.country })}</bdi>:{' '}
                </Text>
              ) : null}
              <bdi>{n.operators.map((o) => (o.generation ? `${o.name} (${o.generation})` : o.name)).join(', ')}</bdi>
            </List.Item>
          ))}
        </List>
      </Stack>
    </section>
  );
}

export function BundlesIncluding({ regions, region }: { regions: readonly Region[]; region: Region }) {
  const { t } = useTranslation('plans');
  const names = useDestinationNames();
  if (region.kind === 'bundle') return null;
  const bundles = bundlesCovering(regions, region.code);
  if (bundles.length === 0) return null;
  return (
    <section aria-labelledby="destination-bundles-title">
      <Stack gap="sm">
        <Title order={2} id="destination-bundles-title">
          {t('networks.more')}
        </Title>
        <Group gap="sm">
          {bundles.map((b) => (
            <Link key={b.id} to="/destinations/$slug" params={{ slug: destinationSlug(b.name) }}>
              <Group gap={6} wrap="nowrap">
                <RegionFlag code={b.code} flagIcon={b.flagIcon} size="sm" />
                <bdi>{names.name(b)}</bdi>
              </Group>
            </Link>
          ))}
        </Group>
      </Stack>
    </section>
  );
}
