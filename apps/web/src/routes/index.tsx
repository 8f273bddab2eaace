import { useEffect } from 'react';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../lib/i18n.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { scrollToId } from '../lib/scroll.ts';
import type { Region } from '../features/catalog/types.ts';
import { Destinations } from './-components/destinations.tsx';
import { Hero } from './-components/hero.tsx';
import { GlobeSlot, HowItWorksSlot } from './-components/landing-slots.tsx';

const ZLandingSearch = z.object({
  /** Region code of the chosen destination, e.g. ?region=JP. */
  region: z.catch(z.optional(z.string().check(z.maxLength(16), z.regex(/^[A-Za-z0-9_-]+$/))), undefined),
});

export const Route = createFileRoute('/')({
  validateSearch: ZLandingSearch,
  loader: async ({ context }) => {
    // Regions are needed below the fold; don't hold the hero back for them.
    void context.queryClient.prefetchQuery(context.trpc.catalog.regions.queryOptions());
    await loadNamespaces('landing');
  },
  component: LandingPage,
});

function LandingPage() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation('common');
  usePageMeta({ title: tc('meta.defaultTitle'), description: t('meta.description'), raw: true });
  const { region } = Route.useSearch();
  const navigate = Route.useNavigate();
  const hash = useLocation({ select: (l) => l.hash });

  // /plans and /how-it-works land here with a hash; the sections exist once this renders.
  useEffect(() => {
    if (hash) requestAnimationFrame(() => scrollToId(hash, { smooth: false }));
  }, [hash]);

  const onRegionChange = (r: Region) => {
    void navigate({ search: { region: r.code }, replace: true, resetScroll: false, hashScrollIntoView: false });
  };

  return (
    <>
      <Hero />
      <GlobeSlot selectedCode={region} onSelectRegion={onRegionChange} />
      <Destinations regionCode={region} onRegionChange={onRegionChange} scrollOnLoad={!hash} />
      <HowItWorksSlot />
    </>
  );
}
