// /coverage 'Map View': the globe in a 600 px area (its code loads when this tab opens). A click
// on a country says whether the shop sells it and links to its plans.
import { Suspense, useMemo, useState } from 'react';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDestinationNames } from '../../features/catalog/destination-names.ts';
import type { Region } from '../../features/catalog/types.ts';
import { countryName, localCountryName, regionForCountry } from '../../features/coverage/countries.ts';
import { GlobeFallback, LazyGlobe } from '../../features/globe/index.ts';
import classes from './coverage.module.css';
import shared from './info-pages.module.css';

export const MAP_HEIGHT = 600;
/** Phones: the globe fits the screen's width, so a 600 px area would be mostly empty. */
export const MAP_HEIGHT_PHONE = 400;

export function CoverageMap({ regions }: { regions: readonly Region[] | undefined }) {
  const { t } = useTranslation('coverage');
  const names = useDestinationNames();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const height = wide ? MAP_HEIGHT : MAP_HEIGHT_PHONE;
  const [picked, setPicked] = useState<string | null>(null);
  const region = picked ? regionForCountry(regions, picked) : undefined;
  const regionName = region ? localCountryName(region, names.lang, names.t) : '';
  // Every country with its own plans is tinted on the map; the legend says what the tint means.
  const covered = useMemo(() => (regions ?? []).filter((r) => r.kind !== 'bundle').map((r) => r.code.toUpperCase()), [regions]);

  let status;
  if (!picked) status = <Text c="dimmed">{t('map.hint')}</Text>;
  else if (region)
    status = (
      <>
        <Text fw={600}>{t('map.covered', { name: regionName })}</Text>
        <Anchor fw={600} className={shared.inlineLink} renderRoot={(props) => <Link to="/" search={{ region: region.code }} {...props} />}>
          {t('map.viewPlans', { name: regionName })}
          <IconArrowRight size={16} aria-hidden className={shared.flipRtl} />
        </Anchor>
      </>
    );
  else
    status = (
      <>
        <Text>{t('map.notCovered', { name: countryName(picked, names.lang, names.t) })}</Text>
        <Anchor href="#regional-packages" fw={600}>
          {t('map.browseRegional')}
        </Anchor>
      </>
    );

  return (
    <div className={classes.map} style={{ minBlockSize: height }}>
      <VisuallyHidden component="h2">{t('map.title')}</VisuallyHidden>
      <Suspense fallback={<GlobeFallback height={height} />}>
        <LazyGlobe
          height={height}
          selectedCode={region?.code ?? null}
          onSelectCountry={setPicked}
          onMissCountry={() => setPicked(null)}
          coveredCodes={covered}
          ariaLabel={t('map.ariaLabel')}
          labels={{ pause: t('map.pause'), play: t('map.play') }}
          bubbles={[t('map.bubbles.one'), t('map.bubbles.two'), t('map.bubbles.three')]}
        />
      </Suspense>
      <ul className={classes.mapLegend} aria-label={t('map.legendLabel')} data-testid="map-legend">
        <li>
          <span className={`${classes.swatch} ${classes.swatchCovered}`} aria-hidden="true" />
          {t('map.legendCovered', { count: covered.length })}
        </li>
        <li>
          <span className={`${classes.swatch} ${classes.swatchSelected}`} aria-hidden="true" />
          {t('map.legendSelected')}
        </li>
        <li>
          <span className={`${classes.swatch} ${classes.swatchOther}`} aria-hidden="true" />
          {t('map.legendOther')}
        </li>
      </ul>
      <div role="status" className={classes.mapStatus}>
        {status}
      </div>
    </div>
  );
}
