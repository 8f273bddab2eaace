import { describe, expect, it } from 'vitest';
import topology from 'world-atlas/countries-110m.json';
import { createProjection } from './globe-renderer.ts';
import { countryAt } from './hit-test.ts';
import { countriesForRegion } from './regions.ts';
import { presetRotation, rotationToFace } from './rotation.ts';
import type { Rotation } from './rotation.ts';
import { buildWorld, centroidOf } from './world.ts';
import type { WorldTopology } from './world.ts';

const world = buildWorld(topology as unknown as WorldTopology);
const WIDTH = 600;
const HEIGHT = 500;

function codeAt(rotation: Rotation, lonLat: [number, number]): string | null {
  const projection = createProjection(WIDTH, HEIGHT, rotation);
  const point = projection(lonLat);
  if (!point) throw new Error('not projectable');
  return countryAt(projection, world.countries, point)?.properties.alpha2 ?? null;
}

function preset(code: string): Rotation {
  const rotation = presetRotation(code);
  if (!rotation) throw new Error(`no preset for ${code}`);
  return rotation;
}

describe('buildWorld', () => {
  it('tags the 177 shapes of the 110m atlas', () => {
    expect(world.countries).toHaveLength(177);
    expect(world.countries.find((c) => c.properties.alpha2 === 'JP')?.properties.name).toBe('Japan');
    expect(world.borders.type).toBe('MultiLineString');
  });
});

describe('countryAt on the real 110m data', () => {
  it.each([
    ['US', [-77.04, 38.9], 'US'], // Washington
    ['US', [-100, 40], 'US'], // Nebraska
    ['UK', [-0.13, 51.5], 'UK'], // London
    ['EU', [2.35, 48.86], 'FR'], // Paris
    ['EU', [13.4, 52.52], 'DE'], // Berlin
    ['CN', [116.4, 39.9], 'CN'], // Beijing
    ['AE', [54.37, 24.45], 'AE'], // Abu Dhabi
    ['AU', [133.9, -23.7], 'AU'], // Alice Springs
    ['ZA', [28.05, -26.2], 'ZA'], // Johannesburg
  ] as const)('with the %s preset, %j is %s', (region, lonLat, expected) => {
    expect(codeAt(preset(region), [lonLat[0], lonLat[1]])).toBe(expected);
  });

  it('finds Tokyo when the globe faces Japan', () => {
    const centroid = centroidOf(world.countries, countriesForRegion('JP'));
    if (!centroid) throw new Error('no centroid');
    expect(codeAt(rotationToFace(centroid), [139.69, 35.69])).toBe('JP');
  });

  it('returns null over the ocean and outside the disc', () => {
    const rotation = preset('EU');
    expect(codeAt(rotation, [-30, 40])).toBeNull(); // mid-Atlantic
    const projection = createProjection(WIDTH, HEIGHT, rotation);
    expect(countryAt(projection, world.countries, [2, 2])).toBeNull();
    expect(countryAt(projection, world.countries, [WIDTH - 1, HEIGHT / 2])).toBeNull();
  });

  it('never reports a country on the far side of the globe', () => {
    // Facing the US, Sydney is behind the globe. The raw projection still maps
    // it into the disc (mirrored), but the hit test inverts to the front side.
    const projection = createProjection(WIDTH, HEIGHT, preset('US'));
    const point = projection([151.2, -33.87]);
    if (!point) throw new Error('not projectable');
    expect(countryAt(projection, world.countries, point)?.properties.alpha2).not.toBe('AU');
  });
});
