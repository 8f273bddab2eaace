// admin.rates.*: the exchange rates in force (where each came from and who set it) and editing one.
// Rates live in the catalogue cache, so an edit invalidates it after the commit. Orders keep the
// rate they were priced at (orders.rate_micros), so an edit never changes an order placed before.
import type { Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import { ADMIN_MSG, microsToRate, rateOutOfRange, rateToMicros } from '../../domain/admin.ts';
import { FALLBACK_CURRENCIES } from '../../domain/catalog.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { bumpCatalogVersion } from '../catalog/catalog-sync.ts';
import type { Services } from '../types.ts';
import { recordAudit } from './audit.ts';
import type { AdminActor, AdminRate } from './views.ts';

/** The spec's currencies first (USD, GBP, EUR), then the others by code: the shop's own order. */
const ORDER = FALLBACK_CURRENCIES.map((c) => c.code);
const rank = (code: string) => (ORDER.indexOf(code) === -1 ? ORDER.length : ORDER.indexOf(code));

function ratesQuery(db: Db) {
  return db
    .selectFrom('exchange_rates as x')
    .leftJoin('users as u', 'u.id', 'x.updated_by')
    .select(['x.currency', 'x.name', 'x.symbol', 'x.rate_micros', 'x.updated_at', 'x.source', 'u.username']);
}

type RateFacts = Awaited<ReturnType<ReturnType<typeof ratesQuery>['execute']>>[number];

function toAdminRate(r: RateFacts): AdminRate {
  const micros = Number(r.rate_micros); // bigint column: text on PostgreSQL
  return {
    currency: r.currency,
    name: r.name,
    symbol: r.symbol,
    rateMicros: micros,
    rate: microsToRate(micros),
    updatedAt: r.updated_at,
    source: r.source,
    updatedBy: r.username,
  };
}

export async function listRates(db: Db): Promise<AdminRate[]> {
  const rows = await ratesQuery(db).execute();
  return rows.map(toAdminRate).sort((a, b) => rank(a.currency) - rank(b.currency) || a.currency.localeCompare(b.currency));
}

/** Sets the rate of `currency` (units per 1 USD, typed as text: '0.92'). USD is the base and stays 1. */
export async function updateRate(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: { currency: string; rate: string },
): Promise<AdminRate> {
  const micros = rateToMicros(input.rate);
  const result = await writeTransaction(db, async (trx) => {
    const row = await ratesQuery(trx).where('x.currency', '=', input.currency).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', `The shop has no currency ${input.currency}.`, { field: 'currency' });
    if (input.currency === 'USD') throw new AppError('BAD_INPUT', ADMIN_MSG.rateUsd, { field: 'currency' });
    // Also checked by the router's input (ZRateUpdate); here for every other caller.
    const outOfRange = rateOutOfRange(input.currency, micros);
    if (outOfRange) throw new AppError('BAD_INPUT', outOfRange, { field: 'rate' });
    const before = toAdminRate(row);
    if (before.rateMicros === micros) return { rate: before, changed: false };
    const now = services.now();
    await trx
      .updateTable('exchange_rates')
      .set({ rate_micros: micros, source: 'admin', updated_by: actor.id, updated_at: now.toISOString() })
      .where('currency', '=', input.currency)
      .execute();
    // Other server processes on this database reload the catalogue too (workers/catalog-version.ts).
    await bumpCatalogVersion(trx, services.now().toISOString());
    await recordAudit(
      trx,
      actor,
      {
        action: 'rate.update',
        entity: 'exchange_rate',
        entityId: input.currency,
        summary: `1 USD = ${before.rate} → ${microsToRate(micros)} ${input.currency}`,
        before: { rate: before.rate, source: before.source },
        after: { rate: microsToRate(micros), source: 'admin' },
      },
      now,
    );
    const after = await ratesQuery(trx).where('x.currency', '=', input.currency).executeTakeFirstOrThrow();
    return { rate: toAdminRate(after), changed: true };
  });
  if (result.changed) services.catalog.invalidate();
  return result.rate;
}

// ── the daily feed (providers/rates/ecb.ts) ────────────────────────────────────────────────

export interface RatesFeedResult {
  /** The publication's reference day. */
  date: string;
  /** Currencies whose rate the feed set. */
  updated: string[];
  /** An owner's rate kept: set on or after the publication's day (it holds until a later one). */
  keptAdmin: string[];
  /** A published rate outside the sane band (rateBounds): refused, the stored rate stays. */
  refused: string[];
}

/**
 * Applies one publication of an exchange-rate feed to the currencies the shop sells (it adds none:
 * a currency is offered by its row, made by the seed). Rules, chosen for issue 28:
 * - USD stays 1 (the base); a currency the feed does not publish (AED on the ECB's list) keeps its rate;
 * - an owner's rate (source 'admin') wins until a publication for a later day than the edit, so a
 *   correction made in the afternoon is not undone by that same day's feed, and a stale one does not last;
 * - a rate outside the currency's sane band is refused (as the admin page refuses it), the old one stays;
 * - the same rate again changes nothing (no write, no cache reload).
 * One transaction; the catalogue version is bumped (other processes reload) when anything changed.
 */
export async function applyRatesFeed(
  db: Db,
  services: Pick<Services, 'now' | 'catalog'>,
  source: string,
  snapshot: { date: string; perUsdMicros: Readonly<Record<string, number>> },
): Promise<RatesFeedResult> {
  const result: RatesFeedResult = { date: snapshot.date, updated: [], keptAdmin: [], refused: [] };
  await writeTransaction(db, async (trx) => {
    const rows = await trx.selectFrom('exchange_rates').select(['currency', 'rate_micros', 'source', 'updated_at']).execute();
    const now = services.now().toISOString();
    for (const row of rows.sort((a, b) => rank(a.currency) - rank(b.currency) || a.currency.localeCompare(b.currency))) {
      const micros = snapshot.perUsdMicros[row.currency];
      if (row.currency === 'USD' || micros === undefined) continue;
      if (row.source === 'admin' && snapshot.date <= row.updated_at.slice(0, 10)) {
        result.keptAdmin.push(row.currency);
        continue;
      }
      if (!Number.isSafeInteger(micros) || rateOutOfRange(row.currency, micros) !== null) {
        result.refused.push(row.currency);
        continue;
      }
      if (Number(row.rate_micros) === micros && row.source === `feed:${source}`) continue;
      await trx
        .updateTable('exchange_rates')
        .set({ rate_micros: micros, source: `feed:${source}`, updated_by: null, updated_at: now })
        .where('currency', '=', row.currency)
        .execute();
      result.updated.push(row.currency);
    }
    if (result.updated.length) await bumpCatalogVersion(trx, now);
  });
  if (result.updated.length) services.catalog.invalidate();
  return result;
}
