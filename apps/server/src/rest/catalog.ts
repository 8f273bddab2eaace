// The spec's catalogue paths (§7) over the same tRPC procedures the web app calls.
//   GET /api/regions                 Region[]
//   GET /api/regions/:id             Region + countries
//   GET /api/plans?regionId=         Plan[]        (missing/non-numeric → 400, unknown region → 404)
//   GET /api/plans/:planId           Plan          (non-numeric → 400, unknown → 404)
//   GET /api/exchange-rates          { rates, supportedCurrencies }
import { Hono } from 'hono';
import type { ExchangeRates } from '@esim/api/domain';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { positiveIntParam, sendJson } from './respond.ts';

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

export function catalogRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/regions', async (c) => sendJson(c, await callerFor(deps, c).catalog.regions()));

  app.get('/regions/:id', async (c) => {
    const id = positiveIntParam(c.req.param('id'), 'id');
    return sendJson(c, await callerFor(deps, c).catalog.region({ id }));
  });

  app.get('/plans', async (c) => {
    const regionId = positiveIntParam(c.req.query('regionId'), 'regionId');
    return sendJson(c, await callerFor(deps, c).catalog.plans({ regionId }));
  });

  app.get('/plans/:planId', async (c) => {
    const id = positiveIntParam(c.req.param('planId'), 'planId');
    return sendJson(c, await callerFor(deps, c).catalog.plan({ id }));
  });

  app.get('/exchange-rates', async (c) => sendJson(c, toSpecRates(await callerFor(deps, c).catalog.exchangeRates())));

  return app;
}
