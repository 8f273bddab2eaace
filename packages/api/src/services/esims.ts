// The account's eSIMs (/account/esim) and the QR images the app serves for them.
import type { Db, EsimStatus } from '@esim/db';
import type { Services } from './types.ts';
import { AppError } from '../errors.ts';
import type { SessionUser } from './types.ts';
import { appleInstallUrl } from '../domain/activation-code.ts';
import { validityText } from '../domain/orders.ts';
import type { EsimPlanState } from '../providers/esim/index.ts';
import { esimQrUrl } from './orders.ts';
import { sameHex, sha256Hex } from './tokens.ts';
import { iso } from '../domain/time.ts';
import type { PlanTextFacts } from '../domain/catalog.ts';
import { getPlanDestinations, planTextFacts } from './plan-facts.ts';
import type { EsimDetailView } from './esim-views.ts';

export interface EsimView {
  /** e.g. 'ESIM-7K3M9Q2XB4'. */
  id: string;
  orderId: string;
  paymentIntentId: string | null;
  iccid: string;
  planId: number;
  planName: string;
  /** What the plan's texts are composed from in the traveller's language; null when the plan is gone. */
  planFacts: PlanTextFacts | null;
  planData: string;
  planValidity: string;
  /** not_installed | active | expired (canceled after a refund). */
  status: EsimStatus;
  activationCode: string;
  /** QR image URL served by this app. */
  qrCode: string;
  /** Show on iOS 17.4+ only. */
  appleInstallUrl: string;
  smdpAddress: string;
  matchingId: string;
  confirmationCodeRequired: boolean;
  apn: string;
  createdAt: string;
}

/** Plan state on the provider → what the account shows. Used-up data counts as expired (the plan is over). */
function statusOf(planState: EsimPlanState): EsimStatus {
  switch (planState) {
    case 'not_active':
      return 'not_installed';
    case 'active':
      return 'active';
    case 'finished':
    case 'expired':
      return 'expired';
  }
}

/** How long the account page waits for the provider's usage answer per eSIM. */
const STATUS_TIMEOUT_MS = 1500;

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

/** The user's eSIMs, newest first; live ones' status is refreshed from the provider (best effort). */
export async function listEsimsForUser(db: Db, services: Services, userId: number): Promise<EsimView[]> {
  const rows = await db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select([
      'e.id as rowId',
      'e.public_id',
      'e.iccid',
      'e.status',
      'e.activation_code',
      'e.access_token',
      'e.smdp_address',
      'e.matching_id',
      'e.confirmation_code_required',
      'e.apn',
      'e.created_at',
      'o.public_id as order_public_id',
      'o.payment_intent_id',
      'o.plan_id',
      'o.plan_name',
      'o.plan_data_amount',
      'o.plan_data_mb',
      'o.plan_validity_days',
    ])
    .where('o.user_id', '=', userId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();

  await Promise.all(
    rows
      .filter((r) => r.status === 'not_installed' || r.status === 'active')
      .map(async (r) => {
        try {
          const usage = await withTimeout(services.esim.usage(r.iccid), STATUS_TIMEOUT_MS);
          const next = statusOf(usage.planState);
          if (next !== r.status) {
            await db
              .updateTable('esims')
              .set({ status: next, updated_at: iso(services.now()) })
              .where('id', '=', r.rowId)
              .execute();
            r.status = next;
          }
        } catch {
          // The provider does not know it (the simulator after a restart) or is slow: keep what we have.
        }
      }),
  );

  const destinations = await getPlanDestinations(
    db,
    rows.map((r) => r.plan_id),
  );
  return rows.map((r) => ({
    id: r.public_id,
    orderId: r.order_public_id,
    paymentIntentId: r.payment_intent_id,
    iccid: r.iccid,
    planId: r.plan_id,
    planName: r.plan_name,
    planFacts: planTextFacts(destinations.get(r.plan_id), { dataMb: r.plan_data_mb, validityDays: r.plan_validity_days }),
    planData: r.plan_data_amount,
    planValidity: validityText(r.plan_validity_days),
    status: r.status,
    activationCode: r.activation_code,
    qrCode: esimQrUrl(r),
    appleInstallUrl: appleInstallUrl(r.activation_code),
    smdpAddress: r.smdp_address,
    matchingId: r.matching_id,
    confirmationCodeRequired: r.confirmation_code_required === 1,
    apn: r.apn,
    createdAt: r.created_at,
  }));
}

/** /account/esim/{iccid}; someone else's or an unknown eSIM → 404. STUB: built by the eSIM-life helper. */
export async function getEsimDetail(_db: Db, _services: Services, _userId: number, _iccid: string): Promise<EsimDetailView> {
  throw new Error('issue 13: getEsimDetail not built yet');
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
    .select(['e.activation_code', 'e.access_token', 'e.status', 'o.user_id', 'o.client_secret_hash'])
    .where('e.public_id', '=', args.esimId)
    .executeTakeFirst();
  const ok =
    row !== undefined &&
    ((args.user !== null && row.user_id === args.user.id) ||
      (args.token !== undefined && sameHex(sha256Hex(row.access_token), sha256Hex(args.token))) ||
      (args.clientSecret !== undefined && sameHex(row.client_secret_hash, sha256Hex(args.clientSecret))));
  if (!row || !ok) throw new AppError('NOT_FOUND');
  return { activationCode: row.activation_code };
}
