// What the provider says about an eSIM (a webhook event's snapshot, or a poll of usage()) applied
// to the shop's copy: esims (states, MB used, expiry), its esim_packages rows, the day's usage,
// and the alerts that became due. Safe whatever order reports come in and however often:
//   - a report older than esims.state_at changes nothing ('stale');
//   - MB used never go down; states only move forward (enabled ⇄ disabled, and a top-up bringing
//     a used-up eSIM back to active, are the exceptions);
//   - alerts go through email_outbox, unique per (order, kind): one per package however many
//     reports cross the same threshold at once.
import { sql } from 'kysely';
import type { Db, EsimPackage } from '@esim/db';
import type { EsimStatus } from '@esim/db';
import type { Services } from '../types.ts';
import { usageAtProvider } from '../shared/esim-providers.ts';
import { snapshotOfUsage, type EsimUsageSnapshot } from '../../providers/esim/index.ts';
import { mergeUsageSnapshot, nextPlanState, nextProfileState, type PackageLife } from '../../domain/esim-packages.ts';
import { thresholdsReached, validityAlertDue, type EsimPlanStateValue, type UsageAlertKind } from '../../domain/esim-life.ts';
import { iso } from '../../domain/time.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { enqueueEmail, scheduleOrderEmails } from '../mail/mail-outbox.ts';

export type SyncOutcome = 'applied' | 'stale' | 'unknown_esim' | 'refunded';

export interface SyncResult {
  outcome: SyncOutcome;
  /** Alerts queued by this report (already queued ones are not counted again by the outbox). */
  alerts: Array<{ orderId: number; kind: UsageAlertKind }>;
}

/**
 * The legacy esims.status, kept in step with the plan state ('canceled' = refunded stays). A used-up
 * eSIM is still 'active': a top-up brings its data back; only the end of validity is 'expired'.
 */
export function legacyStatus(planState: EsimPlanStateValue): EsimStatus {
  switch (planState) {
    case 'not_active':
      return 'not_installed';
    case 'active':
    case 'finished':
      return 'active';
    case 'expired':
      return 'expired';
  }
}

const PACKAGE_FIELDS = ['usedMb', 'state', 'startedAt', 'expiresAt'] as const;

function lifeOf(p: EsimPackage): PackageLife {
  return {
    dataMb: p.data_mb,
    validityDays: p.validity_days,
    usedMb: p.used_mb,
    state: p.state,
    startedAt: p.started_at,
    expiresAt: p.expires_at,
  };
}

/**
 * Applies the provider's report about `iccid`, true at `at` (the event's occurredAt, or the time of
 * the poll). `poll: true` also stamps synced_at (the reconciliation's oldest-first order).
 */
export async function applyUsageSnapshot(
  db: Db,
  services: Services,
  input: { iccid: string; usage: EsimUsageSnapshot; at: Date; poll?: boolean; esimId?: number },
): Promise<SyncResult> {
  const now = services.now();
  const nowIso = iso(now);
  const atIso = iso(input.at);
  const result = await writeTransaction(db, async (trx): Promise<SyncResult> => {
    // By its row when the caller knows it; else by ICCID, which providers recycle: the newest eSIM
    // with that ICCID that is not refunded, else the newest.
    const esim =
      input.esimId !== undefined
        ? await trx.selectFrom('esims').selectAll().where('id', '=', input.esimId).executeTakeFirst()
        : await trx
            .selectFrom('esims')
            .selectAll()
            .where('iccid', '=', input.iccid)
            .orderBy(sql`case when status = 'canceled' then 1 else 0 end`)
            .orderBy('id', 'desc')
            .executeTakeFirst();
    if (!esim) return { outcome: 'unknown_esim', alerts: [] };
    if (input.poll) await trx.updateTable('esims').set({ synced_at: nowIso }).where('id', '=', esim.id).execute();
    if (esim.status === 'canceled') return { outcome: 'refunded', alerts: [] };
    if (esim.state_at !== null && atIso < esim.state_at) return { outcome: 'stale', alerts: [] };

    const snap = input.usage;
    const rows = await trx.selectFrom('esim_packages').selectAll().where('esim_id', '=', esim.id).orderBy('position').execute();
    const usedMb = Math.max(esim.data_used_mb, Math.floor(snap.usedMb));
    const activatedAt = esim.activated_at ?? snap.activatedAt;
    const merged = mergeUsageSnapshot(
      rows.map(lifeOf),
      { usedMb, planState: snap.planState, activatedAt, expiresAt: snap.expiresAt },
      input.at,
    );

    for (const [i, row] of rows.entries()) {
      const m = merged[i]!;
      const before = lifeOf(row);
      if (PACKAGE_FIELDS.every((f) => before[f] === m[f])) continue;
      await trx
        .updateTable('esim_packages')
        .set({ used_mb: m.usedMb, state: m.state, started_at: m.startedAt, expires_at: m.expiresAt, updated_at: nowIso })
        .where('id', '=', row.id)
        .execute();
    }

    const live = rows.filter((r) => r.state !== 'refunded');
    const totalMb =
      live.length === 0 ? snap.totalMb : live.some((r) => r.data_mb === null) ? null : live.reduce((s, r) => s + (r.data_mb ?? 0), 0);
    const planState = nextPlanState(esim.plan_state, snap.planState);
    await trx
      .updateTable('esims')
      .set({
        profile_state: nextProfileState(esim.profile_state, snap.profileState),
        plan_state: planState,
        status: legacyStatus(planState),
        data_used_mb: usedMb,
        data_total_mb: totalMb,
        activated_at: activatedAt,
        expires_at: snap.expiresAt ?? esim.expires_at,
        state_at: atIso,
        updated_at: nowIso,
      })
      .where('id', '=', esim.id)
      .execute();

    const delta = usedMb - esim.data_used_mb;
    if (delta > 0) {
      await trx
        .insertInto('esim_usage_days')
        .values({ esim_id: esim.id, day: atIso.slice(0, 10), used_mb: delta })
        .onConflict((oc) => oc.columns(['esim_id', 'day']).doUpdateSet((eb) => ({ used_mb: eb('esim_usage_days.used_mb', '+', delta) })))
        .execute();
    }

    // Alerts for the package in use, and for one this report used up (its 90% may never have been seen).
    const alerts: SyncResult['alerts'] = [];
    for (const [i, row] of rows.entries()) {
      const m = merged[i]!;
      const justFinished = m.state === 'finished' && row.state !== 'finished';
      if (m.state !== 'active' && !justFinished) continue;
      const highest = thresholdsReached(m.usedMb, m.dataMb).at(-1);
      if (highest !== undefined) alerts.push({ orderId: row.order_id, kind: `usage_${highest}` });
      if (m.state === 'active' && validityAlertDue(m.expiresAt ? new Date(m.expiresAt) : null, now)) {
        alerts.push({ orderId: row.order_id, kind: 'validity_1d' });
      }
    }
    return { outcome: 'applied', alerts: await queueAlerts(trx, alerts, nowIso) };
  });
  for (const orderId of new Set(result.alerts.map((a) => a.orderId))) scheduleOrderEmails(db, services, orderId);
  return result;
}

/** Queues the alerts (the outbox keeps one per order and kind); returns those newly queued. */
async function queueAlerts(trx: Db, alerts: SyncResult['alerts'], nowIso: string): Promise<SyncResult['alerts']> {
  if (alerts.length === 0) return [];
  const orders = await trx
    .selectFrom('orders')
    .select(['id', 'email'])
    .where(
      'id',
      'in',
      alerts.map((a) => a.orderId),
    )
    .execute();
  const emailOf = new Map(orders.map((o) => [o.id, o.email]));
  const queued: SyncResult['alerts'] = [];
  for (const a of alerts) {
    const to = emailOf.get(a.orderId);
    if (!to) continue;
    const before = await trx
      .selectFrom('email_outbox')
      .select('id')
      .where('order_id', '=', a.orderId)
      .where('kind', '=', a.kind)
      .executeTakeFirst();
    if (before) continue;
    await enqueueEmail(trx, { orderId: a.orderId, kind: a.kind, to, now: nowIso });
    queued.push(a);
  }
  return queued;
}

/**
 * The time-based alert (one day of validity left) without a new report: for the worker's pass over
 * live eSIMs. Returns the alerts newly queued.
 */
export async function queueDueValidityAlerts(db: Db, services: Services, limit = 200): Promise<number> {
  const now = services.now();
  const nowIso = iso(now);
  const soon = iso(new Date(now.getTime() + 86_400_000));
  const due = await db
    .selectFrom('esim_packages as p')
    .innerJoin('esims as e', 'e.id', 'p.esim_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .leftJoin('email_outbox as m', (j) => j.onRef('m.order_id', '=', 'p.order_id').on('m.kind', '=', 'validity_1d'))
    .select(['p.order_id', 'o.email', 'p.expires_at'])
    .where('p.state', '=', 'active')
    .where('e.status', '!=', 'canceled')
    .where('p.expires_at', '>', nowIso)
    .where('p.expires_at', '<=', soon)
    .where('m.id', 'is', null)
    .limit(limit)
    .execute();
  let queued = 0;
  for (const d of due) {
    if (!validityAlertDue(d.expires_at ? new Date(d.expires_at) : null, now)) continue;
    await enqueueEmail(db, { orderId: d.order_id, kind: 'validity_1d', to: d.email, now: nowIso });
    scheduleOrderEmails(db, services, d.order_id);
    queued++;
  }
  return queued;
}

export interface EsimPollResult {
  polled: number;
  applied: number;
  failed: number;
}

/**
 * The reconciliation: re-reads usage() for a batch of live eSIMs (not refunded, not expired),
 * oldest synced_at first, and applies it like an event, so a lost webhook never leaves one wrong
 * for long. An eSIM the provider cannot answer for is stamped too (it goes to the back of the line).
 */
export async function pollEsimUsage(db: Db, services: Services, limit = 50): Promise<EsimPollResult> {
  const rows = await db
    .selectFrom('esims')
    .select(['id', 'iccid', 'provider'])
    .where('status', '!=', 'canceled')
    .where('plan_state', '!=', 'expired')
    .orderBy(sql`coalesce(synced_at, '')`)
    .orderBy('id')
    .limit(limit)
    .execute();
  const result: EsimPollResult = { polled: rows.length, applied: 0, failed: 0 };
  for (const r of rows) {
    try {
      const usage = await usageAtProvider(services, r.provider, r.iccid);
      const applied = await applyUsageSnapshot(db, services, {
        iccid: r.iccid,
        esimId: r.id,
        usage: snapshotOfUsage(usage),
        at: services.now(),
        poll: true,
      });
      if (applied.outcome === 'applied') result.applied++;
    } catch (e) {
      result.failed++;
      await db
        .updateTable('esims')
        .set({ synced_at: iso(services.now()) })
        .where('id', '=', r.id)
        .execute();
      services.log.warn('eSIM usage poll failed', { iccid: r.iccid, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return result;
}
