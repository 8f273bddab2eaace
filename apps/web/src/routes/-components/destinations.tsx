// The landing page's '#plans' block: the destination picker and, once a region is chosen, its
// plans. The chosen region lives in the URL (?region=JP) so a shared link opens it.
import { useEffect, useRef } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PlansSection } from '../../features/catalog/plans-section.tsx';
import { RegionPicker } from '../../features/catalog/region-picker.tsx';
import type { Region } from '../../features/catalog/types.ts';
import { useDeferredQuery } from '../../lib/query-client.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { SCROLL_DELAY_MS, scrollToId } from '../../lib/scroll.ts';
import classes from './destinations.module.css';

export const PLANS_SECTION_ID = 'region-plans';

export interface DestinationsProps {
  regionCode: string | undefined;
  onRegionChange: (region: Region) => void;
  /** Scroll to the plans once the region from a shared link is known. */
  scrollOnLoad: boolean;
}

export function Destinations({ regionCode, onRegionChange, scrollOnLoad }: DestinationsProps) {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation('common');
  const trpc = useTRPC();
  const query = useQuery(trpc.catalog.regions.queryOptions());
  // The picker renders in slices when the regions arrive.
  const regions = { ...useDeferredQuery(query), error: query.error };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const code = regionCode?.toUpperCase();
  const selected = code ? regions.data?.find((r) => r.code.toUpperCase() === code) : undefined;

  useEffect(() => {
    // Spec §7: on failure the landing page only logs the error.
    if (regions.error) console.error(tc('errors.fetchRegions'), regions.error);
  }, [regions.error, tc]);

  // Only the region a shared link opened with is scrolled to on load; picks scroll after a delay.
  const scrolledOnLoad = useRef(!scrollOnLoad || !regionCode);
  useEffect(() => {
    if (!selected || scrolledOnLoad.current) return;
    scrolledOnLoad.current = true;
    requestAnimationFrame(() => scrollToId(PLANS_SECTION_ID, { smooth: false }));
  }, [scrollOnLoad, selected]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const select = (region: Region) => {
    scrolledOnLoad.current = true;
    onRegionChange(region);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => scrollToId(PLANS_SECTION_ID), SCROLL_DELAY_MS.list);
  };

  return (
    <Container size="lg" className={classes.wrap}>
      <section id="plans" aria-labelledby="picker-title" className={classes.picker}>
        <Stack gap={6} mb="xl" ta="center" align="center">
          <Title order={2} id="picker-title">
            {t('picker.title')}
          </Title>
          <Text c="dimmed" size="lg">
            {t('picker.subtitle')}
          </Text>
        </Stack>
        <RegionPicker regions={regions.data} status={regions.status} selectedId={selected?.id} onSelect={select} />
      </section>
      {selected ? <PlansSection key={selected.id} region={selected} id={PLANS_SECTION_ID} /> : null}
    </Container>
  );
}
