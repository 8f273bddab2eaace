#!/usr/bin/env node
// Writes src/features/globe/small-countries.json: a point [longitude, latitude] for every country
// the globe's 110m world-atlas has no shape for (Singapore, Hong Kong, Malta, Bahrain, the Maldives,
// island states…), so the globe can draw a dot there and a tap can choose it. Positions are
// world-countries' `latlng` (its approximate centre; ODbL, the package the search aliases come
// from). The shop spells GB 'UK'. Run after upgrading either package:
//   node apps/web/scripts/globe-markers.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const requireApi = createRequire(join(here, '..', '..', '..', 'packages', 'api', 'package.json'));
const requireWeb = createRequire(join(here, '..', 'package.json'));
const countries = JSON.parse(readFileSync(requireApi.resolve('world-countries/countries.json'), 'utf8'));
const topology = JSON.parse(readFileSync(requireWeb.resolve('world-atlas/countries-110m.json'), 'utf8'));

const inAtlas = new Set(topology.objects.countries.geometries.map((g) => String(g.id ?? '')).filter(Boolean));
const atlasNames = new Set(topology.objects.countries.geometries.map((g) => g.properties?.name));
const markers = {};
for (const c of countries) {
  if (!c.cca2 || !Array.isArray(c.latlng) || c.latlng.length !== 2) continue;
  if (c.ccn3 && inAtlas.has(String(c.ccn3).padStart(3, '0'))) continue;
  if (atlasNames.has(c.name?.common)) continue; // Kosovo, Northern Cyprus… have shapes without an ISO number
  const code = c.cca2 === 'GB' ? 'UK' : c.cca2;
  const [lat, lon] = c.latlng;
  markers[code] = [Math.round(lon * 100) / 100, Math.round(lat * 100) / 100];
}
const sorted = {
  $source: 'world-countries (ODbL 1.0) latlng, for countries without a shape in world-atlas 110m; scripts/globe-markers.mjs',
  ...Object.fromEntries(Object.entries(markers).sort(([a], [b]) => (a < b ? -1 : 1))),
};
const out = join(here, '..', 'src', 'features', 'globe', 'small-countries.json');
writeFileSync(out, `${JSON.stringify(sorted, null, 0).replace(/],/g, '],\n ')}\n`);
console.log(`${Object.keys(sorted).length - 1} countries without a shape → ${out}`);
