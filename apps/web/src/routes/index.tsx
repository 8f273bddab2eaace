import { useEffect, useRef } from 'react';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../lib/i18n.ts';
import { NotInShell, useBelowTheFold } from '../shell.ts';
import { SCROLL_DELAY_MS, scrollToId } from '../lib/scroll.ts';
import type { Region } from '../features/catalog/types.ts';
import { HeroSearch } from '../features/landing/hero-search.tsx';
import { Destinations, PLANS_SECTION_ID } from './-components/destinations.tsx';
import { Hero } from './-components/hero.tsx';
import { GlobeSlot, HowItWorksSlot } from './-components/landing-slots.tsx';
import { pageHead, tHead } from '../lib/page-meta.ts';

interface LandingSearch {
  /** Region code of the chosen destination, e.g. ?region=JP. */
  region?: string | undefined;
}

/**
 * Anything but a short code (letters, digits, '_', '-') reads as no region. Hand-written, not
 * zod: route definitions are in the initial bundle.
 */
function validateLandingSearch(search: Record<string, unknown>): LandingSearch {
  const { region } = search;
  return typeof region === 'string' && region.length <= 16 && /^[A-Za-z0-9_-]+$/.test(region) ? { region } : {};
}

export const Route = createFileRoute('/')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('common:meta.defaultTitle'), description: tHead('landing:meta.description'), raw: true }),
  validateSearch: validateLandingSearch,
  loader: async ({ context }) => {
    // Regions are needed below the fold; don't hold the hero back for them.
    void context.queryClient.prefetchQuery(context.trpc.catalog.regions.queryOptions());
    // Plan texts are needed once a destination is chosen: fetch them alongside, without waiting.
    void loadNamespaces('plans', 'destinations');
    await loadNamespaces('landing');
  },
  component: LandingPage,
});

function LandingPage() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation('common');
  const { region } = Route.useSearch();
  const navigate = Route.useNavigate();
  const hash = useLocation({ select: (l) => l.hash });
  const belowTheFold = useBelowTheFold();

  // /plans and /how-it-works land here with a hash; the sections exist once the second pass is in.
  useEffect(() => {
    if (hash && belowTheFold) requestAnimationFrame(() => scrollToId(hash, { smooth: false }));
  }, [hash, belowTheFold]);

  const onRegionChange = (r: Region) => {
    void navigate({ search: { region: r.code }, replace: true, resetScroll: false, hashScrollIntoView: false });
  };

  // A pick in the hero's search is a list pick: its plans scroll into view 0.3 s later.
  const heroTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(heroTimer.current), []);
  const onHeroSelect = (r: Region) => {
    onRegionChange(r);
    clearTimeout(heroTimer.current);
    heroTimer.current = setTimeout(() => scrollToId(PLANS_SECTION_ID), SCROLL_DELAY_MS.list);
  };

  return (
    <>
      <Hero search={<HeroSearch onSelect={onHeroSelect} selectedCode={region} />} />
      {belowTheFold ? (
        <>
          <GlobeSlot selectedCode={region} onSelectRegion={onRegionChange} />
          <Destinations regionCode={region} onRegionChange={onRegionChange} scrollOnLoad={!hash} />
          <NotInShell>
            <HowItWorksSlot />
          </NotInShell>
        </>
      ) : (
        <div style={{ minHeight: '100vh' }} />
      )}
    </>
  );
}
