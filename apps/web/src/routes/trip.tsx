import { createFileRoute } from '@tanstack/react-router';
import { TripPlannerPage } from '../features/trip/trip-planner-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

// 'Plan my trip' (issue 28): its head (the page's own title and description, as every page has),
// its texts loaded first (the loader goes with the component into the route's chunk), no stylesheet
// of its own. The regions and the proposal come through the page's own queries.
export const Route = createFileRoute('/trip')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('trip:meta.title'), description: tHead('trip:meta.description') }),
  loader: () => loadNamespaces('trip'),
  component: TripPlannerPage,
});
