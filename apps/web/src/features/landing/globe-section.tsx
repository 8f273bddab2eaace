// Landing point 2: the globe and 'Worldwide eSIM Coverage'. The globe's code and map data load
// only when the section nears the viewport (never in the initial JS). A click on a country
// selects that region; choosing a region in the picker turns the globe to it.
import { Suspense, useState } from 'react';
import { Anchor, Container, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { GlobeFallback, LazyGlobe } from '../globe/index.ts';
import type { Region } from '../catalog/types.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { countryName, regionForCountry } from '../coverage/countries.ts';
import { useNearViewport } from './use-near-viewport.ts';
import classes from './landing.module.css';

export interface GlobeSectionProps {
  /** The picker's selected region code; the globe turns to it. */
  selectedCode?: string | undefined;
  /** A country clicked on the globe that the shop sells. */
  onSelectRegion: (region: Region) => void;
}

const STATS = ['countries', 'population', 'network', 'support'] as const;

export function GlobeSection({ selectedCode, onSelectRegion }: GlobeSectionProps) {
  const { t, i18n } = useTranslation('landing');
  const trpc = useTRPC();
  const regions = useQuery(trpc.catalog.regions.queryOptions());
  const [globeRef, near] = useNearViewport<HTMLDivElement>();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const height = wide ? 440 : 340;
  const [notice, setNotice] = useState('');

  const onSelectCountry = (alpha2: string) => {
    const region = regionForCountry(regions.data, alpha2);
    if (region) {
      // Visible feedback at once; the globe turns to it and its plans scroll in 1.5 s later.
      setNotice(t('globe.chosen', { country: countryName(alpha2, i18n.language) }));
      onSelectRegion(region);
    } else {
      setNotice(t('globe.notSold', { country: countryName(alpha2, i18n.language) }));
    }
  };

  return (
    <section className={classes.globeSection} aria-labelledby="coverage-title">
      <Container size="lg" className={classes.globeGrid}>
        <div className={classes.globeCopy}>
          <Title order={2} id="coverage-title">
            {t('globe.title')}
          </Title>
          <Text className={classes.lead}>{t('globe.subtitle')}</Text>
          <dl className={classes.stats} aria-label={t('globe.statsLabel')}>
            {STATS.map((key) => (
              <div key={key} className={classes.stat}>
                <dt className={classes.statLabel}>{t(`globe.stats.${key}.label`)}</dt>
                <dd className={classes.statValue}>{t(`globe.stats.${key}.value`)}</dd>
              </div>
            ))}
          </dl>
          <Text size="sm" c="dimmed" mt="lg">
            {t('globe.hint')}
          </Text>
          <Anchor component={Link} to="/coverage" fw={600} mt="xs" className={classes.inlineLink}>
            {t('globe.coverageLink')}
            <IconArrowRight size={16} aria-hidden className={classes.flipRtl} />
          </Anchor>
        </div>
        <div ref={globeRef} className={classes.globeBox} data-testid="landing-globe">
          {near ? (
            <Suspense fallback={<GlobeFallback height={height} />}>
              <LazyGlobe
                height={height}
                selectedCode={selectedCode ?? null}
                onSelectCountry={onSelectCountry}
                onMissCountry={() => setNotice(t('globe.ocean'))}
                ariaLabel={t('globe.ariaLabel')}
                labels={{ pause: t('globe.pause'), play: t('globe.play') }}
                bubbles={[t('globe.bubbles.one'), t('globe.bubbles.two'), t('globe.bubbles.three')]}
              />
            </Suspense>
          ) : (
            <GlobeFallback height={height} />
          )}
          <Text role="status" size="sm" ta="center" className={classes.globeNotice} data-testid="globe-notice">
            {notice}
          </Text>
        </div>
      </Container>
    </section>
  );
}
