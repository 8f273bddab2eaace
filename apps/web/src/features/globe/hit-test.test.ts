import { describe, expect, it } from 'vitest';
import topology from 'world-atlas/countries-110m.json';
import small from './small-countries.json';
import { createProjection } from './globe-renderer.ts';
import { MOUSE_SLOP_PX, TOUCH_SLOP_PX, codeNear, countryAt, countryNear, markerNear } from './hit-test.ts';
import { countriesForRegion } from './regions.ts';
import { presetRotation, rotationToFace } from './rotation.ts';
import type { Rotation } from './rotation.ts';
import { buildWorld, centroidOf } from './world.ts';
import type { WorldTopology } from './world.ts';

const world = buildWorld(topology as unknown as WorldTopology, small);
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

/** From a point on land, walks `dx` px at a time until the exact test finds the ocean; then `more` px further. */
function offCoast(projection: ReturnType<typeof createProjection>, start: [number, number], dx: number, more: number): [number, number] {
  const p = projection(start);
  if (!p) throw new Error('not projectable');
  let [x, y] = p;
  while (countryAt(projection, world.countries, [x, y])) x += dx;
  return [x + dx * more, y];
}

describe('countryNear: a tap beside a country still chooses it', () => {
  // A phone: the globe is ~300 px wide and Portugal's coast a few pixels from where a finger lands.
  const projection = createProjection(358, 340, preset('EU'));
  const lisbon: [number, number] = [-9.14, 38.7];

  it.each([
    [0, 0, 'PT'], // on land: the exact answer whatever the slop
    [3, 0, null], // 3 px into the Atlantic: the exact test misses…
    [3, MOUSE_SLOP_PX, 'PT'], // …a mouse's few pixels reach the coast…
    [3, TOUCH_SLOP_PX, 'PT'], // …and a finger's
    [10, MOUSE_SLOP_PX, null],
    [10, TOUCH_SLOP_PX, 'PT'],
    [40, TOUCH_SLOP_PX, null], // open ocean stays a miss
  ] as const)('%i px off Lisbon, slop %i → %s', (px, slop, expected) => {
    const point = px === 0 ? projection(lisbon)! : offCoast(projection, lisbon, -1, px - 1);
    expect(countryNear(projection, world.countries, point, slop)?.properties.alpha2 ?? null).toBe(expected);
  });

  it('picks the country nearest the tap, on the first ring that reaches land', () => {
    // Off Honshu's Pacific coast with the globe facing Japan: Japan, not Korea across the sea.
    const centroid = centroidOf(world.countries, countriesForRegion('JP'))!;
    const facing = createProjection(358, 340, rotationToFace(centroid));
    const point = offCoast(facing, [139.69, 35.69], 1, 4);
    expect(countryAt(facing, world.countries, point)).toBeNull();
    expect(countryNear(facing, world.countries, point, TOUCH_SLOP_PX)?.properties.alpha2).toBe('JP');
  });
});

describe('countries too small for a shape: a dot each', () => {
  it('has a dot for the sold small countries the 110m atlas lacks, and none for a country with a shape', () => {
    const codes = new Set(world.markers.map((m) => m.alpha2));
    for (const code of ['SG', 'HK', 'MT', 'BH', 'MV', 'MU', 'AD', 'MC']) expect(codes, code).toContain(code);
    for (const code of ['JP', 'MY', 'UK', 'PT']) expect(codes, code).not.toContain(code);
  });

  // Facing Singapore on a phone-sized globe.
  const sg = world.markers.find((m) => m.alpha2 === 'SG')!;
  const projection = createProjection(358, 340, rotationToFace(sg.lonLat));
  const at = (lonLat: [number, number]) => projection(lonLat)!;

  it.each([
    ['on the dot, with a mouse', sg.lonLat, MOUSE_SLOP_PX, 'SG'], // though Malaysia's shape reaches it
    ['on the dot, with a finger', sg.lonLat, TOUCH_SLOP_PX, 'SG'],
    ['in Malaysia, away from the dot', [100.8, 6], TOUCH_SLOP_PX, 'MY'],
    ['in the South China Sea, far from land', [106, 5], MOUSE_SLOP_PX, null],
  ] as const)('%s → %s', (_label, lonLat, slop, expected) => {
    expect(codeNear(projection, world.countries, world.markers, at([lonLat[0], lonLat[1]]), slop)).toBe(expected);
  });

  it('never chooses a dot on the far side of the globe', () => {
    // Facing the Americas, Singapore's dot projects into the disc (mirrored) but is hidden.
    const facingUs = createProjection(358, 340, preset('US'));
    const point = facingUs(sg.lonLat)!;
    expect(markerNear(facingUs, world.markers, point, 20)).toBeNull();
  });
});
