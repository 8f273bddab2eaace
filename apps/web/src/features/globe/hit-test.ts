import { geoBounds, geoContains, geoDistance } from 'd3-geo';
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
    if (inBounds(f, lonLat) && geoContains(f, lonLat)) return f;
  }
  return null;
}

/** Each feature's [[west, south], [east, north]] (d3's geoBounds), computed once. */
const BOUNDS = new WeakMap<object, [[number, number], [number, number]]>();

/**
 * A cheap first test before the spherical point-in-polygon one, so a tap tests a handful of
 * countries instead of all 177. A box whose west edge lies east of its east edge crosses the
 * antimeridian (Russia, Fiji).
 */
function inBounds(feature: GeoPermissibleObjects, [lon, lat]: [number, number]): boolean {
  if (typeof feature !== 'object' || feature === null) return true;
  let bounds = BOUNDS.get(feature);
  if (!bounds) {
    bounds = geoBounds(feature);
    BOUNDS.set(feature, bounds);
  }
  const [[west, south], [east, north]] = bounds;
  if (!Number.isFinite(west) || !Number.isFinite(south)) return true;
  if (lat < south - 1e-9 || lat > north + 1e-9) return false;
  const l = ((((lon + 180) % 360) + 360) % 360) - 180;
  return west <= east ? l >= west - 1e-9 && l <= east + 1e-9 : l >= west - 1e-9 || l <= east + 1e-9;
}

/** How far (CSS px) a tap may land off a country and still choose it: a fingertip covers ~1 cm. */
export const TOUCH_SLOP_PX = 16;
/** The same for a mouse, which points precisely. */
export const MOUSE_SLOP_PX = 6;

const DIRECTIONS = 12;

/**
 * The feature under a point, else the nearest one within `slop` CSS pixels (searched on rings
 * 2 px apart, 12 directions each; on the first ring that reaches a country, the country most of
 * its points fall in). On a phone the globe is ~300 px wide: Japan, Italy, the United Kingdom or
 * Chile are a few pixels across there, and a fingertip lands beside them on the ocean, where
 * the exact test finds nothing.
 */
export function countryNear<F extends GeoPermissibleObjects>(
  projection: GeoProjection,
  features: readonly F[],
  point: readonly [number, number],
  slop: number,
): F | null {
  const exact = countryAt(projection, features, point);
  if (exact || slop <= 0) return exact;
  const [x, y] = point;
  for (let r = 2; r <= slop; r += 2) {
    const counts = new Map<F, number>();
    for (let i = 0; i < DIRECTIONS; i++) {
      const angle = (2 * Math.PI * i) / DIRECTIONS;
      const found = countryAt(projection, features, [x + r * Math.cos(angle), y + r * Math.sin(angle)]);
      if (found) counts.set(found, (counts.get(found) ?? 0) + 1);
    }
    let best: F | null = null;
    let most = 0;
    for (const [feature, count] of counts) {
      if (count > most) {
        best = feature;
        most = count;
      }
    }
    if (best) return best;
  }
  return null;
}

/** A point-like country (no shape at the atlas' scale). */
export interface PointCountry {
  alpha2: string;
  lonLat: [number, number];
}

/** Whether a point on the sphere faces the viewer (within 90° of the projection's centre). */
export function isVisible(projection: GeoProjection, lonLat: [number, number]): boolean {
  const centre = projection.invert?.(projection.translate());
  return !!centre && geoDistance(centre, lonLat) < Math.PI / 2 - 1e-6;
}

/** The visible marker nearest a screen point, if within `radius` CSS px. */
export function markerNear<M extends PointCountry>(
  projection: GeoProjection,
  markers: readonly M[],
  point: readonly [number, number],
  radius: number,
): M | null {
  let best: M | null = null;
  let bestDistance = radius;
  for (const marker of markers) {
    if (!isVisible(projection, marker.lonLat)) continue;
    const p = projection(marker.lonLat);
    if (!p) continue;
    const d = Math.hypot(p[0] - point[0], p[1] - point[1]);
    if (d <= bestDistance) {
      best = marker;
      bestDistance = d;
    }
  }
  return best;
}

/** The drawn dot's radius, CSS px. */
export const MARKER_RADIUS_PX = 3;
/** How far beyond its dot a tap still chooses a small country over the shape under the tap. */
export const DOT_MARGIN_PX = 4;

/**
 * The alpha-2 code a tap chooses: a small country's dot under the tap (its radius + 4 px, so the
 * dot wins on a neighbour's coast: Singapore on Malaysia's tip), else the shape under it, else the
 * nearest shape within the slop, else a dot within the slop.
 */
export function codeNear<F extends GeoPermissibleObjects & { properties: { alpha2: string | null } }>(
  projection: GeoProjection,
  features: readonly F[],
  markers: readonly PointCountry[],
  point: readonly [number, number],
  slop: number,
): string | null {
  const onDot = markerNear(projection, markers, point, MARKER_RADIUS_PX + DOT_MARGIN_PX);
  if (onDot) return onDot.alpha2;
  const exact = countryAt(projection, features, point);
  if (exact?.properties.alpha2) return exact.properties.alpha2;
  const dot = markerNear(projection, markers, point, MARKER_RADIUS_PX + slop);
  const shape = countryNear(projection, features, point, slop);
  return shape?.properties.alpha2 ?? dot?.alpha2 ?? null;
}
