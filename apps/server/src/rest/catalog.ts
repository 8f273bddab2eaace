// The spec's catalogue paths (§7) over the same tRPC procedures the web app calls.
//   GET /api/regions                 Region[]
//   GET /api/regions/:id             Region + countries
//   GET /api/plans?regionId=         Plan[]        (missing/non-numeric → 400, unknown region → 404)
//   GET /api/plans/:planId           Plan          (non-numeric → 400, unknown → 404)
//   GET /api/exchange-rates          { rates, supportedCurrencies }
// A plan's name, description and features are composed in the request's Accept-Language (English
// by default) by the same planTexts as the shop's pages: one name for a plan everywhere.
import { Hono } from 'hono';
import { languageFromAcceptLanguage, type CatalogSnapshot } from '@esim/api';
import type { ExchangeRates } from '@esim/api/domain';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { positiveIntParam, sendJson } from '../response.ts';

/** The spec's exchange-rate shape (no rateMicros), derived once per cached rates object. */
const specRates = new WeakMap<ExchangeRates, Pick<ExchangeRates, 'rates' | 'supportedCurrencies'>>();
function toSpecRates(r: ExchangeRates) {
  let v = specRates.get(r);
  if (!v) {
    v = Object.freeze({ rates: r.rates, supportedCurrencies: r.supportedCurrencies });
    specRates.set(r, v);
  }
  return v;
}

/**
 * The catalogue procedures are public and answer from the in-memory snapshot alone: the same
 * input gives the same (frozen) answer for as long as that snapshot is current. So each
 * successful answer is kept per snapshot and input, and later requests reuse it instead of
 * calling the procedure again; invalidate() swaps the snapshot and with it the whole memo.
 * Errors (unknown id) are never kept: they go through the procedure every time. Why: the
 * tRPC caller was a large share of a catalogue request under load (figures in bench/README.md).
 */
export function snapshotMemo(catalog: { peek(): CatalogSnapshot | null }, maxPerSnapshot = 10_000) {
  const bySnapshot = new WeakMap<CatalogSnapshot, Map<string, unknown>>();
  return async function memo<T>(key: string, call: () => Promise<T>): Promise<T> {
    const before = catalog.peek();
    const kept = before ? bySnapshot.get(before) : undefined;
    if (kept?.has(key)) return kept.get(key) as T;
    const value = await call();
    // Keep it only when no reload happened meanwhile, and only cache-owned (frozen) values.
    if (before && catalog.peek() === before && value !== null && typeof value === 'object' && Object.isFrozen(value)) {
      let map = bySnapshot.get(before);
      if (!map) bySnapshot.set(before, (map = new Map()));
      // Bounded: keys a client can vary (the tRPC fast path keys on the raw input) stop being kept.
      if (map.size < maxPerSnapshot) map.set(key, value);
    }
    return value;
  };
}

export function catalogRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const memo = snapshotMemo(deps.services.catalog);

  app.get('/regions', async (c) => sendJson(c, await memo('regions', () => callerFor(deps, c).catalog.regions())));

  app.get('/regions/:id', async (c) => {
    const id = positiveIntParam(c.req.param('id'), 'id');
    return sendJson(c, await memo(`region:${id}`, () => callerFor(deps, c).catalog.region({ id })));
  });

  const catalog = deps.services.catalog;
  app.get('/plans', async (c) => {
    const regionId = positiveIntParam(c.req.query('regionId'), 'regionId');
    const lang = languageFromAcceptLanguage(c.req.header('accept-language'));
    return sendJson(
      c,
      await memo(`plans:${regionId}:${lang}`, async () => {
        await callerFor(deps, c).catalog.plans({ regionId }); // validation and errors as the procedure gives them
        return catalog.listPlansIn(regionId, lang);
      }),
      { varyLanguage: true },
    );
  });

  app.get('/plans/:planId', async (c) => {
    const id = positiveIntParam(c.req.param('planId'), 'planId');
    const lang = languageFromAcceptLanguage(c.req.header('accept-language'));
    return sendJson(
      c,
      await memo(`plan:${id}:${lang}`, async () => {
        await callerFor(deps, c).catalog.plan({ id });
        return catalog.getPlanIn(id, lang);
      }),
      { varyLanguage: true },
    );
  });

  app.get('/exchange-rates', async (c) => sendJson(c, toSpecRates(await memo('rates', () => callerFor(deps, c).catalog.exchangeRates()))));

  return app;
}
