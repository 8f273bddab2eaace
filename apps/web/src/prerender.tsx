// Pre-rendering (scripts/prerender.mjs): the real app rendered to static HTML for a few public
// pages in every language. The URL's language prefix picks the language ('/ja/' → Japanese),
// as in the browser. The HTML goes into that page's file as a shell that paints before any
// script runs; main.tsx renders the app beside it and swaps it in (shell.ts). Calls the `data`
// source answers resolve (the catalogue, so a destination page carries its plans and prices);
// every other call stays pending, so the shell shows what a first visit shows before data
// arrives. Not part of the browser bundle.
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { DEFAULT_LANGUAGE, directionOf, isLanguageCode, type LanguageCode } from '@esim/i18n';
import { AppProviders } from './app-providers.tsx';
import { i18n, initI18n } from './lib/i18n.ts';
import { adoptUrlLanguage } from './lib/preferences/language-provider.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { isNotFoundMatch } from './lib/page-meta.ts';
import { createTrpc, type AppRouter } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';

import { PRERENDERED_HEAD_ATTRIBUTE, SHELL_ID } from './shell.ts';

export { shellBootScript } from './shell-boot.ts';
export { SHELL_ID };
export { PUBLIC_URL_TOKEN } from './lib/page-meta.ts';
export { renderedShopFacts } from './config.ts';
export { PREFIXED_LANGUAGES, localizePath } from './lib/locale-path.ts';
export { destinationSlug } from '@esim/api/domain';

/** Answers a tRPC query ('catalog.plans', input), or undefined to leave it pending. */
export type DataSource = (path: string, input: unknown) => Promise<unknown> | undefined;

function dataLink(data: DataSource | undefined): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const answer = op.type === 'query' ? data?.(op.path, op.input) : undefined;
        answer?.then(
          (value) => {
            observer.next({ result: { type: 'data', data: value } });
            observer.complete();
          },
          (error: unknown) => observer.error(error as never),
        );
        return () => undefined;
      });
}

export interface RenderedPage {
  /** The app's markup, with the page's head tags (title, meta, links) at its start. */
  html: string;
  /** The head tags React hoisted: <title>, <meta>, <link> (canonical, alternates). */
  head: string;
  lang: LanguageCode;
  dir: 'ltr' | 'rtl';
  /** The router reached a not-found page (an unknown destination). */
  notFound: boolean;
}

let i18nReady: Promise<unknown> | undefined;

/** React writes hoistable tags (<title>, <meta>, <link>) at the start of a string render. */
const LEADING_HEAD = /^(?:<(?:title)\b[^>]*>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)+/;

export async function render(url: string, data?: DataSource): Promise<RenderedPage> {
  await (i18nReady ??= initI18n({ lng: DEFAULT_LANGUAGE }));
  await adoptUrlLanguage(url);
  const queryClient = createQueryClient();
  const trpcClient = createTRPCClient<AppRouter>({ links: [dataLink(data)] });
  const router = createAppRouter(
    { queryClient, trpc: createTrpc(queryClient, trpcClient) },
    createMemoryHistory({ initialEntries: [url] }),
  );
  await router.load();
  const lang = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const html = renderToString(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} initialLanguage={lang}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  queryClient.clear();
  const head = LEADING_HEAD.exec(html)?.[0] ?? '';
  const notFound = router.state.matches.some(isNotFoundMatch);
  return { html: html.slice(head.length), head, lang, dir: directionOf(lang), notFound };
}

/** What a page's document is made of besides the rendered page (scripts/prerender.mjs). */
export interface ShellAssets {
  /** The built index.html, Mantine's styles already in its <head> (dist/app.html). */
  template: string;
  /** The route's own stylesheets (its code-split chunks' CSS), as /assets/… paths. */
  stylesheets: readonly string[];
  /** The boot script's path (/assets/shell-boot-<hash>.js), or null for none. */
  bootScript: string | null;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function replaceOnce(html: string, search: string | RegExp, replacement: string, what: string): string {
  if (typeof search === 'string' ? !html.includes(search) : !search.test(html)) {
    throw new Error(`prerender: ${what} not found in the page template`);
  }
  return html.replace(search, () => replacement);
}

/**
 * The page's whole document: the template with the page's <html lang dir>, its head tags (marked,
 * so the app's own replace them, shell.ts) and the rendered page in #shell beside a hidden #root.
 * The shell runs no script (the CSP allows no inline one): only JSON-LD data blocks stay.
 */
export function pageDocument(page: RenderedPage, { template, stylesheets, bootScript }: ShellAssets): string {
  const html = page.html
    .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<style data-mantine-styles="[^"]*">[^<]*<\/style>/g, '');
  if (/<script(?![^>]*type="application\/ld\+json")/i.test(html)) throw new Error('prerender: the page still has a <script>');
  if (!html.includes('<h1')) throw new Error('prerender: the page rendered no <h1>');
  if (!/<title\b/.test(page.head)) throw new Error('prerender: the page set no <title> (route head())');
  const head = page.head.replace(/<(title|meta|link)\b/g, `<$1 ${PRERENDERED_HEAD_ATTRIBUTE}`);
  const extra = [
    ...stylesheets
      .filter((href) => !template.includes(`href="${href}"`))
      .map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">`),
    ...(bootScript ? [`<script src="${escapeAttr(bootScript)}"></script>`] : []),
  ];
  let out = template
    // The shell paints with HTML and CSS alone: the app's scripts must not take bandwidth from
    // the stylesheets on a slow link (they still start at once, and run when they arrive).
    .replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"')
    // The template's own title and description (marked data-prerendered in the per-language
    // templates the server renders into): the page's head below replaces them.
    .replace(/<title\b[^>]*>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+(?:data-prerendered\s+)?name="description"\s+content="[^"]*"\s*\/?>\s*/, '');
  out = replaceOnce(out, /<html lang="[^"]*" dir="[^"]*"/, `<html lang="${page.lang}" dir="${page.dir}"`, '<html lang dir>');
  out = replaceOnce(out, '</head>', `  ${[head, ...extra].join('\n    ')}\n  </head>`, '</head>');
  out = replaceOnce(
    out,
    '<div id="root"></div>',
    `<div id="${SHELL_ID}" inert>${html}</div><div id="root" hidden></div>`,
    '<div id="root"></div>',
  );
  return out;
}

/** The document of a path no page is pre-rendered for, in a language: <html lang dir>, its title and description. */
export async function fallbackDocument(template: string, lang: LanguageCode): Promise<string> {
  await (i18nReady ??= initI18n({ lng: DEFAULT_LANGUAGE }));
  await i18n.changeLanguage(lang);
  const title = i18n.t('common:meta.defaultTitle');
  const description = i18n.t('common:meta.defaultDescription');
  let out = replaceOnce(template, /<html lang="[^"]*" dir="[^"]*"/, `<html lang="${lang}" dir="${directionOf(lang)}"`, '<html lang dir>');
  // Marked like a pre-rendered page's head: the app drops them once its own (HeadContent) are in.
  out = replaceOnce(out, /<title>[^<]*<\/title>/, `<title ${PRERENDERED_HEAD_ATTRIBUTE}>${escapeAttr(title)}</title>`, '<title>');
  out = replaceOnce(
    out,
    /<meta\s+name="description"\s+content="[^"]*"/,
    `<meta ${PRERENDERED_HEAD_ATTRIBUTE} name="description" content="${escapeAttr(description)}"`,
    'meta description',
  );
  return out;
}
