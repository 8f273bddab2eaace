#!/usr/bin/env node
// Builds src/domain/search-aliases.json: the other names travellers type for a country ('USA',
// 'UK', 'UAE', 'Holland', 'Republic of Turkey', 'Nippon', 'Deutschland'), keyed by ISO 3166-1
// alpha-2, from the world-countries package (its common and official English names, its
// altSpellings, and the names in the country's own languages). Names in the shop's ten languages
// come from CLDR at run time (@esim/i18n destinationName), so they are not repeated here.
//
//   node packages/api/scripts/search-aliases.mjs          write the file
//   node packages/api/scripts/search-aliases.mjs --check  exit 1 when the file is out of date
// test/domain/search-aliases.test.ts runs the same check.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const OUTPUT = join(here, '..', 'src', 'domain', 'search-aliases.json');

/** The same folding the search uses for its duplicates check: case and accents only. */
const fold = (s) =>
  s
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();

/** code → aliases, from world-countries' records; sorted by code, duplicates (by fold) dropped. */
export function buildAliases(countries) {
  const table = {};
  for (const c of [...countries].sort((a, b) => (a.cca2 < b.cca2 ? -1 : 1))) {
    const code = c.cca2;
    const candidates = [
      c.name.common,
      c.name.official,
      ...c.altSpellings,
      ...Object.values(c.name.native ?? {}).flatMap((n) => [n.common, n.official]),
    ];
    const seen = new Set([fold(code)]);
    const aliases = [];
    for (const name of candidates) {
      const text = name?.trim();
      if (!text || seen.has(fold(text))) continue;
      seen.add(fold(text));
      aliases.push(text);
    }
    if (aliases.length) table[code] = aliases;
  }
  return table;
}

/** The data's source and licence, kept with the data (JSON has no comments; readers skip '$' keys). */
export const SOURCE = 'world-countries (github.com/mledoze/countries), Open Database License 1.0';

/** One country a line, so a data update reads as a small diff. */
export function render(table) {
  const lines = [['$source', SOURCE], ...Object.entries(table)].map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

export function loadCountries() {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve('world-countries/countries.json'), 'utf8'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = render(buildAliases(loadCountries()));
  if (process.argv.includes('--check')) {
    const current = readFileSync(OUTPUT, 'utf8');
    if (current !== text) {
      console.error(`${OUTPUT} is out of date: run node packages/api/scripts/search-aliases.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(OUTPUT, text);
    console.log(`wrote ${OUTPUT} (${Object.keys(JSON.parse(text)).length - 1} countries)`);
  }
}
