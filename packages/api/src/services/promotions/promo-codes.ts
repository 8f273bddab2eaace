// The owner's promo codes (issue 29, admin.promotions.*): create, edit, pause and resume, each
// change and its audit row in one transaction (admin/audit.ts); and each code's figures:
// redemptions (paid orders with the code), revenue (what was paid and kept) and discount given,
// per currency. A refund takes its share back from both: a partial refund of a share s of what an
// order paid leaves (1 − s) of its discount counted, a full one none (and gives its use back).
import type { Db, PromoCode } from '@esim/db';
import { AppError } from '../../errors.ts';
import { PAID_STATES } from '../../domain/orders.ts';
import type { TPromoCodeFields } from '../../domain/promotions.ts';
import { iso } from '../../domain/time.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { diffFields, recordAudit } from '../admin/audit.ts';
import type { AdminActor } from '../admin/views.ts';
import type { Services } from '../types.ts';
import { ruleOf } from './promo-redemption.ts';

export interface PromoCodeFigures {
  currency: string;
  /** Paid orders with the code, not refunded in full. */
  redemptions: number;
  /** Paid by card for them, less what was refunded (minor units). */
  revenueMinor: number;
  /** What the code took off them, less refunded orders' share. */
  discountMinor: number;
}

export interface AdminPromoCode extends TPromoCodeFields {
  id: number;
  paused: boolean;
  /** Live uses (pending and paid orders). */
  usesHeld: number;
  figures: PromoCodeFigures[];
  createdAt: string;
  updatedAt: string;
}

export interface AdminPromoRedemption {
  orderId: string;
  status: string;
  currency: string;
  listMinor: number;
  discountMinor: number;
  paidMinor: number;
  refundedMinor: number;
  guest: boolean;
  createdAt: string;
}

function fieldsOf(row: PromoCode): TPromoCodeFields {
  const r = ruleOf(row);
  return {
    code: r.code,
    kind: r.kind,
    percent: r.percent,
    amounts: row.amounts_json ? (JSON.parse(row.amounts_json) as TPromoCodeFields['amounts']) : null,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    maxUses: r.maxUses,
    maxUsesPerCustomer: r.maxUsesPerCustomer,
    minSpendUsdMinor: r.minSpendUsdMinor,
    regionIds: r.regionIds ? [...r.regionIds] : null,
    planIds: r.planIds ? [...r.planIds] : null,
    firstOrderOnly: r.firstOrderOnly,
    combinesWithPoints: r.combinesWithPoints,
  };
}

function columnsOf(f: TPromoCodeFields) {
  return {
    code: f.code,
    kind: f.kind,
    percent: f.kind === 'percent' ? f.percent : null,
    amounts_json: f.kind === 'fixed' && f.amounts ? JSON.stringify(f.amounts) : null,
    starts_at: f.startsAt ? iso(new Date(f.startsAt)) : null,
    ends_at: f.endsAt ? iso(new Date(f.endsAt)) : null,
    max_uses: f.maxUses,
    max_uses_per_customer: f.maxUsesPerCustomer,
    min_spend_usd_minor: f.minSpendUsdMinor,
    region_ids_json: f.regionIds ? JSON.stringify(f.regionIds) : null,
    plan_ids_json: f.planIds ? JSON.stringify(f.planIds) : null,
    first_order_only: f.firstOrderOnly ? 1 : 0,
    combines_with_points: f.combinesWithPoints ? 1 : 0,
  };
}

async function redemptionRows(db: Db, codeIds: readonly number[]) {
  if (codeIds.length === 0) return [];
  return db
    .selectFrom('promo_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.code_id',
      'r.state',
      'r.currency',
      'r.list_minor',
      'r.discount_minor',
      'r.created_at',
      'r.user_id',
      'o.public_id',
      'o.status',
      'o.total_amount_minor',
      'o.points_discount_minor',
      'o.amount_refunded_minor',
    ])
    .where('r.code_id', 'in', codeIds)
    .orderBy('r.id', 'desc')
    .execute();
}

type RedemptionRow = Awaited<ReturnType<typeof redemptionRows>>[number];

const LIVE = new Set(['pending_payment', 'payment_failed', ...PAID_STATES]);
const BOUGHT = new Set<string>([...PAID_STATES, 'refunded']);

function paidOf(r: RedemptionRow): number {
  return Math.max(0, r.total_amount_minor - r.points_discount_minor);
}

/** The figures per currency (pure over the rows, so the test can recompute them). */
export function figuresOf(rows: readonly RedemptionRow[]): PromoCodeFigures[] {
  const by = new Map<string, PromoCodeFigures>();
  for (const r of rows) {
    if (!BOUGHT.has(r.status)) continue;
    const f = by.get(r.currency) ?? { currency: r.currency, redemptions: 0, revenueMinor: 0, discountMinor: 0 };
    const paid = paidOf(r);
    const refunded = Math.min(paid, r.amount_refunded_minor);
    if (r.status !== 'refunded') f.redemptions += 1;
    f.revenueMinor += paid - refunded;
    f.discountMinor +=
      r.status === 'refunded' ? 0 : paid > 0 ? Math.floor((r.discount_minor * (paid - refunded)) / paid) : r.discount_minor;
    by.set(r.currency, f);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

function toAdmin(row: PromoCode, rows: readonly RedemptionRow[]): AdminPromoCode {
  const mine = rows.filter((r) => r.code_id === row.id);
  return {
    id: row.id,
    ...fieldsOf(row),
    paused: row.paused === 1,
    usesHeld: mine.filter((r) => r.state === 'active' && LIVE.has(r.status)).length,
    figures: figuresOf(mine),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listPromoCodes(db: Db): Promise<AdminPromoCode[]> {
  const codes = await db.selectFrom('promo_codes').selectAll().orderBy('id', 'desc').limit(500).execute();
  const rows = await redemptionRows(
    db,
    codes.map((c) => c.id),
  );
  return codes.map((c) => toAdmin(c, rows));
}

async function mustCode(db: Db, id: number): Promise<PromoCode> {
  const row = await db.selectFrom('promo_codes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No promo code has that id.');
  return row;
}

export async function getPromoCode(db: Db, id: number): Promise<AdminPromoCode & { redemptions: AdminPromoRedemption[] }> {
  const row = await mustCode(db, id);
  const rows = await redemptionRows(db, [id]);
  return {
    ...toAdmin(row, rows),
    redemptions: rows.slice(0, 200).map((r) => ({
      orderId: r.public_id,
      status: r.status,
      currency: r.currency,
      listMinor: r.list_minor,
      discountMinor: r.discount_minor,
      paidMinor: paidOf(r),
      refundedMinor: r.amount_refunded_minor,
      guest: r.user_id === null,
      createdAt: r.created_at,
    })),
  };
}

async function codeTaken(db: Db, code: string, exceptId: number): Promise<void> {
  const other = await db.selectFrom('promo_codes').select('id').where('code', '=', code).where('id', '!=', exceptId).executeTakeFirst();
  if (other) throw new AppError('CONFLICT', `There is a code ${code} already. Choose another code.`, { field: 'code' });
}

export async function createPromoCode(db: Db, services: Services, actor: AdminActor, fields: TPromoCodeFields): Promise<AdminPromoCode> {
  const now = services.now();
  const id = await writeTransaction(db, async (trx) => {
    await codeTaken(trx, fields.code, 0);
    const row = await trx
      .insertInto('promo_codes')
      .values({ ...columnsOf(fields), created_at: iso(now), updated_at: iso(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      {
        action: 'promo_code.create',
        entity: 'promo_code',
        entityId: row.id,
        summary: `Promo code ${fields.code} created`,
        after: { ...fields },
      },
      now,
    );
    return row.id;
  });
  return toAdmin(await mustCode(db, id), []);
}

export async function updatePromoCode(
  db: Db,
  services: Services,
  actor: AdminActor,
  id: number,
  fields: TPromoCodeFields,
): Promise<AdminPromoCode> {
  const now = services.now();
  await writeTransaction(db, async (trx) => {
    const before = await mustCode(trx, id);
    await codeTaken(trx, fields.code, id);
    const diff = diffFields(fieldsOf(before) as unknown as Record<string, unknown>, fields as unknown as Record<string, unknown>);
    if (!diff) return;
    await trx
      .updateTable('promo_codes')
      .set({ ...columnsOf(fields), updated_at: iso(now) })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'promo_code.update',
        entity: 'promo_code',
        entityId: id,
        summary: `Promo code ${before.code}: ${Object.keys(diff.after).join(', ')} changed`,
        ...diff,
      },
      now,
    );
  });
  return toAdmin(await mustCode(db, id), await redemptionRows(db, [id]));
}

/** Pause (no new checkout can use it; orders already holding it keep their price) or resume. */
export async function setPromoCodePaused(
  db: Db,
  services: Services,
  actor: AdminActor,
  id: number,
  paused: boolean,
): Promise<AdminPromoCode> {
  const now = services.now();
  await writeTransaction(db, async (trx) => {
    const before = await mustCode(trx, id);
    if ((before.paused === 1) === paused) return;
    await trx
      .updateTable('promo_codes')
      .set({ paused: paused ? 1 : 0, updated_at: iso(now) })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: paused ? 'promo_code.pause' : 'promo_code.resume',
        entity: 'promo_code',
        entityId: id,
        summary: `Promo code ${before.code} ${paused ? 'paused' : 'resumed'}`,
        before: { paused: !paused },
        after: { paused },
      },
      now,
    );
  });
  return toAdmin(await mustCode(db, id), await redemptionRows(db, [id]));
}
