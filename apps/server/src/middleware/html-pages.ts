// HTML pages as the static middleware holds them, and the per-language URL rule the server
// shares with the web app (apps/web/src/lib/locale-path.ts): English at '/', the others under
// '/<lang>/'.
import { createHash } from 'node:crypto';
import { SHOP_LANGUAGES } from '@esim/api';
import { siteBase } from '../seo.ts';

export interface HtmlPage {
  html: string;
  etag: string;
}

export function htmlPage(html: string): HtmlPage {
  return { html, etag: `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"` };
}

/** What the build writes where the shop's public URL goes (apps/web/src/lib/page-meta.ts). */
export const PUBLIC_URL_TOKEN = '__PUBLIC_URL__';

/** PUBLIC_URL for HTML attributes and JSON strings alike: no quote, bracket or ampersand survives. */
export function publicUrlForHtml(publicUrl: string): string {
  return siteBase(publicUrl).replace(/["'<>&\\\s]/g, (ch) => encodeURIComponent(ch));
}

const PREFIXES: ReadonlySet<string> = new Set(SHOP_LANGUAGES.filter((l) => l !== 'en'));

/** '/ja/coverage' → { language: 'ja', path: '/coverage' }; English (and unknown prefixes) as they are. */
export function splitLanguagePrefix(path: string): { language: string; path: string } {
  const end = path.indexOf('/', 1);
  const first = end === -1 ? path.slice(1) : path.slice(1, end);
  if (!PREFIXES.has(first)) return { language: 'en', path };
  return { language: first, path: end === -1 ? '/' : path.slice(end) };
}
