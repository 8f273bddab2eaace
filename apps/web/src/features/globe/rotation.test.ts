import { geoDistance } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import {
  GLOBE_SCROLL_DELAY_MS,
  MAX_TILT_DEG,
  PRESET_ANGLES,
  ROTATE_INTERVAL_MS,
  ROTATE_STEP_DEG,
  ROTATE_TO_DURATION_MS,
  advanceLambda,
  easeInOutCubic,
  lerpAngle,
  normalizeAngle,
  presetRotation,
  rotationAt,
  rotationToFace,
  shortestDelta,
} from './rotation.ts';

describe('constants (spec section 9)', () => {
  it('matches the spec', () => {
    expect(ROTATE_STEP_DEG).toBe(1);
    expect(ROTATE_INTERVAL_MS).toBe(100);
    expect(ROTATE_TO_DURATION_MS).toBe(1500);
    expect(GLOBE_SCROLL_DELAY_MS).toBe(1500);
    expect(PRESET_ANGLES).toEqual({ EU: 0, UK: 10, US: 80, CN: 280, AE: 320, AU: 240, ZA: 345 });
  });
});

describe('normalizeAngle', () => {
  it.each([
    [0, 0],
    [180, -180],
    [-180, -180],
    [190, -170],
    [360, 0],
    [-360, 0],
    [725, 5],
    [-190, 170],
    [280, -80],
  ])('%d → %d', (input, expected) => {
    expect(normalizeAngle(input)).toBe(expected);
  });
});

describe('shortestDelta and lerpAngle', () => {
  it.each([
    [0, 10, 10],
    [10, 0, -10],
    [350, 10, 20],
    [10, 350, -20],
    [-170, 170, -20],
    [170, -170, 20],
    [0, 280, -80],
    [80, 280, -160],
  ])('from %d to %d is %d', (from, to, delta) => {
    expect(shortestDelta(from, to)).toBe(delta);
  });

  it('interpolates across the ±180° seam the short way', () => {
    expect(lerpAngle(170, -170, 0.5)).toBe(180);
    expect(normalizeAngle(lerpAngle(170, -170, 0.5))).toBe(-180);
    expect(lerpAngle(-170, 170, 0.25)).toBe(-175);
  });
});

describe('easeInOutCubic', () => {
  it.each([
    [-1, 0],
    [0, 0],
    [0.25, 0.0625],
    [0.5, 0.5],
    [0.75, 0.9375],
    [1, 1],
    [2, 1],
  ])('ease(%d) = %d', (t, expected) => {
    expect(easeInOutCubic(t)).toBeCloseTo(expected, 10);
  });

  it('is symmetric and monotonic', () => {
    let previous = 0;
    for (let i = 0; i <= 100; i++) {
      const t = i / 100;
      const value = easeInOutCubic(t);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value + easeInOutCubic(1 - t)).toBeCloseTo(1, 10);
      previous = value;
    }
  });
});

describe('rotationAt', () => {
  it('starts at from, ends exactly at the target, halfway at the midpoint', () => {
    expect(rotationAt([0, -20], [80, -38], 0, 1500)).toEqual([0, -20]);
    expect(rotationAt([0, -20], [80, -38], 750, 1500)).toEqual([40, -29]);
    expect(rotationAt([0, -20], [80, -38], 1500, 1500)).toEqual([80, -38]);
    expect(rotationAt([0, -20], [80, -38], 4000, 1500)).toEqual([80, -38]);
  });

  it('takes the short way round (CN 280 from EU 0 turns −80°, not +280°)', () => {
    const [mid] = rotationAt([0, -20], [280, -33], 750, 1500);
    expect(mid).toBe(-40);
    expect(rotationAt([0, -20], [280, -33], 1500, 1500)[0]).toBe(-80);
  });

  it('jumps when the duration is 0 (reduced motion)', () => {
    expect(rotationAt([0, 0], [345, 28], 0, 0)).toEqual([-15, 28]);
  });
});

describe('advanceLambda', () => {
  it.each([
    [0, 100, 1],
    [0, 1000, 10],
    [0, 16, 0.16],
    [179.5, 100, -179.5],
    [10, -50, 10],
  ])('λ %d after %d ms is %d', (lambda, elapsed, expected) => {
    expect(advanceLambda(lambda, elapsed)).toBeCloseTo(expected, 10);
  });

  it('adds up to 1° per 100 ms regardless of frame rate', () => {
    let at60 = 0;
    for (let i = 0; i < 60; i++) at60 = advanceLambda(at60, 1000 / 60);
    let at30 = 0;
    for (let i = 0; i < 30; i++) at30 = advanceLambda(at30, 1000 / 30);
    expect(at60).toBeCloseTo(10, 8);
    expect(at30).toBeCloseTo(10, 8);
  });
});

describe('presets', () => {
  it('use the spec angle as λ and clamp the tilt', () => {
    for (const [code, angle] of Object.entries(PRESET_ANGLES)) {
      const rotation = presetRotation(code);
      expect(rotation?.[0]).toBe(angle);
      expect(Math.abs(rotation?.[1] ?? 99)).toBeLessThanOrEqual(MAX_TILT_DEG);
    }
    expect(presetRotation('us')).toEqual(presetRotation('US'));
    expect(presetRotation('JP')).toBeNull();
    expect(presetRotation('GLOBAL')).toBeNull();
    expect(presetRotation(null)).toBeNull();
  });

  // The view centre of rotate([λ, φ]) is [−λ, −φ]. Each preset must put its
  // region well inside the visible hemisphere (≤ 35° from the centre).
  it.each([
    ['EU', [10, 50]],
    ['UK', [-2, 54]],
    ['US', [-98, 39]],
    ['CN', [104, 35]],
    ['AE', [54, 24]],
    ['AU', [134, -25]],
    ['ZA', [25, -29]],
  ] as const)('%s faces the viewer', (code, [lon, lat]) => {
    const rotation = presetRotation(code);
    if (!rotation) throw new Error('no preset');
    const centre: [number, number] = [-rotation[0], -rotation[1]];
    const degrees = (geoDistance(centre, [lon, lat]) * 180) / Math.PI;
    expect(degrees).toBeLessThan(35);
  });

  it('rotationToFace centres a point, within the tilt limit', () => {
    expect(rotationToFace([139, 36])).toEqual([-139, -36]);
    expect(rotationToFace([-70, -60])).toEqual([70, MAX_TILT_DEG]);
  });
});
