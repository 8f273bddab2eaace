// Top-ups: the packages that fit an eSIM — the plans of its destination that its provider lists for
// that very eSIM (EsimProvider.topUpsFor: Airalo GET /v2/sims/{iccid}/topups, eSIM Access
// package/list {type: TOPUP, iccid}; a plan's code is plans.provider_package, or its slug for the
// seed's plans, which the simulator sells under their slugs) — bought through the same
// checkout (payments.createIntent with topUpIccid: an order with topup_esim_id) and applied to the
// same eSIM by the same exactly-once fulfilment (fulfilment.ts: provider topUp under the key
// 'order:<id>:topup', one esim_packages row per order).
import { Statement, type Db } from '@esim/db';
import type { Plan } from '../../domain/catalog.ts';
import type { CatalogSnapshot } from '../catalog/catalog-cache.ts';
import { AppError } from '../../errors.ts';
import { isEsimProviderError } from '../../providers/esim/types.ts';
import type { Services, SessionUser } from '../types.ts';
import { esimProviderFor } from '../shared/esim-providers.ts';

/** An eSIM as a top-up sees it: whose it is, whether it can take more data, and its destination. */
export interface TopUpTarget {
  esimId: number;
  iccid: string;
  userId: number | null;
  /** The order that bought the eSIM (a 'Manage your eSIM' link names it). */
  orderId: number;
  /** Refunded or expired: no more data can go on it. */
  closed: false | 'refunded' | 'expired';
  /** The destination (region) of the eSIM's first plan; null when that plan is gone from the database. */
  regionId: number | null;
  /** The provider that issued the eSIM (esims.provider): its top-ups go there, whatever else is configured. */
  provider: string;
}

/** The eSIM, its owner and its first plan's destination (SQL text kept once: the checkout runs it per top-up). */
const TOP_UP_TARGET = new Statement<{
  id: number;
  iccid: string;
  user_id: number | null;
  order_id: number;
  status: string;
  plan_state: string | null;
  region_id: number | null;
  provider: string;
}>(
  // A given eSIM (issue 29): its holder is the recipient who claimed it into an account, else nobody's account.
  'select "e"."id", "e"."iccid", case when "g"."status" in (\'scheduled\', \'sent\', \'claimed\') then "g"."recipient_user_id" else "e"."user_id" end as "user_id", ' +
    '"e"."order_id", "e"."status", "e"."plan_state", "p"."region_id", "e"."provider" from "esims" as "e" ' +
    'inner join "orders" as "o" on "o"."id" = "e"."order_id" left join "plans" as "p" on "p"."id" = "o"."plan_id" ' +
    'left join "esim_gifts" as "g" on "g"."esim_id" = "e"."id" where "e"."iccid" = ? ' +
    // ICCIDs are recycled: the eSIM holding it now is the newest one not refunded.
    'order by case when "e"."status" = \'canceled\' then 1 else 0 end, "e"."id" desc limit 1',
);

export async function findTopUpTarget(db: Db, iccid: string): Promise<TopUpTarget | null> {
  const row = await TOP_UP_TARGET.first(db, [iccid]);
  if (!row) return null;
  return {
    esimId: row.id,
    iccid: row.iccid,
    userId: row.user_id,
    orderId: row.order_id,
    closed: row.status === 'canceled' ? 'refunded' : row.status === 'expired' || row.plan_state === 'expired' ? 'expired' : false,
    regionId: row.region_id,
    provider: row.provider,
  };
}

const notYours = () => new AppError('NOT_FOUND', 'There is no eSIM with this number in your account.');

/**
 * Who may top up an eSIM: the signed-in owner, or (issue 26) the holder of a working 'Manage your
 * eSIM' link, which names the order that bought the eSIM.
 */
export type TopUpAuth = { user: SessionUser | null } | { linkOrderId: number };

function authorised(target: TopUpTarget | null, auth: TopUpAuth): target is TopUpTarget {
  if (!target) return false;
  return 'linkOrderId' in auth ? target.orderId === auth.linkOrderId : auth.user !== null && target.userId === auth.user.id;
}

/** The plans that can top up the user's eSIM `iccid` (same destination, listed by its provider); someone else's → 404. */
export async function listTopUpOptions(db: Db, services: Services, userId: number, iccid: string): Promise<Plan[]> {
  const target = await findTopUpTarget(db, iccid);
  if (!target || target.userId !== userId) throw notYours();
  return offersFor(db, services, target);
}

/** The top-ups of an eSIM whose holder is already authorised (the account's owner, or a link's holder). */
export async function offersFor(db: Db, services: Services, target: TopUpTarget): Promise<Plan[]> {
  if (target.closed || target.regionId === null) return [];
  const candidates = topUpOffers(await services.catalog.snapshot(), target.regionId, target.provider);
  let listed: ReadonlySet<number>;
  try {
    listed = await listedByProvider(db, services, target, candidates);
  } catch (e) {
    // Nothing is offered that the provider has not confirmed; the page says there is nothing to buy now.
    if (!isEsimProviderError(e)) throw e;
    services.log.warn('top-up list unavailable from the provider', { code: e.code, message: e.message });
    return [];
  }
  return candidates.filter((p) => listed.has(p.id));
}

/** Of `candidates`, the plan ids whose package the eSIM's own provider lists as a top-up for it. */
async function listedByProvider(
  db: Db,
  services: Services,
  target: Pick<TopUpTarget, 'iccid' | 'provider'>,
  candidates: readonly Plan[],
): Promise<ReadonlySet<number>> {
  if (candidates.length === 0) return new Set();
  const answer = await esimProviderFor(services, target.provider).topUpsFor(target.iccid);
  if (answer === 'any') return new Set(candidates.map((p) => p.id));
  const codes = new Set(answer);
  if (codes.size === 0) return new Set();
  const rows = await db
    .selectFrom('plans')
    .select(['id', 'slug', 'provider_package'])
    .where(
      'id',
      'in',
      candidates.map((p) => p.id),
    )
    .execute();
  return new Set(rows.filter((r) => codes.has(r.provider_package ?? r.slug)).map((r) => r.id));
}

/**
 * The plans that top up an eSIM of a region: the plans of the eSIM's own provider there (issue 25:
 * alternates included, since a cheaper provider's equivalent may be the one listed) — its top-up
 * packages when it sells separate ones (catalog sync marks them topup_only), else its plans. When
 * the provider has no plan of its own there (the seed's plans, which the simulator sells): the
 * region's top-up packages, else its listed plans.
 */
export function topUpOffers(snap: CatalogSnapshot, regionId: number, provider?: string | null): readonly Plan[] {
  if (provider) {
    const own = (snap.allByRegion.get(regionId) ?? []).filter((p) => snap.providerOf.get(p.id) === provider);
    if (own.length > 0) {
      const topUps = own.filter((p) => snap.topUpOnly.has(p.id));
      return topUps.length > 0 ? topUps : own;
    }
  }
  return snap.topUpsByRegion.get(regionId) ?? snap.plansByRegion.get(regionId) ?? [];
}

/** A top-up-only package bought as a new eSIM (or a subscription): refused with what to do instead. */
export async function assertSoldAsNewEsim(services: Services, planId: number): Promise<void> {
  const snap = await services.catalog.snapshot();
  if (snap.topUpOnly.has(planId))
    throw new AppError('BAD_INPUT', "This package only tops up an eSIM you have: open the eSIM's page in your account to buy it.", {
      field: 'planId',
      reason: 'topup_only',
    });
}

/**
 * The checkout's top-up check (only when the buyer asked to top up): signed in as the eSIM's owner
 * or holding its 'Manage your eSIM' link,
 * the eSIM not refunded or expired, the plan of the eSIM's destination. Returns the eSIM's id for
 * orders.topup_esim_id; else a 4xx that says what to do.
 */
export async function checkTopUp(
  db: Db,
  services: Services,
  iccid: string,
  plan: Pick<Plan, 'id' | 'regionId'>,
  auth: TopUpAuth,
): Promise<TopUpTarget> {
  if ('user' in auth && !auth.user)
    throw new AppError('UNAUTHORIZED', 'Please sign in to top up an eSIM: top-ups are bought from your account.');
  const target = await findTopUpTarget(db, iccid);
  if (!authorised(target, auth)) throw notYours();
  if (target.closed === 'refunded')
    throw new AppError('CONFLICT', 'This eSIM was refunded, so it can no longer be topped up. Please buy a new eSIM.', {
      reason: 'refunded',
    });
  if (target.closed === 'expired')
    throw new AppError('CONFLICT', 'This eSIM has expired, so it can no longer be topped up. Please buy a new eSIM.', {
      reason: 'expired',
    });
  const snap = await services.catalog.snapshot();
  const fits = target.regionId !== null && topUpOffers(snap, target.regionId, target.provider).some((p) => p.id === plan.id);
  if (fits && target.regionId === plan.regionId) {
    // The provider's own list for this eSIM decides (it refuses the others when they are applied).
    let listed: ReadonlySet<number>;
    try {
      listed = await listedByProvider(db, services, target, [plan as Plan]);
    } catch (e) {
      if (!isEsimProviderError(e)) throw e;
      throw new AppError('CONFLICT', "The eSIM's provider cannot be reached to confirm this top-up; please try again in a minute.", {
        reason: 'provider_unavailable',
      });
    }
    if (!listed.has(plan.id))
      throw new AppError('BAD_INPUT', "This package is not offered for your eSIM: choose one of the top-ups on the eSIM's page.", {
        field: 'planId',
        reason: 'not_offered',
      });
  }
  if (target.regionId === null || target.regionId !== plan.regionId || !fits) {
    const destination = target.regionId === null || target.regionId === plan.regionId ? null : snap.regionById.get(target.regionId);
    throw new AppError(
      'BAD_INPUT',
      destination
        ? `This package is not for your eSIM's destination: choose a ${destination.name} package to top it up.`
        : "This package is not for your eSIM's destination: choose one of the top-ups offered on the eSIM's page.",
      { field: 'planId', reason: 'other_destination' },
    );
  }
  return target;
}
