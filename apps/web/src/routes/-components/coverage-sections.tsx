// /coverage blocks around the list: highlights, Network Partners, Service Quality and Regional
// Packages (each links to the landing picker with ?region=<bundle code> when the bundle exists).
import { Anchor, Container, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingBroadcastTower,
  IconShieldCheck,
  IconSignal3g,
  IconSignal4g,
  IconSignal5g,
  IconTopologyStar3,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { destinationSlug } from '@esim/api/domain';
import { RegionFlag } from '../../features/catalog/region-flag.tsx';
import type { Region } from '../../features/catalog/types.ts';
import { REGIONAL_PACKAGES } from '../../features/coverage/coverage-groups.ts';
import classes from './coverage.module.css';
import shared from './info-pages.module.css';

const HIGHLIGHTS = ['countries', 'population', 'network'] as const;

export function CoverageHighlights() {
  const { t } = useTranslation('coverage');
  return (
    <dl className={classes.highlights} aria-label={t('highlights.label')}>
      {HIGHLIGHTS.map((key) => (
        <div key={key} className={classes.highlight}>
          <dt className={classes.highlightLabel}>{t(`highlights.${key}.label`)}</dt>
          <dd className={classes.highlightValue}>{t(`highlights.${key}.value`)}</dd>
        </div>
      ))}
    </dl>
  );
}

const PARTNERS = [
  { key: 'local', Icon: IconBuildingBroadcastTower },
  { key: 'multi', Icon: IconTopologyStar3 },
  { key: 'secure', Icon: IconShieldCheck },
] as const;

const QUALITY = [
  { key: '5g', Icon: IconSignal5g },
  { key: '4g', Icon: IconSignal4g },
  { key: '3g', Icon: IconSignal3g },
] as const;

export function NetworkBlocks() {
  const { t } = useTranslation('coverage');
  return (
    <section className={`${shared.section} ${shared.tinted}`} aria-labelledby="partners-title">
      <Container size="lg">
        <div className={shared.sectionHead}>
          <Title order={2} id="partners-title">
            {t('partners.title')}
          </Title>
          <Text className={shared.lead}>{t('partners.subtitle')}</Text>
        </div>
        <ul className={shared.cards3}>
          {PARTNERS.map(({ key, Icon }) => (
            <li key={key} className={shared.card}>
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <Icon size={24} stroke={1.7} />
              </ThemeIcon>
              <Title order={3} className={shared.cardTitle}>
                {t(`partners.items.${key}.title`)}
              </Title>
              <Text c="dimmed">{t(`partners.items.${key}.text`)}</Text>
            </li>
          ))}
        </ul>

        <section aria-labelledby="quality-title" className={classes.quality}>
          <div className={shared.sectionHead}>
            <Title order={2} id="quality-title">
              {t('quality.title')}
            </Title>
            <Text className={shared.lead}>{t('quality.subtitle')}</Text>
          </div>
          <ul className={shared.cards3}>
            {QUALITY.map(({ key, Icon }) => (
              <li key={key} className={shared.card} data-quality={key}>
                <ThemeIcon size={44} radius="md" variant={key === '5g' ? 'filled' : 'light'} aria-hidden>
                  <Icon size={26} stroke={1.7} />
                </ThemeIcon>
                <Title order={3} className={shared.cardTitle}>
                  {t(`quality.items.${key}.title`)}
                </Title>
                <Text c="dimmed">{t(`quality.items.${key}.text`)}</Text>
              </li>
            ))}
          </ul>
        </section>
      </Container>
    </section>
  );
}

export function RegionalPackages({ regions }: { regions: readonly Region[] | undefined }) {
  const { t } = useTranslation('coverage');
  // Its own namespace, loaded here (not by the route's loader, whose code is in the shop's first chunk).
  const { t: tTrip, ready: tripReady } = useTranslation('trip', { useSuspense: false });
  return (
    <section id="regional-packages" className={shared.section} aria-labelledby="packages-title">
      <Container size="lg">
        <div className={shared.sectionHead}>
          <Title order={2} id="packages-title">
            {t('packages.title')}
          </Title>
          <Text className={shared.lead}>{t('packages.subtitle')}</Text>
        </div>
        <ul className={classes.packages}>
          {REGIONAL_PACKAGES.map(({ key, code, flag }) => {
            const bundle = regions?.find((r) => r.kind === 'bundle' && r.code === code);
            const name = t(`packages.items.${key}.name`);
            return (
              <li key={key} className={classes.package}>
                <div className={classes.packageHead}>
                  <RegionFlag code={code} flagIcon={bundle?.flagIcon ?? flag} />
                  <Title order={3} className={shared.cardTitle} mt={0}>
                    {name}
                  </Title>
                </div>
                <Text c="dimmed" size="sm" className={classes.packageText}>
                  {t(`packages.items.${key}.text`)}
                </Text>
                {bundle ? (
                  <Anchor
                    fw={600}
                    className={shared.inlineLink}
                    renderRoot={(props) => <Link to="/destinations/$slug" params={{ slug: destinationSlug(bundle.name) }} {...props} />}
                  >
                    {t('packages.viewPlans', { name })}
                    <IconArrowRight size={16} aria-hidden className={shared.flipRtl} />
                  </Anchor>
                ) : (
                  <Anchor fw={600} className={shared.inlineLink} renderRoot={(props) => <Link to="/" hash="plans" {...props} />}>
                    {t('packages.browse', { name })}
                    <IconArrowRight size={16} aria-hidden className={shared.flipRtl} />
                  </Anchor>
                )}
              </li>
            );
          })}
        </ul>
        {/* Issue 28: the trip planner, for a trip through several countries (the header's links are the spec's). */}
        {tripReady ? (
          <Text mt="lg">
            <Anchor fw={600} className={shared.inlineLink} renderRoot={(props) => <Link to="/trip" {...props} />}>
              {tTrip('meta.title')}
              <IconArrowRight size={16} aria-hidden className={shared.flipRtl} />
            </Anchor>
          </Text>
        ) : null}
      </Container>
    </section>
  );
}
