// Each page's <head> through the router's head management: a route's `head()` returns
// `pageHead(match.pathname, { title, description })`, and <HeadContent/> in routes/__root.tsx
// renders it (React puts the tags into <head>; the pre-rendered pages carry the same tags).
//   head: ({ match }) => pageHead(match.pathname, { title: t('coverage:meta.title'), description: t('coverage:meta.description') })
// Texts come from the route's namespaces, which its loader has loaded for the page's language.
// Every page gets: title, description, canonical URL, hreflang alternates for the ten languages
// plus x-default, OpenGraph (title, description, url, locale + alternates, image) and a Twitter card.
import type { JSX } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode, type LanguageCode } from '@esim/i18n/languages';
import { config } from '../config.ts';
import { i18n } from './i18n.ts';
import { localizePath } from './locale-path.ts';

/** Written into the pre-rendered pages; the server puts its PUBLIC_URL in its place. */
export const PUBLIC_URL_TOKEN = '__PUBLIC_URL__';

/** The shared picture for links to the shop (public/og-image.jpg). */
export const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;

/** OpenGraph locales (language_TERRITORY). */
export const OG_LOCALES: Record<LanguageCode, string> = {
  en: 'en_US',
  es: 'es_ES',
  fr: 'fr_FR',
  de: 'de_DE',
  zh: 'zh_CN',
  ar: 'ar_AR',
  pt: 'pt_PT',
  ru: 'ru_RU',
  ja: 'ja_JP',
  hi: 'hi_IN',
};

/**
 * The shop's public origin, without a trailing slash: the server's PUBLIC_URL (it fills in the
 * page's <meta name="public-url">), else this page's origin. When pre-rendering, the token.
 */
export function siteOrigin(): string {
  if (import.meta.env.SSR || typeof document === 'undefined') return PUBLIC_URL_TOKEN;
  const configured = document.querySelector<HTMLMetaElement>('meta[name="public-url"]')?.content ?? '';
  return (/^https?:\/\//.test(configured) ? configured : window.location.origin).replace(/\/+$/, '');
}

/** The absolute URL of a route path in a language ('/coverage', 'de' → https://…/de/coverage). */
export function absoluteUrl(path: string, language: LanguageCode = DEFAULT_LANGUAGE): string {
  return `${siteOrigin()}${localizePath(path, language)}`;
}

/**
 * og:locale:alternate for the other nine languages. The router keeps one meta per name/property,
 * so these are rendered beside <HeadContent/> (routes/__root.tsx) rather than by head().
 */
export function ogLocaleAlternates(language: LanguageCode): string[] {
  return LANGUAGE_CODES.filter((l) => l !== language).map((l) => OG_LOCALES[l]);
}

/** A route match that ended on the not-found page (no route matched, or a loader threw notFound()). */
export function isNotFoundMatch(match: { status: string }): boolean {
  const m = match as { status: string; globalNotFound?: boolean; _notFound?: unknown };
  return m.status === 'notFound' || Boolean(m.globalNotFound) || Boolean(m._notFound);
}

/** The page's language: i18next's, which the root route set from the URL. */
export function pageLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;
/** i18next's `t` for head() functions (keys as 'namespace:key'). */
export const tHead: Translate = (key, options) => i18n.t(key as never, options as never) as unknown as string;

export type MetaTag = JSX.IntrinsicElements['meta'];
export type LinkTag = JSX.IntrinsicElements['link'];

export interface PageMeta {
  /** The page's own title; gets ' | {product}' unless `raw`. */
  title: string;
  description?: string | undefined;
  /** Use the title as-is (the landing page's full title). */
  raw?: boolean;
  /** Keep the page out of search results (account, checkout, 404): no canonical or alternates. */
  noindex?: boolean;
  /** JSON-LD objects (schema.org), one <script type="application/ld+json"> each. */
  jsonLd?: Record<string, unknown>[];
}

export interface PageHead {
  meta: MetaTag[];
  links: LinkTag[];
}

/** The head of the page at route path `path` (the router's pathname, without a language prefix). */
export function pageHead(path: string, { title, description, raw = false, noindex = false, jsonLd = [] }: PageMeta): PageHead {
  const language = pageLanguage();
  const fullTitle = raw ? title : tHead('common:meta.titleTemplate', { title });
  const desc = description ?? tHead('common:meta.defaultDescription');
  const url = absoluteUrl(path, language);
  const image = `${siteOrigin()}${OG_IMAGE.path}`;
  const meta: MetaTag[] = [
    { title: fullTitle },
    { name: 'description', content: desc },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: config.productName },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: desc },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: OG_LOCALES[language] },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(OG_IMAGE.width) },
    { property: 'og:image:height', content: String(OG_IMAGE.height) },
    { property: 'og:image:alt', content: config.productName },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: desc },
    { name: 'twitter:image', content: image },
    // The router's head() writes these as <script type="application/ld+json"> (escaped).
    ...jsonLd.map((data) => ({ 'script:ld+json': data }) as MetaTag),
  ];
  const links: LinkTag[] = noindex
    ? []
    : [
        { rel: 'canonical', href: url },
        ...LANGUAGE_CODES.map((l) => ({ rel: 'alternate', hrefLang: l, href: absoluteUrl(path, l) })),
        { rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(path, DEFAULT_LANGUAGE) },
      ];
  return { meta, links };
}
