#!/usr/bin/env node
// Lists the keys a language lacks (or has empty) compared with English, per namespace.
//   node packages/i18n/scripts/missing.mjs fr          → missing keys of fr
//   node packages/i18n/scripts/missing.mjs fr --json   → a JSON skeleton {ns: {key: englishText}} to translate
//   node packages/i18n/scripts/missing.mjs             → a count per language
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const flat = (obj, prefix = '', out = {}) => {
  for (const [k, v] of Object.entries(obj ?? {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flat(v, key, out);
    else out[key] = v;
  }
  return out;
};
const read = (lang, ns) => {
  const p = join(root, lang, `${ns}.json`);
  return existsSync(p) ? JSON.parse(readFileSync(p, 'utf8')) : {};
};
const namespaces = readdirSync(join(root, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
const langs = readdirSync(root).filter((l) => l !== 'en');

function missing(lang) {
  const result = {};
  for (const ns of namespaces) {
    const en = flat(read('en', ns));
    const other = flat(read(lang, ns));
    for (const [k, v] of Object.entries(en)) {
      if (typeof other[k] !== 'string' || other[k].trim() === '') (result[ns] ??= {})[k] = v;
    }
  }
  return result;
}

const [lang, flag] = process.argv.slice(2);
if (!lang) {
  for (const l of langs) {
    const m = missing(l);
    const n = Object.values(m).reduce((a, o) => a + Object.keys(o).length, 0);
    console.log(
      `${l}: ${n} missing${
        n
          ? ` (${Object.entries(m)
              .map(([ns, o]) => `${ns} ${Object.keys(o).length}`)
              .join(', ')})`
          : ''
      }`,
    );
  }
} else if (flag === '--json') {
  console.log(JSON.stringify(missing(lang), null, 2));
} else {
  for (const [ns, o] of Object.entries(missing(lang))) for (const k of Object.keys(o)) console.log(`${ns}:${k}`);
}
