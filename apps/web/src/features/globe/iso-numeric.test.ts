import { describe, expect, it } from 'vitest';
import topology from 'world-atlas/countries-110m.json';
import { ISO_NUMERIC_TO_ALPHA2, alpha2ForFeature, alpha2FromNumeric } from './iso-numeric.ts';

describe('ISO_NUMERIC_TO_ALPHA2', () => {
  const entries = Object.entries(ISO_NUMERIC_TO_ALPHA2);

  it('covers every assigned code, each once', () => {
    expect(entries.length).toBeGreaterThanOrEqual(175);
    expect(entries.length).toBe(249);
    expect(new Set(Object.values(ISO_NUMERIC_TO_ALPHA2)).size).toBe(entries.length);
    for (const [numeric, alpha2] of entries) {
      expect(numeric).toMatch(/^\d{3}$/);
      expect(alpha2).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('maps the well-known ones, with the shop spelling UK', () => {
    expect(alpha2FromNumeric('392')).toBe('JP');
    expect(alpha2FromNumeric(826)).toBe('UK');
    expect(alpha2FromNumeric('840')).toBe('US');
    expect(alpha2FromNumeric(32)).toBe('AR');
    expect(alpha2FromNumeric('032')).toBe('AR');
    expect(alpha2FromNumeric('999')).toBeNull();
    expect(Object.values(ISO_NUMERIC_TO_ALPHA2)).not.toContain('GB');
  });

  it('only uses real region codes (checked against Intl.DisplayNames)', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const alpha2 of Object.values(ISO_NUMERIC_TO_ALPHA2)) {
      const iso = alpha2 === 'UK' ? 'GB' : alpha2;
      expect(names.of(iso), iso).not.toBe(iso);
    }
  });
});

describe('world-atlas 110m', () => {
  const geometries = (topology as unknown as { objects: { countries: { geometries: { id?: string; properties: { name: string } }[] } } })
    .objects.countries.geometries;

  it('gives every shape a code, by id or by name', () => {
    const missing = geometries.filter((g) => alpha2ForFeature(g.id, g.properties.name) === null);
    expect(missing.map((g) => g.properties.name)).toEqual([]);
    expect(alpha2ForFeature(undefined, 'Kosovo')).toBe('XK');
  });

  it('agrees with the names in the atlas', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const byName = (name: string) => geometries.find((g) => g.properties.name === name);
    expect(alpha2ForFeature(byName('Japan')?.id, 'Japan')).toBe('JP');
    expect(alpha2ForFeature(byName('United Kingdom')?.id, 'United Kingdom')).toBe('UK');
    expect(alpha2ForFeature(byName('United States of America')?.id, 'x')).toBe('US');
    // Spot-check that ids and names agree for the simply named ones.
    let agreeing = 0;
    for (const g of geometries) {
      const alpha2 = alpha2ForFeature(g.id, g.properties.name);
      if (alpha2 && names.of(alpha2 === 'UK' ? 'GB' : alpha2) === g.properties.name) agreeing++;
    }
    expect(agreeing).toBeGreaterThan(130);
  });
});
