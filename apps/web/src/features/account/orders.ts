// The account's view of an order (spec §3 Order) and the pure helpers the order table uses.
// Every field but the id may be missing: the spec's fallbacks ('Plan #id', 'Unknown plan',
// 'Unknown date') cover what the server leaves out. `orders.list`'s rows fit this shape.
import type { PlanTextFacts } from '@esim/api/domain';
import { formatMinor } from '../../lib/format.ts';

export interface AccountOrder {
  id: string | number;
  planId?: number | null;
  planName?: string | null;
  /** What the plan's name is composed from in the UI language (preferred over planName). */
  planFacts?: PlanTextFacts | null;
  /** Decimal amount in `currency`. */
  totalAmount?: number | null;
  /** Minor units in `currency` (preferred when present: no float rounding). */
  totalMinor?: number | null;
  currency?: string | null;
  /** The order's badge (completed, pending, failed, refunded, canceled, expired). */
  status?: string | null;
  /** The eSIM's own chip beside it: ready, installed, active, depleted, expired; null when none. */
  esimStatus?: string | null;
  createdAt?: string | Date | null;
  /** Image URL of the eSIM's QR code, once delivered. */
  esimQrCode?: string | null;
  paymentIntentId?: string | null;
  /** The eSIM the order put data on (its own, or the one a top-up filled); null before delivery. */
  iccid?: string | null;
  /** A top-up of an eSIM the traveller has. */
  isTopUp?: boolean;
  /** What the card paid (the total less the points' discount), minor units of `currency`. */
  paidMinor?: number | null;
  /** What went back to the card in all (full, partial and goodwill refunds), minor units of `currency`. */
  refundedMinor?: number | null;
  /** What the refunds kept for points the order earned that were already used. */
  refundKeptMinor?: number | null;
  /** Who made the latest refund: the traveller, the shop's owner, or the shop itself (undeliverable). */
  refundedBy?: 'traveller' | 'owner' | 'system' | null;
  /** Paid but held: 'review' (payment under review), 'refused' (not approved). */
  paymentHold?: 'review' | 'refused' | null;
}

export interface RefundSummary {
  /** Money went back but the order stands (an owner's partial or goodwill refund). */
  partial: boolean;
  refundedMinor: number;
  keptMinor: number;
  /** What the traveller paid in the end, for an order that stands (null: not known, or refunded in full). */
  netMinor: number | null;
  /** The shop's owner made the latest refund ('refunded by us'). */
  byUs: boolean;
}

/** What the order's refunds gave back and kept; null when nothing went back and nothing was kept. */
export function refundSummary(
  order: Pick<AccountOrder, 'status' | 'paidMinor' | 'refundedMinor' | 'refundKeptMinor' | 'refundedBy'>,
): RefundSummary | null {
  const refundedMinor = Math.max(0, order.refundedMinor ?? 0);
  const keptMinor = Math.max(0, order.refundKeptMinor ?? 0);
  if (refundedMinor === 0 && keptMinor === 0) return null;
  const partial = order.status !== 'refunded';
  const netMinor = partial && typeof order.paidMinor === 'number' ? Math.max(0, order.paidMinor - refundedMinor) : null;
  return { partial, refundedMinor, keptMinor, netMinor, byUs: order.refundedBy === 'owner' };
}

export type StatusColor = 'green' | 'yellow' | 'red';

/** Spec §4: completed green, pending yellow, anything else red. */
export function orderStatusColor(status: string | null | undefined): StatusColor {
  const s = (status ?? '').toLowerCase();
  if (s === 'completed') return 'green';
  if (s === 'pending') return 'yellow';
  return 'red';
}

/** Spec §4: the status with its first letter capitalised ('pending' → 'Pending'). */
export function capitalizeStatus(status: string | null | undefined): string {
  const s = status ?? '';
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The eSIM chips the account knows (esimChip in @esim/api/domain); anything else shows no chip. */
export const ESIM_CHIPS = ['ready', 'installed', 'active', 'depleted', 'expired'] as const;
export type EsimChipValue = (typeof ESIM_CHIPS)[number];

export function knownEsimChip(value: string | null | undefined): EsimChipValue | null {
  return ESIM_CHIPS.find((c) => c === value) ?? null;
}

export interface PlanLabel {
  kind: 'name' | 'number' | 'unknown';
  text?: string;
  id?: number;
}

/** The plan's name; else 'Plan #id'; else 'Unknown plan' (spec §3). */
export function planLabel(order: Pick<AccountOrder, 'planId' | 'planName'>): PlanLabel {
  const name = order.planName?.trim();
  if (name) return { kind: 'name', text: name };
  if (typeof order.planId === 'number' && Number.isFinite(order.planId)) return { kind: 'number', id: order.planId };
  return { kind: 'unknown' };
}

/** The amount in the order's own currency, formatted for the UI language; null when unknown. */
export function formatOrderAmount(order: Pick<AccountOrder, 'totalMinor' | 'totalAmount' | 'currency'>, locale: string): string | null {
  const minor =
    typeof order.totalMinor === 'number' && Number.isFinite(order.totalMinor)
      ? order.totalMinor
      : typeof order.totalAmount === 'number' && Number.isFinite(order.totalAmount)
        ? Math.round(order.totalAmount * 100)
        : null;
  if (minor === null) return null;
  const currency = /^[A-Z]{3}$/.test(order.currency ?? '') ? order.currency! : 'USD';
  return formatMinor(minor, currency, locale);
}

const dates = new Map<string, Intl.DateTimeFormat>();

/** 'Jun 3, 2025' in the UI language; null when missing or not a date ('Unknown date'). */
export function formatOrderDate(createdAt: AccountOrder['createdAt'], locale: string): string | null {
  if (!createdAt) return null;
  const d = createdAt instanceof Date ? createdAt : new Date(createdAt);
  if (Number.isNaN(d.getTime())) return null;
  let f = dates.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    dates.set(locale, f);
  }
  return f.format(d);
}
