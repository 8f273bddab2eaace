// The About page's sections (spec §2 'About page'): figures, Our Mission, Our Story, What Sets Us
// Apart (four cards), Our Team, Sustainability and Join Our Journey with the support e-mail.
import type { ReactNode } from 'react';
import { Anchor, Button, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBolt,
  IconHeadset,
  IconLeaf,
  IconMail,
  IconShieldCheck,
  IconTargetArrow,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';
import classes from './about.module.css';

/** Marketing figures (spec §1: 170+ countries on the About page, founded 2023, 24/7, 4G/5G). */
const FIGURES = [
  { value: '170+', label: 'stats.countries' },
  { value: '2023', label: 'stats.founded' },
  { value: '24/7', label: 'stats.support' },
  { value: '4G/5G', label: 'stats.network' },
] as const;

export function AboutFigures() {
  const { t } = useTranslation('about');
  return (
    <section aria-label={t('stats.label')} className={classes.figures}>
      <dl className={classes.figureList}>
        {FIGURES.map((f) => (
          <div key={f.label} className={classes.figure}>
            <dt className={classes.figureLabel}>{t(f.label)}</dt>
            <dd className={classes.figureValue} dir="ltr">
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function MissionAndStory() {
  const { t } = useTranslation('about');
  return (
    <div className={classes.missionGrid}>
      <section aria-labelledby="about-mission" className={classes.mission}>
        <ThemeIcon size={52} radius="md" variant="white" color="brand" aria-hidden="true">
          <IconTargetArrow size={28} />
        </ThemeIcon>
        <Title order={2} id="about-mission" className={classes.missionTitle}>
          {t('mission.title')}
        </Title>
        <Text className={classes.missionText}>{t('mission.text')}</Text>
      </section>
      <section aria-labelledby="about-story" className={classes.story}>
        <Title order={2} id="about-story" className={classes.sectionTitle}>
          {t('story.title')}
        </Title>
        <Text className={classes.prose}>{t('story.p1')}</Text>
        <Text className={classes.prose}>{t('story.p2')}</Text>
        <Text className={classes.prose}>{t('story.p3')}</Text>
      </section>
    </div>
  );
}

const STRENGTHS = [
  { key: 'coverage', Icon: IconWorld },
  { key: 'instant', Icon: IconBolt },
  { key: 'transparent', Icon: IconShieldCheck },
  { key: 'support', Icon: IconHeadset },
] as const;

export function WhatSetsUsApart() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-apart" className={classes.block}>
      <div className={classes.centered}>
        <Title order={2} id="about-apart" className={classes.sectionTitle}>
          {t('apart.title')}
        </Title>
        <Text c="dimmed" size="lg" mt={8}>
          {t('apart.subtitle')}
        </Text>
      </div>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" mt={32} className={classes.cards}>
        {STRENGTHS.map(({ key, Icon }) => (
          <Card component="li" key={key} padding="lg" className={classes.card}>
            <ThemeIcon size={48} radius="md" variant="light" color="brand" aria-hidden="true" className={classes.cardIcon}>
              <Icon size={26} />
            </ThemeIcon>
            <Title order={3} className={classes.cardTitle}>
              {t(`apart.${key}.title`)}
            </Title>
            <Text size="sm" className={classes.cardText}>
              {t(`apart.${key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

function Feature({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} padding="xl" className={classes.feature}>
      <div className={classes.featureIcon} aria-hidden="true">
        {icon}
      </div>
      <div>
        <Title order={2} id={id} className={classes.featureTitle}>
          {title}
        </Title>
        <Text className={classes.prose}>{children}</Text>
      </div>
    </Card>
  );
}

export function TeamAndSustainability() {
  const { t } = useTranslation('about');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" className={classes.block}>
      <Feature id="about-team" icon={<IconUsersGroup size={30} />} title={t('team.title')}>
        {t('team.text')}
      </Feature>
      <Feature id="about-sustainability" icon={<IconLeaf size={30} />} title={t('sustainability.title')}>
        {t('sustainability.text')}
      </Feature>
    </SimpleGrid>
  );
}

export function JoinOurJourney() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-join" className={classes.join}>
      <div className={classes.joinInner}>
        <Title order={2} id="about-join" className={classes.joinTitle}>
          {t('join.title')}
        </Title>
        <Text className={classes.joinText}>{t('join.text')}</Text>
        <div className={classes.joinButtons}>
          <Button
            size="md"
            color="sunset.8"
            rightSection={<IconArrowRight size={18} aria-hidden className={classes.flip} />}
            renderRoot={(props) => <Link to="/plans" {...props} />}
          >
            {t('join.viewPlans')}
          </Button>
          <Button size="md" variant="white" renderRoot={(props) => <Link to={'/support' as '/'} {...props} />}>
            {t('join.contactSupport')}
          </Button>
        </div>
        <Text className={classes.joinEmail}>
          {t('join.emailPrompt')}{' '}
          <Anchor href={`mailto:${config.supportEmail}`} className={classes.joinLink}>
            <IconMail size={18} aria-hidden />
            <span>{config.supportEmail}</span>
          </Anchor>
        </Text>
      </div>
    </section>
  );
}
