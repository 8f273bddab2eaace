import { createFileRoute } from '@tanstack/react-router';
import { TripPlannerPage } from '../features/trip/trip-planner-page.tsx';

// 'Plan my trip' (issue 28). Only a component, no loader or head, and no stylesheet of its own
// (its chunk then needs no preload list): every option of a route definition is in the initial
// bundle, which is at its budget. The texts load through useTranslation's suspense, the regions
// and the proposal through the page's own queries.
export const Route = createFileRoute('/trip')({ component: TripPlannerPage });
