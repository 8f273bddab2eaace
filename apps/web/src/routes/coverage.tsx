import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Container, Tabs } from '@mantine/core';
import { IconList, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../lib/i18n.ts';
import { useDeferredQuery } from '../lib/query-client.ts';
import { useTRPC } from '../lib/trpc.ts';
import { NotInShell, useBelowTheFold } from '../shell.ts';
import { CoverageList } from './-components/coverage-list.tsx';
import { CoverageMap } from './-components/coverage-map.tsx';
import { CoverageHighlights, NetworkBlocks, RegionalPackages } from './-components/coverage-sections.tsx';
import { InfoHero } from './-components/info-hero.tsx';
import type { Region } from '../features/catalog/types.ts';
import classes from './-components/coverage.module.css';
import { pageHead, tHead } from '../lib/page-meta.ts';

export const Route = createFileRoute('/coverage')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('coverage:meta.title'), description: tHead('coverage:meta.description') }),
  loader: async ({ context }) => {
    // The list shows skeletons while the regions load; the hero doesn't wait for them.
    void context.queryClient.prefetchQuery(context.trpc.catalog.regions.queryOptions());
    await loadNamespaces('coverage');
  },
  component: CoveragePage,
});

type View = 'list' | 'map';

function CoveragePage() {
  const { t } = useTranslation('coverage');
  const trpc = useTRPC();
  // Some 200 countries: their list renders in slices when the data arrives.
  const regions = useDeferredQuery(useQuery(trpc.catalog.regions.queryOptions()));
  const [view, setView] = useState<View>('list');
  const belowTheFold = useBelowTheFold();

  return (
    <>
      <InfoHero id="coverage-hero-title" eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <CoverageHighlights />
      </InfoHero>
      {belowTheFold ? (
        <CoverageBrowser view={view} onViewChange={setView} regions={regions.data} status={regions.status} />
      ) : (
        <div style={{ minHeight: '100vh' }} />
      )}
    </>
  );
}

interface CoverageBrowserProps {
  view: View;
  onViewChange: (view: View) => void;
  regions: readonly Region[] | undefined;
  status: 'pending' | 'error' | 'success';
}

/** The List/Map tabs and the blocks below them: rendered in the page's second pass. */
function CoverageBrowser({ view, onViewChange: setView, regions, status }: CoverageBrowserProps) {
  const { t } = useTranslation('coverage');
  return (
    <>
      <Container size="lg" className={classes.browser}>
        <Tabs value={view} onChange={(v) => v && setView(v as View)} keepMounted={false} variant="pills" radius="xl">
          <Tabs.List aria-label={t('tabs.label')} className={classes.tabList}>
            <Tabs.Tab value="list" leftSection={<IconList size={18} aria-hidden />} className={classes.tab}>
              {t('tabs.list')}
            </Tabs.Tab>
            <Tabs.Tab value="map" leftSection={<IconWorld size={18} aria-hidden />} className={classes.tab}>
              {t('tabs.map')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="list">
            <CoverageList regions={regions} status={status} />
          </Tabs.Panel>
          <Tabs.Panel value="map">
            <CoverageMap regions={regions} />
          </Tabs.Panel>
        </Tabs>
      </Container>
      <NotInShell>
        <NetworkBlocks />
        <RegionalPackages regions={regions} />
      </NotInShell>
    </>
  );
}
