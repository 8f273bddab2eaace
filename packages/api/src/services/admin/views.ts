// What the admin.* procedures return (issue 14). The admin pages are typed by these.
// Money is integer minor units plus a currency code; times are ISO-8601 UTC strings.
import type { OrderRiskView } from '../payments/payment-risk-view.ts';
import type { AdminRole, ContactMessageStatus, EsimPlanStateValue, EsimProfileStateValue, OrderKind, OrderStatus } from '@esim/db';
import type { TravelerLevel } from '../../domain/rewards.ts';
import type { OrderEventView } from '../order-life/events.ts';

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface MoneyView {
  minor: number;
  currency: string;
}

/** The admin making a change, for the audit log. */
export interface AdminActor {
  id: number;
  username: string;
  ip: string;
  /** The actor's back-office role (owner, support, catalogue); absent for the CLI and the system. */
  role?: AdminRole | null | undefined;
  /** Set by requireStepUp: when the admin gave their second factor again before this change (written on the audit row). */
  stepUpAt?: Date | undefined;
}

// ── Dashboard ──────────────────────────────────────────────────────────────────────────────
export interface DashboardView {
  range: 'today' | '7d' | '30d';
  /** The window: [from, to) in UTC. */
  from: string;
  to: string;
  /** Paid revenue (orders paid in the window, net of nothing), per currency, largest first. */
  revenue: MoneyView[];
  /** The same in USD cents (each order's usd_amount_minor): gross, before refunds. */
  revenueUsdMinor: number;
  /** Gross revenue less the refunds made in the window (USD cents): what the shop kept. */
  netRevenueUsdMinor: number;
  paidOrders: number;
  /** Refunds made in the window (full, partial, goodwill): how many, and what went back to cards in USD cents. */
  refunds: { count: number; usdMinor: number };
  newAccounts: number;
  /** Work waiting now (not limited to the window). */
  waiting: {
    /** Paid orders whose eSIM is not delivered yet (paid / provisioning). */
    provisioning: number;
    /** Of those, the ones whose last attempt failed (last_error set). */
    provisioningFailed: number;
    /** E-mails pending. */
    emails: number;
    /** E-mails that failed for good. */
    emailsFailed: number;
  };
  /** One entry per UTC day of the window (oldest first), zeros included. */
  daily: { day: string; usdMinor: number; orders: number }[];
  /** Up to 5 destinations by paid orders in the window. */
  topDestinations: { regionCode: string; name: string; orders: number; usdMinor: number }[];
}

// ── Orders ─────────────────────────────────────────────────────────────────────────────────
export interface AdminOrderRow {
  orderId: string;
  status: OrderStatus;
  kind: OrderKind;
  /** A top-up of another eSIM. */
  topUp: boolean;
  email: string;
  /** The account, when the order belongs to one. */
  user: { id: number; username: string } | null;
  planName: string;
  regionCode: string | null;
  total: MoneyView;
  usdMinor: number;
  paymentId: string | null;
  iccid: string | null;
  createdAt: string;
  paidAt: string | null;
}

export type TimelineKind =
  | 'created'
  | 'paid'
  | 'payment_failed'
  | 'provisioned'
  | 'emailed'
  | 'installed'
  | 'activated'
  | 'refund_requested'
  | 'refunded'
  | 'canceled'
  | 'expired'
  | 'admin';

export interface TimelineEntry {
  kind: TimelineKind;
  at: string;
  /** One line, e.g. 'eSIM e-mail sent to a@b.c' or 'Refunded by admin alice'. */
  detail: string;
}

export interface AdminEmailJob {
  id: number;
  orderId: string;
  kind: string;
  to: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface AdminOrderDetail extends AdminOrderRow {
  locale: string;
  planId: number;
  planDataAmount: string;
  planValidityDays: number;
  subtotal: MoneyView;
  pointsUsed: number;
  pointsDiscount: MoneyView;
  refunded: MoneyView;
  /** Each refund (full, partial or goodwill), oldest first. */
  refunds: AdminRefundView[];
  /** What a next refund may return at most: the card payment less what refunds settled. */
  refundable: MoneyView;
  payment: {
    provider: 'stripe' | 'demo';
    id: string | null;
    /** e.g. 'succeeded', 'refunded' as the provider says; null when it could not be read. */
    status: string | null;
    cardBrand: string | null;
    cardLast4: string | null;
  };
  esim: {
    iccid: string;
    profileState: EsimProfileStateValue;
    planState: EsimPlanStateValue;
    dataUsedMb: number;
    dataTotalMb: number | null;
    activatedAt: string | null;
    expiresAt: string | null;
    smdpAddress: string;
    provider: string;
  } | null;
  /** The eSIM a top-up / renewal went to. */
  topUpIccid: string | null;
  provisioning: { attempts: number; lastError: string | null; nextAttemptAt: string | null };
  emails: AdminEmailJob[];
  timeline: TimelineEntry[];
  /** Every move of the order's status (order_events), oldest first: from → to, who, why, when. */
  statusHistory: OrderEventView[];
  /** Radar reviews, early fraud warnings and disputes, the hold and the evidence (issue 31); absent when none. */
  risk?: OrderRiskView | undefined;
  /** What the order page offers; each is idempotent. */
  actions: { refund: boolean; resendEmail: boolean; retryProvisioning: boolean };
}

export interface AdminRefundView {
  seq: number;
  full: boolean;
  state: 'requested' | 'settled' | 'done';
  actor: 'traveller' | 'owner' | 'system';
  reason: string;
  /** Back to the card. */
  amount: MoneyView;
  /** Kept for points the order earned that were already spent. */
  cashDeducted: MoneyView;
  pointsTaken: number;
  pointsSettledInCash: number;
  pointsUnsettled: number;
  pointsReturned: number;
  providerRefundId: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface AdminActionResult {
  /** 'done': carried out now; 'already': it had been done (a second click); 'queued': will happen shortly. */
  outcome: 'done' | 'already' | 'queued';
  message: string;
  order: AdminOrderDetail;
}

// ── Catalogue ──────────────────────────────────────────────────────────────────────────────
export interface AdminRegion {
  id: number;
  code: string;
  name: string;
  continent: string | null;
  kind: 'country' | 'bundle';
  isPopular: boolean;
  visible: boolean;
  /** Plans in the region (visible + hidden). */
  planCount: number;
  visiblePlanCount: number;
}

export interface AdminPlan {
  id: number;
  regionId: number;
  regionCode: string;
  slug: string;
  name: string;
  description: string;
  priceMinor: number;
  currency: string;
  dataAmount: string;
  dataMb: number | null;
  validityDays: number;
  features: string[];
  isPopular: boolean;
  visible: boolean;
  /** Orders placed for it: a plan with orders can be hidden, never deleted. */
  orderCount: number;
  /** The eSIM provider that sells it ('airalo', 'esimaccess', 'simulator'); null: the shop's own seed plan. */
  provider: string | null;
  /** The provider's package id (what `catalog sync` imported), or null. */
  providerPackage: string | null;
  /** What the plan costs the shop at its provider, integer minor units of wholesaleCurrency; null: unknown. */
  wholesaleMinor: number | null;
  wholesaleCurrency: string | null;
  /** Another provider's equivalent plan is listed instead (its id): this one is an alternate (issue 25). */
  alternateOf: number | null;
}

// ── Customers ──────────────────────────────────────────────────────────────────────────────
export interface AdminCustomerRow {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  role: 'customer' | 'admin';
  /** owner, support or catalogue for an admin account; null for a customer. */
  adminRole: AdminRole | null;
  disabled: boolean;
  emailVerified: boolean;
  createdAt: string;
  orderCount: number;
}

export interface AdminPointsEntry {
  id: number;
  source: string;
  amount: number;
  description: string | null;
  orderId: string | null;
  createdAt: string;
}

export interface AdminCustomerDetail extends AdminCustomerRow {
  mobile: string | null;
  locale: string;
  disabledAt: string | null;
  activeSessions: number;
  orders: AdminOrderRow[];
  esims: {
    iccid: string;
    orderId: string;
    planName: string;
    profileState: EsimProfileStateValue;
    planState: EsimPlanStateValue;
    dataUsedMb: number;
    dataTotalMb: number | null;
    expiresAt: string | null;
  }[];
  points: { balance: number; lifetime: number; level: string | null; history: AdminPointsEntry[] };
  /** Whether this admin may change the role (never one's own last admin role). */
  canChangeRole: boolean;
  /** One's own account, the last owner, and (for all but an owner) an admin account cannot be disabled here. */
  canDisable: boolean;
  /** An owner may end every session of the account without disabling it. */
  canEndSessions: boolean;
}

// ── Exchange rates ─────────────────────────────────────────────────────────────────────────
export interface AdminRate {
  currency: string;
  name: string;
  symbol: string;
  rateMicros: number;
  /** The same, as text ('0.92'). */
  rate: string;
  updatedAt: string;
  source: string;
  updatedBy: string | null;
}

// ── Rewards ────────────────────────────────────────────────────────────────────────────────
/**
 * A level as the admin edits it: the traveller's level (domain/rewards.ts TravelerLevel, one
 * home for its shape) with the multiplier as the table stores it (× 100) and its member count.
 */
export interface AdminLevel extends Omit<TravelerLevel, 'dataRewardMultiplier'> {
  multiplierPercent: number;
  members: number;
}

export interface AdminAchievement {
  id: number;
  key: string;
  name: string;
  description: string;
  category: string;
  pointsAwarded: number;
  targetProgress: number;
  completedBy: number;
}

export interface AdminRewardsView {
  levels: AdminLevel[];
  achievements: AdminAchievement[];
  /** The point rules in force, read-only (they live in code: domain/rewards.ts). */
  rules: { key: string; label: string; value: string }[];
}

// ── Support ────────────────────────────────────────────────────────────────────────────────
export interface AdminContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** 'read' (stored before the admin area) shows as 'new'. */
  status: Exclude<ContactMessageStatus, 'read'>;
  statusChangedAt: string | null;
  /** The sender's account when they were signed in. */
  user: { id: number; username: string } | null;
  createdAt: string;
}

export interface AdminInboxView extends Paged<AdminContactMessage> {
  counts: { new: number; answered: number; closed: number };
}

export interface AdminSubscriber {
  id: number;
  email: string;
  locale: string;
  source: string;
  createdAt: string;
}

// ── Operations ─────────────────────────────────────────────────────────────────────────────
export interface AdminProvisioningJob {
  orderId: string;
  status: OrderStatus;
  email: string;
  planName: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  paidAt: string | null;
  /** A refund claimed and not finished. */
  refundPending: boolean;
}

export interface AdminOperationsView {
  provisioning: AdminProvisioningJob[];
  /** Pending (waiting or retrying) and failed e-mails, oldest first. */
  emails: AdminEmailJob[];
}

// ── Audit log ──────────────────────────────────────────────────────────────────────────────
export interface AdminAuditEntry {
  id: number;
  actor: { id: number | null; username: string };
  action: string;
  entity: string;
  entityId: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
  createdAt: string;
}
