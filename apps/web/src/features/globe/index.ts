/**
 * The light entry point of the globe feature: importing it does not pull in
 * d3, topojson or the map data. Render the globe with <LazyGlobe> (or your
 * own React.lazy(() => import('./Globe.tsx'))) inside <Suspense fallback={<GlobeFallback />}>.
 */
import { lazy } from 'react';

export { DEFAULT_GLOBE_HEIGHT, GlobeFallback } from './globe-fallback.tsx';
export type { GlobeFallbackProps } from './globe-fallback.tsx';
export type { GlobeProps } from './Globe.tsx';
export type { GlobeColors } from './globe-renderer.ts';
export {
  GLOBE_SCROLL_DELAY_MS,
  PRESET_ANGLES,
  ROTATE_INTERVAL_MS,
  ROTATE_STEP_DEG,
  ROTATE_TO_DURATION_MS,
  isPresetCode,
} from './rotation.ts';

export const LazyGlobe = lazy(() => import('./Globe.tsx'));
