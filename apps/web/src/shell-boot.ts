// The pre-rendered shell is English. Before the body is parsed, a tiny classic script (this
// source, written to /assets by scripts/prerender.mjs) makes the same language choice as
// detectLanguage() in lib/i18n.ts; for any other language it hides the shell (so nobody sees
// English first) and sets <html lang dir> at once. External, not inline: the CSP has no
// 'unsafe-inline' for scripts. shell.test.tsx checks it against detectLanguage().
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, RTL_LANGUAGES } from '@esim/i18n';
import { STORAGE_KEYS } from './lib/storage.ts';

/** The attribute on <html> that hides #shell (styles/global.css). */
export const SHELL_OFF_ATTRIBUTE = 'data-shell';

export function shellBootScript(): string {
  const json = JSON.stringify;
  return `(function () {
  var codes = ${json(LANGUAGE_CODES)}, rtl = ${json(RTL_LANGUAGES)}, lang = null;
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
  if (lang && lang !== ${json(DEFAULT_LANGUAGE)}) {
    var root = document.documentElement;
    root.setAttribute(${json(SHELL_OFF_ATTRIBUTE)}, 'off');
    root.lang = lang;
    root.dir = rtl.indexOf(lang) >= 0 ? 'rtl' : 'ltr';
  }
})();
`;
}
