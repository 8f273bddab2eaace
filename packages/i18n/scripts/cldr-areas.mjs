#!/usr/bin/env node
// Builds src/cldr-areas.json: CLDR's names of the UN M.49 areas the shop names (its regional
// bundles and continents: Europe 150, World 001, Asia 142, …) in its ten languages, from the
// cldr-localenames-full package. Intl.DisplayNames knows these names in Node and most browsers,
// but Chrome ships ICU without them (only 419, Latin America), so the shop carries this small table.
//
//   node packages/i18n/scripts/cldr-areas.mjs          write the file
//   node packages/i18n/scripts/cldr-areas.mjs --check  exit 1 when the file is out of date
// test/destinations.test.ts runs the same check.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const OUTPUT = join(here, '..', 'src', 'cldr-areas.json');
export const LANGUAGES = ['en', 'ar', 'de', 'es', 'fr', 'hi', 'ja', 'pt', 'ru', 'zh'];
/** Every area code destinations.ts maps a bundle or a continent to. */
export const AREAS = ['001', '002', '003', '005', '009', '013', '021', '029', '053', '142', '150', '419'];

const require = createRequire(import.meta.url);

/** area → language → name, straight from CLDR. */
export function buildAreas(
  territoriesOf = (lang) => JSON.parse(readFileSync(require.resolve(`cldr-localenames-full/main/${lang}/territories.json`), 'utf8')),
) {
  const table = { $source: `CLDR ${require('cldr-localenames-full/package.json').version} (cldr-localenames-full), Unicode License v3` };
  for (const area of AREAS) table[area] = {};
  for (const lang of LANGUAGES) {
    const names = territoriesOf(lang).main[lang].localeDisplayNames.territories;
    for (const area of AREAS) {
      if (!names[area]) throw new Error(`CLDR has no ${lang} name for ${area}`);
      table[area][lang] = names[area];
    }
  }
  return table;
}

/** One area a line. */
export function render(table) {
  return `{\n${Object.entries(table)
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join(',\n')}\n}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = render(buildAreas());
  if (process.argv.includes('--check')) {
    if (readFileSync(OUTPUT, 'utf8') !== text) {
      console.error(`${OUTPUT} is out of date: run node packages/i18n/scripts/cldr-areas.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(OUTPUT, text);
    console.log(`wrote ${OUTPUT}`);
  }
}
