import { geoCentroid } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import { alpha2ForFeature } from './iso-numeric.ts';

// `geojson` and `topojson-specification` are only transitive type packages
// here (pnpm keeps them out of reach), so their UMD namespaces are used.
type Feature<G extends GeoJSON.Geometry, P> = GeoJSON.Feature<G, P>;
type FeatureCollection<G extends GeoJSON.Geometry> = GeoJSON.FeatureCollection<G>;
type Polygon = GeoJSON.Polygon;
type MultiPolygon = GeoJSON.MultiPolygon;
type MultiLineString = GeoJSON.MultiLineString;

export interface CountryProperties {
  name: string;
  /** Shop spelling of the alpha-2 code ('UK' for the United Kingdom), or null when unknown. */
  alpha2: string | null;
}

export type CountryFeature = Feature<Polygon | MultiPolygon, CountryProperties>;

/** A country the 110m atlas has no shape for (Singapore, Malta…), drawn as a dot at this point. */
export interface CountryMarker {
  /** Shop spelling of the alpha-2 code. */
  alpha2: string;
  /** [longitude, latitude]. */
  lonLat: [number, number];
}

export interface WorldData {
  countries: CountryFeature[];
  /** Countries without a shape at this scale (small-countries.json, scripts/globe-markers.mjs). */
  markers: CountryMarker[];
  land: FeatureCollection<Polygon | MultiPolygon> | Feature<Polygon | MultiPolygon, GeoJSON.GeoJsonProperties>;
  /** Internal borders only (shared arcs), so coastlines are not stroked twice. */
  borders: MultiLineString;
}

export type WorldTopology = TopoJSON.Topology<{
  countries: TopoJSON.GeometryCollection<{ name: string }>;
  land: TopoJSON.GeometryCollection;
}>;

/** Converts the world-atlas topology into GeoJSON features tagged with alpha-2 codes. */
export function buildWorld(topology: WorldTopology, small: Readonly<Record<string, readonly number[] | string>> = {}): WorldData {
  const countries = feature(topology, topology.objects.countries).features.map(
    (f): CountryFeature => ({
      type: 'Feature',
      id: f.id,
      geometry: f.geometry as Polygon | MultiPolygon,
      properties: {
        name: f.properties.name,
        alpha2: alpha2ForFeature(f.id, f.properties.name),
      },
    }),
  );
  // '$'-keys are notes (the data's source), not countries.
  const markers = Object.entries(small)
    .filter((entry): entry is [string, readonly number[]] => !entry[0].startsWith('$') && Array.isArray(entry[1]) && entry[1].length === 2)
    .map(([alpha2, p]): CountryMarker => ({ alpha2, lonLat: [p[0]!, p[1]!] }));
  return {
    countries,
    markers,
    land: feature(topology, topology.objects.land) as WorldData['land'],
    borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
  };
}

let pending: Promise<WorldData> | null = null;

/**
 * Loads the 110m world (≈ 40 kB gzipped) through a dynamic import, so Vite
 * emits it as its own chunk, fetched from our own origin after first paint.
 * The promise is shared, so remounts and several globes load it once.
 */
export function loadWorld(): Promise<WorldData> {
  pending ??= Promise.all([import('world-atlas/countries-110m.json'), import('./small-countries.json')])
    .then(([atlas, small]) => buildWorld(atlas.default as unknown as WorldTopology, small.default))
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** Centroid [longitude, latitude] of the countries with one of the given codes, or null. */
export function centroidOf(countries: readonly CountryFeature[], codes: ReadonlySet<string>): [number, number] | null {
  const matches = countries.filter((c) => c.properties.alpha2 !== null && codes.has(c.properties.alpha2));
  if (matches.length === 0) return null;
  const centroid = geoCentroid({ type: 'FeatureCollection', features: matches });
  return Number.isFinite(centroid[0]) && Number.isFinite(centroid[1]) ? centroid : null;
}
