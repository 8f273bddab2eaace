// The eSIM after the purchase, as pure functions (no db, no clock: `now` comes in): what the
// traveller sees (status in words, usage bar, days left), when a usage alert is due, and whether
// an order can still be refunded. Table tests in esim-life.test.ts.

// The same unions as @esim/db's schema (domain/ may not import the db package); services/esims/esim-views.ts
// checks at compile time that they agree.
export type EsimProfileStateValue = 'released' | 'downloaded' | 'installed' | 'enabled' | 'disabled' | 'deleted';
export type EsimPlanStateValue = 'not_active' | 'active' | 'finished' | 'expired';
export type EsimPackageKind = 'initial' | 'topup' | 'renewal';
export type EsimPackageState = 'queued' | 'active' | 'finished' | 'expired' | 'refunded';

export const DAY_MS = 86_400_000;

/** The refund window of the terms: 14 days from the purchase. */
export const REFUND_WINDOW_DAYS = 14;

/** Usage alerts (FAQ: 50%, 80% and 90%), each sent once per eSIM and package. */
export const USAGE_ALERT_THRESHOLDS = [50, 80, 90] as const;
export type UsageThreshold = (typeof USAGE_ALERT_THRESHOLDS)[number];

/** The alert e-mails, as email_outbox kinds (unique per order, i.e. per package). */
export type UsageAlertKind = 'usage_50' | 'usage_80' | 'usage_90' | 'validity_1d';

/** What the account says, in a traveller's words. */
export type EsimTravellerStatus = 'ready' | 'installed' | 'active' | 'depleted' | 'expired' | 'refunded';

export interface EsimStateFacts {
  profileState: EsimProfileStateValue;
  planState: EsimPlanStateValue;
  /** The eSIM's order was refunded (esims.status 'canceled'). */
  refunded: boolean;
}

export function travellerStatus(s: EsimStateFacts): EsimTravellerStatus {
  if (s.refunded) return 'refunded';
  switch (s.planState) {
    case 'expired':
      return 'expired';
    case 'finished':
      return 'depleted';
    case 'active':
      return 'active';
    case 'not_active':
      return s.profileState === 'released' ? 'ready' : 'installed';
  }
}

/**
 * Data left as the account shows it: none once the eSIM is expired, used up or refunded (whatever
 * the packages held), else total − used, never below 0; null for unlimited data.
 */
export function remainingMb(usedMb: number, totalMb: number | null, status: EsimTravellerStatus): number | null {
  if (totalMb === null) return status === 'expired' || status === 'depleted' || status === 'refunded' ? 0 : null;
  if (status === 'expired' || status === 'depleted' || status === 'refunded') return 0;
  return Math.max(0, totalMb - usedMb);
}

/** Whole percent used, 0–100 (floored, so 79.9% is not yet 80%); null for unlimited data. */
export function usagePercent(usedMb: number, totalMb: number | null): number | null {
  if (totalMb === null) return null;
  if (totalMb <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((usedMb * 100) / totalMb)));
}

/** Thresholds reached by `usedMb` of a package of `totalMb` (all of them, lowest first; the sender dedupes). */
export function thresholdsReached(usedMb: number, totalMb: number | null): UsageThreshold[] {
  const pct = usagePercent(usedMb, totalMb);
  if (pct === null) return [];
  return USAGE_ALERT_THRESHOLDS.filter((t) => pct >= t);
}

/**
 * Whole days of validity left, rounded up (23 h left → 1); 0 once expired; null before activation
 * (validity starts at the first connection).
 */
export function daysLeft(expiresAt: Date | null, now: Date): number | null {
  if (expiresAt === null) return null;
  const ms = expiresAt.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** The 'one day left' alert is due: activated, not expired, at most 24 h of validity left. */
export function validityAlertDue(expiresAt: Date | null, now: Date): boolean {
  if (expiresAt === null) return false;
  const ms = expiresAt.getTime() - now.getTime();
  return ms > 0 && ms <= DAY_MS;
}

/** Why a refund is no longer possible (the account shows it in place of the button). */
export type RefundBlockReason =
  | 'window_passed'
  | 'installed'
  | 'activated'
  | 'package_started'
  | 'already_refunded'
  | 'not_paid'
  | 'subscription';

export type RefundEligibility = { eligible: true; until: string } | { eligible: false; reason: RefundBlockReason };

export interface RefundFacts {
  /** The order's status. */
  orderStatus: string;
  kind: EsimPackageKind;
  /** A month of a subscription (first or renewal): ended by cancelling, not refunded here. */
  subscription: boolean;
  paidAt: Date | null;
  /** The eSIM's states (for the first package); a top-up looks at its package's state instead. */
  profileState: EsimProfileStateValue | null;
  planState: EsimPlanStateValue | null;
  /** The package this order put on the eSIM (null while provisioning). */
  packageState: EsimPackageState | null;
  refundRequested: boolean;
}

/**
 * The terms: a full refund within 14 days of the purchase while the eSIM is neither installed nor
 * activated. A top-up: within 14 days while its package has not started. Subscription months are
 * ended by cancelling, not refunded here. The window ends at paidAt + 14 × 24 h exactly.
 */
export function refundEligibility(f: RefundFacts, now: Date): RefundEligibility {
  if (f.orderStatus === 'refunded' || f.refundRequested) return { eligible: false, reason: 'already_refunded' };
  if (f.orderStatus !== 'fulfilled' || f.paidAt === null) return { eligible: false, reason: 'not_paid' };
  if (f.subscription || f.kind === 'renewal') return { eligible: false, reason: 'subscription' };
  const until = new Date(f.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
  if (now.getTime() >= until.getTime()) return { eligible: false, reason: 'window_passed' };
  if (f.kind === 'topup') {
    if (f.packageState !== 'queued') return { eligible: false, reason: 'package_started' };
    return { eligible: true, until: until.toISOString() };
  }
  if (f.planState !== null && f.planState !== 'not_active') return { eligible: false, reason: 'activated' };
  if (f.profileState !== null && f.profileState !== 'released') return { eligible: false, reason: 'installed' };
  return { eligible: true, until: until.toISOString() };
}

/** Only plans that make sense monthly are sold as a subscription: 30 days of validity. */
export const SUBSCRIPTION_VALIDITY_DAYS = 30;
export function isSubscribable(plan: { validityDays: number }): boolean {
  return plan.validityDays === SUBSCRIPTION_VALIDITY_DAYS;
}
