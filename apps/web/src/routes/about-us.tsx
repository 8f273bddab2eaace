import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/page-hero.tsx';
import {
  AboutFigures,
  JoinOurJourney,
  MissionAndStory,
  TeamAndSustainability,
  WhatSetsUsApart,
} from '../features/about/about-sections.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

export const Route = createFileRoute('/about-us')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('about:meta.title'), description: tHead('about:meta.description') }),
  loader: () => loadNamespaces('about'),
  component: AboutPage,
});

function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <Container size="lg">
        <AboutFigures />
        <MissionAndStory />
        <WhatSetsUsApart />
        <TeamAndSustainability />
        <JoinOurJourney />
      </Container>
    </>
  );
}
