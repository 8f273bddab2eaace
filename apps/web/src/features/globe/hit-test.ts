import { geoContains } from 'd3-geo';
import type { GeoPermissibleObjects, GeoProjection } from 'd3-geo';

/**
 * The feature under a screen point ([x, y] in the projection's CSS pixels),
 * or null over the ocean or outside the globe. The point is un-projected with
 * projection.invert (the orthographic inverse only ever returns the visible
 * hemisphere) and tested with d3's spherical geoContains.
 */
export function countryAt<F extends GeoPermissibleObjects>(
  projection: GeoProjection,
  features: readonly F[],
  point: readonly [number, number],
): F | null {
  const [x, y] = point;
  // Points outside the disc have no inverse on the sphere (asin > 1 → NaN).
  const radius = projection.scale();
  const [cx, cy] = projection.translate();
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius * radius) return null;
  const lonLat = projection.invert?.([x, y]);
  if (!lonLat || !Number.isFinite(lonLat[0]) || !Number.isFinite(lonLat[1])) return null;
  for (const f of features) {
    if (geoContains(f, lonLat)) return f;
  }
  return null;
}
