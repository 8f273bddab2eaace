// Every pre-rendered page exists in each language ('/coverage', '/de/coverage', …). Before the
// body is parsed, a tiny classic script (this source, written to /assets by
// scripts/prerender.mjs) makes the same choice as main.tsx on an English (unprefixed) page: a
// traveller whose stored preference, else browser language, is another one goes straight to
// that language's URL (location.replace: no extra history entry, and that page is pre-rendered
// too), so nobody sees English first. A prefixed page is already in its language. External, not
// inline: the CSP has no 'unsafe-inline' for scripts. shell.test.tsx checks it against
// detectLanguage() and localizePath().
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '@esim/i18n';
import { PREFIXED_LANGUAGES } from './lib/locale-path.ts';
import { STORAGE_KEYS } from './lib/storage.ts';

export function shellBootScript(): string {
  const json = JSON.stringify;
  return `(function () {
  var codes = ${json(LANGUAGE_CODES)}, prefixed = ${json(PREFIXED_LANGUAGES)}, lang = null;
  var path = location.pathname, first = path.split('/')[1];
  if (prefixed.indexOf(first) >= 0) return;
  try {
    var stored = window.localStorage.getItem(${json(STORAGE_KEYS.language)});
    if (codes.indexOf(stored) >= 0) lang = stored;
  } catch (e) {}
  if (!lang) {
    var prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < prefs.length && !lang; i++) {
      var base = String(prefs[i]).toLowerCase().split(/[-_]/)[0];
      if (codes.indexOf(base) >= 0) lang = base;
    }
  }
  if (lang && lang !== ${json(DEFAULT_LANGUAGE)}) location.replace('/' + lang + path + location.search + location.hash);
})();
`;
}
