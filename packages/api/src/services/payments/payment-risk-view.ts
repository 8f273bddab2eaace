// The admin order page's 'Payment risk and disputes' panel (issue 31): the order's Radar reviews,
// early fraud warnings and disputes as the webhooks recorded them (payment_risks), its hold, and —
// once there is any — the evidence the shop holds, in one plain text ready to paste into the
// dispute's response in the Stripe Dashboard: the order, the e-mails sent (with their Message-IDs),
// the eSIM's install and usage events from its provider, the order's status history, and the
// purchase's IP address and browser while they are kept (PURCHASE_EVIDENCE_DAYS; older orders and
// erased ones say so rather than inventing one).
import type { Db, Order, PaymentHold, PaymentRiskKind } from '@esim/db';
import { moneyText } from '../../domain/admin-orders.ts';
import { PURCHASE_EVIDENCE_DAYS } from '../../domain/data-rights.ts';

export interface PaymentRiskView {
  kind: PaymentRiskKind;
  /** Stripe's id (prv_…, issfr_…, du_…). */
  ref: string;
  status: string;
  reason: string | null;
  amountMinor: number | null;
  currency: string | null;
  outcome: string | null;
  esimAction: string | null;
  pointsFrozen: number;
  pointsShort: number;
  createdAt: string;
  closedAt: string | null;
}

export interface OrderRiskView {
  hold: PaymentHold | null;
  items: PaymentRiskView[];
  /** The evidence, as text; null while nothing was flagged. */
  evidence: string | null;
}

const money = (minor: number, currency: string) => moneyText(minor, currency);

/** Undefined when the order has no hold and no review, warning or dispute (the page shows nothing). */
export async function orderRiskView(db: Db, order: Order): Promise<OrderRiskView | undefined> {
  const rows = await db.selectFrom('payment_risks').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  if (rows.length === 0 && order.payment_hold === null) return undefined;
  const items = rows.map((r) => ({
    kind: r.kind,
    ref: r.provider_ref,
    status: r.status,
    reason: r.reason,
    amountMinor: r.amount_minor,
    currency: r.currency,
    outcome: r.outcome,
    esimAction: r.esim_action,
    pointsFrozen: r.points_frozen,
    pointsShort: r.points_short,
    createdAt: r.created_at,
    closedAt: r.closed_at,
  }));
  return { hold: order.payment_hold, items, evidence: rows.length > 0 ? await evidenceText(db, order) : null };
}

/** The evidence text (English: it goes to the card network through Stripe). */
export async function evidenceText(db: Db, order: Order): Promise<string> {
  const [emails, esim, events] = await Promise.all([
    db
      .selectFrom('email_outbox')
      .select(['kind', 'to_address', 'status', 'sent_at', 'message_id'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('esims')
      .selectAll()
      .where((eb) => (order.topup_esim_id === null ? eb('order_id', '=', order.id) : eb('id', '=', order.topup_esim_id)))
      .executeTakeFirst(),
    db
      .selectFrom('order_events')
      .select(['from_status', 'to_status', 'actor', 'reason', 'created_at'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
  ]);
  const esimEvents = esim
    ? await db
        .selectFrom('esim_events')
        .select(['type', 'occurred_at', 'received_at'])
        .where('provider', '=', esim.provider)
        .where('iccid', '=', esim.iccid)
        .where('received_at', '>=', esim.created_at)
        .orderBy('received_at')
        .limit(200)
        .execute()
    : [];
  const lines: string[] = [];
  lines.push(`ORDER ${order.public_id}`);
  lines.push(`Product: ${order.plan_name} (digital eSIM data plan, ${order.plan_data_amount}, ${order.plan_validity_days} days)`);
  lines.push(`Customer e-mail: ${order.email}`);
  lines.push(
    `Amount: ${money(order.total_amount_minor - order.points_discount_minor, order.currency)} by card (${order.payment_provider} ${order.payment_intent_id ?? ''})`.trim(),
  );
  lines.push(`Ordered: ${order.created_at}; paid: ${order.paid_at ?? '—'}; delivered: ${order.fulfilled_at ?? 'not delivered'}`);
  lines.push(
    order.purchase_ip
      ? `Purchase IP address: ${order.purchase_ip}; browser (User-Agent): ${order.purchase_agent || 'not sent'}`
      : `Purchase IP address and device: not held (orders before 28 Nov 2026, erased ones, and after ${PURCHASE_EVIDENCE_DAYS} days)`,
  );
  lines.push('');
  lines.push('DELIVERY E-MAILS');
  if (emails.length === 0) lines.push('None');
  for (const m of emails)
    lines.push(`${m.sent_at ?? `(${m.status})`}  ${m.kind} to ${m.to_address}${m.message_id ? ` — Message-ID ${m.message_id}` : ''}`);
  lines.push('');
  lines.push('ESIM');
  if (!esim) lines.push('No eSIM delivered');
  else {
    lines.push(`ICCID ${esim.iccid} (provider ${esim.provider}); profile ${esim.profile_state}; plan ${esim.plan_state}`);
    lines.push(
      `Activated (first connection): ${esim.activated_at ?? 'never'}; data used: ${esim.data_used_mb} MB of ${esim.data_total_mb ?? 'unlimited'}${esim.data_total_mb === null ? '' : ' MB'}`,
    );
    lines.push('Install and usage events reported by the provider:');
    if (esimEvents.length === 0) lines.push('  none');
    for (const e of esimEvents) lines.push(`  ${e.occurred_at ?? e.received_at}  ${e.type}`);
  }
  lines.push('');
  lines.push('ORDER HISTORY');
  for (const e of events) lines.push(`${e.created_at}  ${e.from_status ?? '—'} → ${e.to_status} (${e.actor}: ${e.reason})`);
  return lines.join('\n');
}
