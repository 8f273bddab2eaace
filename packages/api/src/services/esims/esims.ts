// The account's eSIMs (/account/esim, /account/esim/{iccid}) as the shop last heard from the
// provider (webhook events and the polling worker keep esims current: esim-sync.ts), and the QR
// images the app serves for them.
import type { Db } from '@esim/db';
import type { Services } from '../types.ts';
import { usageAtProvider } from '../shared/esim-providers.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../types.ts';
import { appleInstallUrl } from '../../domain/activation-code.ts';
import {
  DAY_MS,
  daysLeft,
  refundEligibility,
  remainingMb,
  travellerStatus,
  usagePercent,
  type EsimTravellerStatus,
  type EsimPackageKind,
  type EsimPackageState,
} from '../../domain/esim-life.ts';
import { packagesAsShown } from '../../domain/esim-packages.ts';
import { esimQrUrl } from '../orders/orders.ts';
import { sameHex, sha256Hex } from '../shared/tokens.ts';
import { iso } from '../../domain/time.ts';
import { getPlanDestinations, planTextFacts, type PlanDestination } from '../catalog/plan-facts.ts';
import { applyUsageSnapshot } from './esim-sync.ts';
import { giftHoldOf } from '../gifts/gift-life.ts';
import { mayHoldGiftedEsim } from '../../domain/gifts.ts';
import { topUpOffers } from '../orders/topups.ts';
import { snapshotOfUsage } from '../../providers/esim/index.ts';
import type { EsimDetailView, EsimPackageView, EsimSummaryView, EsimUsageView } from './esim-views.ts';

/** A gift in these states takes the eSIM from its buyer (domain/gifts.ts giftHoldsEsim). */
const GIFT_HOLDING = ['scheduled', 'sent', 'claimed'] as const;

type EsimRow = Awaited<ReturnType<typeof selectEsims>>[number];

/** Whose eSIMs: a signed-in user's (their id), or one order's (a 'Manage your eSIM' link, issue 26). */
export type EsimOwner = number | { orderId: number };

/** The user's (or the order's) eSIMs with their first order (someone else's are not in it). */
function selectEsims(db: Db, owner: EsimOwner, iccid?: string) {
  let q = db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .leftJoin('subscriptions as s', 's.esim_id', 'e.id')
    .selectAll('e')
    .select([
      'o.public_id as order_public_id',
      'o.user_id as order_user_id',
      'o.plan_id',
      'o.plan_name',
      'o.plan_data_mb',
      'o.plan_validity_days',
      'o.status as order_status',
      'o.kind as order_kind',
      'o.subscription_id as order_subscription_id',
      'o.paid_at as order_paid_at',
      'o.refund_requested_at as order_refund_requested_at',
      's.public_id as subscription_public_id',
    ])
    .where((eb) =>
      typeof owner === 'number'
        ? eb.or([
            // The account's own eSIMs, but not one it gave (issue 29: the buyer sees 'Gift sent' in gifts.given)…
            eb.and([
              eb('o.user_id', '=', owner),
              eb.not(
                eb.exists(
                  eb.selectFrom('esim_gifts as g').select('g.id').whereRef('g.esim_id', '=', 'e.id').where('g.status', 'in', GIFT_HOLDING),
                ),
              ),
            ]),
            // …and the ones given to it and claimed into it.
            eb.exists(
              eb
                .selectFrom('esim_gifts as g')
                .select('g.id')
                .whereRef('g.esim_id', '=', 'e.id')
                .where('g.status', '=', 'claimed')
                .where('g.recipient_user_id', '=', owner),
            ),
          ])
        : eb('o.id', '=', owner.orderId),
    );
  if (iccid !== undefined) q = q.where('e.iccid', '=', iccid);
  return q.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').execute();
}

/**
 * The dashboard's tiles: the user's eSIMs that are active (connected, data and validity left; not
 * refunded), counted from the eSIMs themselves, one per eSIM whatever its top-ups, and all of them.
 */
export async function countEsimsForUser(db: Db, userId: number): Promise<{ active: number; total: number }> {
  const row = await db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn
        .count<number | string>(
          eb
            .case()
            .when(eb.and([eb('e.plan_state', '=', 'active'), eb('e.status', '!=', 'canceled')]))
            .then(1)
            .end(),
        )
        .as('active'),
    ])
    // As the list: not the eSIMs the account gave; the ones given to it and claimed (issue 29).
    .where((eb) =>
      eb.or([
        eb.and([
          eb('o.user_id', '=', userId),
          eb.not(
            eb.exists(
              eb.selectFrom('esim_gifts as g').select('g.id').whereRef('g.esim_id', '=', 'e.id').where('g.status', 'in', GIFT_HOLDING),
            ),
          ),
        ]),
        eb.exists(
          eb
            .selectFrom('esim_gifts as g')
            .select('g.id')
            .whereRef('g.esim_id', '=', 'e.id')
            .where('g.status', '=', 'claimed')
            .where('g.recipient_user_id', '=', userId),
        ),
      ]),
    )
    .executeTakeFirst();
  return { active: Number(row?.active ?? 0), total: Number(row?.total ?? 0) };
}

/** Usage as the account shows it (used never above the total in the bar's numbers; nothing left once over). */
function usageView(usedMb: number, totalMb: number | null, status: EsimTravellerStatus): EsimUsageView {
  return {
    usedMb,
    totalMb,
    remainingMb: remainingMb(usedMb, totalMb, status),
    percent: usagePercent(usedMb, totalMb),
  };
}

function summaryOf(
  r: EsimRow,
  now: Date,
  destinations: Map<number, PlanDestination>,
  canTopUp: (planId: number, provider: string | null) => boolean,
): EsimSummaryView {
  const refunded = r.status === 'canceled';
  const status = travellerStatus({ profileState: r.profile_state, planState: r.plan_state, refunded });
  return {
    id: r.public_id,
    iccid: r.iccid,
    orderId: r.order_public_id,
    planId: r.plan_id,
    planName: r.plan_name,
    planFacts: planTextFacts(destinations.get(r.plan_id), { dataMb: r.plan_data_mb, validityDays: r.plan_validity_days }),
    status,
    profileState: r.profile_state,
    planState: r.plan_state,
    usage: usageView(r.data_used_mb, r.data_total_mb ?? (r.state_at === null ? r.plan_data_mb : null), status),
    activatedAt: r.activated_at,
    expiresAt: r.expires_at,
    daysLeft: daysLeft(r.expires_at ? new Date(r.expires_at) : null, now),
    canTopUp: !refunded && status !== 'expired' && canTopUp(r.plan_id, r.provider),
    subscriptionId: r.subscription_public_id,
    createdAt: r.created_at,
  };
}

/**
 * Whether an eSIM shows 'Top up' (issue 25): its own provider offers top-ups for its destination
 * (topUpOffers, as the top-up list does) and the plan's provider facts do not say 'no top-ups'.
 * The list behind the button is the provider's own list for that eSIM (offersFor), asked only
 * when it is opened: a list of eSIMs does not call the provider once per eSIM.
 */
async function topUpChecker(services: Services): Promise<(planId: number, provider: string | null) => boolean> {
  const snap = await services.catalog.snapshot();
  return (planId, provider) => {
    const plan = snap.planById.get(planId);
    if (!plan || plan.facts?.topUps === false) return false;
    return topUpOffers(snap, plan.regionId, provider).length > 0;
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** A live eSIM not heard of for this long is asked about while the account page waits (bounded). */
const REFRESH_AFTER_MS = 60_000;
const REFRESH_TIMEOUT_MS = 1500;

/**
 * Best effort, for eSIMs the provider has not reported on lately (no webhook yet, the worker not
 * running): one usage() read each, at most REFRESH_TIMEOUT_MS, applied like a poll.
 */
async function refreshStale(db: Db, services: Services, rows: readonly EsimRow[]): Promise<boolean> {
  const now = services.now();
  const stale = rows.filter(
    (r) =>
      r.status !== 'canceled' &&
      r.plan_state !== 'expired' &&
      (r.synced_at === null || now.getTime() - Date.parse(r.synced_at) > REFRESH_AFTER_MS) &&
      (r.state_at === null || now.getTime() - Date.parse(r.state_at) > REFRESH_AFTER_MS),
  );
  const results = await Promise.all(
    stale.map(async (r) => {
      try {
        const usage = await withTimeout(usageAtProvider(services, r.provider, r.iccid), REFRESH_TIMEOUT_MS);
        await applyUsageSnapshot(db, services, { iccid: r.iccid, esimId: r.id, usage: snapshotOfUsage(usage), at: now, poll: true });
        return true;
      } catch {
        // The provider does not know it (the simulator after a restart) or is slow: keep what we have.
        return false;
      }
    }),
  );
  return results.some(Boolean);
}

/**
 * esims.refresh, the mutation the eSIM pages call when they open: the user's eSIMs (or the one
 * `iccid`) not heard from the provider for a while are read from it now and the news applied
 * (esim-sync.ts). The reads below (esims.list, esims.get) never do this themselves (house rule 14).
 * Returns how many eSIMs changed; someone else's or an unknown ICCID → 404.
 */
export async function refreshEsimsForUser(db: Db, services: Services, userId: number, iccid?: string): Promise<{ refreshed: number }> {
  const rows = await selectEsims(db, userId, iccid);
  if (iccid !== undefined && rows.length === 0) throw notYours();
  return { refreshed: (await refreshStale(db, services, rows)) ? rows.length : 0 };
}

/** /account/esim: the user's eSIMs, newest first, as the shop last heard from the provider (events, the worker's polls and esims.refresh keep it fresh). Read only. */
export async function listEsimsForUser(db: Db, services: Services, userId: number): Promise<EsimSummaryView[]> {
  const rows = await selectEsims(db, userId);
  const planIds = [...new Set(rows.map((r) => r.plan_id))];
  const [destinations, topUps] = await Promise.all([getPlanDestinations(db, planIds), topUpChecker(services)]);
  const now = services.now();
  return rows.map((r) => summaryOf(r, now, destinations, topUps));
}

/** How many days the usage chart shows at most. */
export const DAILY_USAGE_MAX_DAYS = 90;

/** Every UTC day from `from` to `to` (inclusive, at most `max`, the latest kept), with 0 for days without use. */
export function fillUsageDays(rows: ReadonlyArray<{ day: string; used_mb: number }>, from: string, to: string, max = DAILY_USAGE_MAX_DAYS) {
  const byDay = new Map(rows.map((r) => [r.day, r.used_mb]));
  const end = Date.parse(`${to}T00:00:00Z`);
  let start = Date.parse(`${from}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || start > end) return [];
  start = Math.max(start, end - (max - 1) * DAY_MS);
  const out: Array<{ day: string; usedMb: number }> = [];
  for (let t = start; t <= end; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, usedMb: byDay.get(day) ?? 0 });
  }
  return out;
}

const notYours = () => new AppError('NOT_FOUND', 'There is no eSIM with this number in your account.');

/** /account/esim/{iccid}: everything about one of the user's eSIMs; someone else's or an unknown one → 404. */
export async function getEsimDetail(db: Db, services: Services, owner: EsimOwner, iccid?: string): Promise<EsimDetailView> {
  const [r] = await selectEsims(db, owner, iccid);
  if (!r) throw notYours();
  const now = services.now();
  const packages = await db
    .selectFrom('esim_packages as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .selectAll('p')
    .select([
      'o.public_id as order_public_id',
      'o.plan_id',
      'o.plan_name',
      'o.status as order_status',
      'o.kind as order_kind',
      'o.subscription_id',
      'o.paid_at',
      'o.created_at as order_created_at',
      'o.refund_requested_at',
    ])
    .where('p.esim_id', '=', r.id)
    .orderBy('p.position')
    .execute();
  const planIds = [...new Set([r.plan_id, ...packages.map((p) => p.plan_id)])];
  const [destinations, topUps, days] = await Promise.all([
    getPlanDestinations(db, planIds),
    topUpChecker(services),
    db.selectFrom('esim_usage_days').select(['day', 'used_mb']).where('esim_id', '=', r.id).orderBy('day').execute(),
  ]);
  const refundOf = (o: {
    order_status: string;
    order_kind: string;
    subscription_id: number | null;
    paid_at: string | null;
    refund_requested_at: string | null;
    kind: EsimPackageKind;
    state: EsimPackageState | null;
  }) =>
    refundEligibility(
      {
        orderStatus: o.order_status,
        kind: o.kind,
        subscription: o.order_kind === 'subscription' || o.subscription_id !== null,
        paidAt: o.paid_at ? new Date(o.paid_at) : null,
        profileState: r.profile_state,
        planState: r.plan_state,
        packageState: o.state,
        refundRequested: o.refund_requested_at !== null,
      },
      now,
    );
  const first = packages.find((p) => p.order_id === r.order_id);
  const today = iso(now).slice(0, 10);
  const firstDay = days[0]?.day ?? (r.activated_at ?? today).slice(0, 10);
  const summary = summaryOf(r, now, destinations, topUps);
  // On an expired eSIM the packages agree with its 'Valid until' (none still running, none ending later).
  const shown = packagesAsShown(
    packages.map((p) => ({ ...p, startedAt: p.started_at, expiresAt: p.expires_at })),
    { expired: summary.status === 'expired', expiresAt: summary.expiresAt },
  );
  return {
    ...summary,
    packages: shown.map(
      (p): EsimPackageView => ({
        orderId: p.order_public_id,
        kind: p.kind,
        planName: p.plan_name,
        planFacts: planTextFacts(destinations.get(p.plan_id), { dataMb: p.data_mb, validityDays: p.validity_days }),
        dataMb: p.data_mb,
        usedMb: p.used_mb,
        validityDays: p.validity_days,
        state: p.state,
        startedAt: p.startedAt,
        expiresAt: p.expiresAt,
        purchasedAt: p.paid_at ?? p.order_created_at,
        refund: refundOf(p),
      }),
    ),
    dailyUsage: days.length === 0 && r.activated_at === null ? [] : fillUsageDays(days, firstDay < today ? firstDay : today, today),
    refund: refundOf({
      order_status: r.order_status,
      order_kind: r.order_kind,
      subscription_id: r.order_subscription_id,
      paid_at: r.order_paid_at,
      refund_requested_at: r.order_refund_requested_at,
      kind: 'initial',
      state: first?.state ?? null,
    }),
    activationCode: r.activation_code,
    qrCode: esimQrUrl(r),
    appleInstallUrl: appleInstallUrl(r.activation_code),
    smdpAddress: r.smdp_address,
    matchingId: r.matching_id,
    confirmationCodeRequired: r.confirmation_code_required === 1,
    apn: r.apn,
    apnIos: r.apn_ios,
    apnAndroid: r.apn_android,
    // Issue 29: the buyer's own, uninstalled eSIM (gifts.give checks everything again).
    giftable: typeof owner === 'number' && r.order_user_id === owner && summary.status === 'ready' && summary.expiresAt === null,
  };
}

/**
 * The activation code behind a QR image URL: for the eSIM's owner (signed in), the holder of the
 * URL's token, or of the order's client secret. Anyone else → 404.
 */
export async function getEsimActivationCode(
  db: Db,
  args: { esimId: string; token?: string | undefined; clientSecret?: string | undefined; user: SessionUser | null },
): Promise<{ activationCode: string }> {
  const row = await db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.id', 'e.activation_code', 'e.access_token', 'e.status', 'o.user_id', 'o.client_secret_hash'])
    .where('e.public_id', '=', args.esimId)
    .executeTakeFirst();
  // A given eSIM (issue 29): its recipient (signed in), or the capability token made when it was
  // given (only the recipient's views carry it); never the buyer's account or client secret.
  const gift = row ? await giftHoldOf(db, { esimId: row.id }) : null;
  const ok =
    row !== undefined &&
    ((args.user !== null && (gift ? mayHoldGiftedEsim(gift, { kind: 'user', userId: args.user.id }) : row.user_id === args.user.id)) ||
      (args.token !== undefined && sameHex(sha256Hex(row.access_token), sha256Hex(args.token))) ||
      (gift === null && args.clientSecret !== undefined && sameHex(row.client_secret_hash, sha256Hex(args.clientSecret))));
  if (!row || !ok) throw new AppError('NOT_FOUND');
  return { activationCode: row.activation_code };
}
