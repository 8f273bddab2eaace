// Destination pages (/destinations/japan, /ar/destinations/japan, …) rendered on first request:
// the web build's SSR bundle (dist/ssr/prerender.js, written by apps/web/scripts/prerender.mjs)
// renders the real page with the live catalogue, so a crawler and a traveller on a slow phone get
// the plans and their USD prices (and the JSON-LD offers) before any script runs. Each page is
// kept per catalogue snapshot: an admin edit (CatalogCache.invalidate()) makes the next request
// render again with the new prices. Without the bundle (or when a render fails) the path gets the
// plain template, as every other page does: never a 500. The bundle renders with the web's
// default shop facts (recorded in shell.json); each page gets the configured ones once, when it
// is rendered (shop-facts.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogSnapshot } from '@esim/api';
import type { AppDeps } from '../types.ts';
import { htmlBrander, recordedFacts, shopFactsFromEnv, type ShopFacts } from '../shop-facts.ts';
import { PUBLIC_URL_TOKEN, htmlPage, publicUrlForHtml, splitLanguagePrefix, type HtmlPage } from './html-pages.ts';

const DESTINATION_PATH = /^\/destinations\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Pages kept per snapshot (each some 85 kB of HTML). Every destination in every language is some
 * 2,500 pages: past the cap a page is rendered on each request (tens of milliseconds).
 */
export const MAX_KEPT_PAGES = 300;

interface ShellConfig {
  template: string;
  bootScript: string | null;
  stylesheets: { destination: string[] };
  /** The shop's facts the bundle renders with. */
  facts?: unknown;
}

/** What the SSR bundle exports (apps/web/src/prerender.tsx). */
export interface SsrModule {
  render(url: string, data: (path: string, input: unknown) => Promise<unknown> | undefined): Promise<{ notFound: boolean }>;
  pageDocument(page: unknown, assets: { template: string; stylesheets: readonly string[]; bootScript: string | null }): string;
}

export interface RenderedPage {
  page: HtmlPage;
  notFound: boolean;
}

/**
 * The release binary's SSR module: bundled into the binary (a single executable cannot import the
 * web build's dist/ssr/prerender.js, whose imports resolve from node_modules). Unset: that file.
 */
let bundledSsr: (() => Promise<SsrModule>) | null = null;
export function useBundledSsr(load: () => Promise<SsrModule>): void {
  bundledSsr = load;
}

export function destinationPages(deps: AppDeps, facts: ShopFacts = shopFactsFromEnv(deps.env)) {
  const root = deps.webDist!;
  const entry = join(root, 'ssr', 'prerender.js');
  const shellFile = join(root, 'ssr', 'shell.json');
  let loading: Promise<{ ssr: SsrModule; shell: ShellConfig; template: string; brand: (html: string) => string } | null> | undefined;
  const kept = new WeakMap<CatalogSnapshot, Map<string, RenderedPage>>();
  // One render at a time: the bundle's i18next holds one current language.
  let queue: Promise<unknown> = Promise.resolve();

  const load = async () => {
    if ((!bundledSsr && !existsSync(entry)) || !existsSync(shellFile)) {
      deps.log.warn('web build has no SSR bundle; destination pages are not pre-rendered', { webDist: root });
      return null;
    }
    try {
      const shell = JSON.parse(readFileSync(shellFile, 'utf8')) as ShellConfig;
      const template = readFileSync(join(root, shell.template), 'utf8');
      const ssr = bundledSsr ? await bundledSsr() : ((await import(pathToFileURL(entry).href)) as SsrModule);
      const rendered = recordedFacts(shell.facts);
      if (!rendered)
        deps.log.warn('shell.json records no shop facts; destination pages keep the names they were built with', { webDist: root });
      return { ssr, shell, template, brand: htmlBrander(facts, rendered) };
    } catch (error) {
      deps.log.error('could not load the SSR bundle; destination pages are not pre-rendered', { error: String(error) });
      return null;
    }
  };

  /** The catalogue procedures a destination page reads, answered from the live snapshot. */
  const data = (path: string, input: unknown): Promise<unknown> | undefined => {
    const catalog = deps.services.catalog;
    const arg = (input ?? {}) as { id?: number; regionId?: number };
    if (path === 'catalog.regions') return catalog.listRegions();
    if (path === 'catalog.plans' && typeof arg.regionId === 'number') return catalog.listPlans(arg.regionId);
    if (path === 'catalog.region' && typeof arg.id === 'number') return catalog.getRegion(arg.id);
    return undefined;
  };

  return {
    /** Whether the path is a destination page, in any language. */
    handles(path: string): boolean {
      return DESTINATION_PATH.test(splitLanguagePrefix(path).path);
    },

    /** The rendered page, or null to serve the plain template. */
    async page(path: string): Promise<RenderedPage | null> {
      const loaded = await (loading ??= load());
      if (!loaded) return null;
      const snapshot = await deps.services.catalog.snapshot();
      let pages = kept.get(snapshot);
      const hit = pages?.get(path);
      if (hit) return hit;
      const job = queue.then(async () => {
        const rendered = await loaded.ssr.render(path, data);
        const html = loaded.ssr.pageDocument(rendered, {
          template: loaded.template,
          stylesheets: loaded.shell.stylesheets.destination,
          bootScript: loaded.shell.bootScript,
        });
        const page = loaded.brand(html.replaceAll(PUBLIC_URL_TOKEN, publicUrlForHtml(deps.env.PUBLIC_URL)));
        return { page: htmlPage(page), notFound: rendered.notFound };
      });
      queue = job.catch(() => undefined);
      try {
        const result = await job;
        if (!pages) kept.set(snapshot, (pages = new Map()));
        if (pages.size < MAX_KEPT_PAGES) pages.set(path, result);
        return result;
      } catch (error) {
        deps.log.error('destination page render failed; serving the plain template', { path, error: String(error) });
        return null;
      }
    },
  };
}
