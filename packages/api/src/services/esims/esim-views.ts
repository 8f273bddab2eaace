// What the account's eSIM screens, top-ups, refunds and receipts receive (issue 13). Types only:
// services/esims/esims.ts, topups.ts, refunds.ts and receipts.ts build them; the web reads them through
// the router's inferred outputs.
import type * as Db from '@esim/db';
import type { PlanTextFacts } from '../../domain/catalog.ts';
import type {
  EsimPackageKind,
  EsimPackageState,
  EsimPlanStateValue,
  EsimProfileStateValue,
  EsimTravellerStatus,
  RefundEligibility,
} from '../../domain/esim-life.ts';
import type { DisplayStatus, OrderState } from '../../domain/orders.ts';

export interface EsimUsageView {
  usedMb: number;
  /** Every package's data together; null: unlimited. */
  totalMb: number | null;
  remainingMb: number | null;
  /** 0–100 (usagePercent); null: unlimited. */
  percent: number | null;
}

/** One eSIM in /account/esim (and the head of /account/esim/{iccid}). */
export interface EsimSummaryView {
  /** e.g. 'ESIM-7K3M9Q2XB4'. */
  id: string;
  iccid: string;
  /** The order that bought the eSIM. */
  orderId: string;
  planId: number;
  planName: string;
  /** The destination and plan, for texts in the traveller's language; null when the plan is gone. */
  planFacts: PlanTextFacts | null;
  /** ready | installed | active | depleted | expired | refunded. */
  status: EsimTravellerStatus;
  profileState: EsimProfileStateValue;
  planState: EsimPlanStateValue;
  usage: EsimUsageView;
  activatedAt: string | null;
  expiresAt: string | null;
  /** Whole days left (rounded up); null before activation; 0 once expired. */
  daysLeft: number | null;
  /** Top-ups can be bought (not expired, not refunded, a top-up plan exists). */
  canTopUp: boolean;
  /** The monthly subscription that renews this eSIM, if any ('SUB-…'). */
  subscriptionId: string | null;
  createdAt: string;
}

export interface EsimPackageView {
  /** The order that paid for it ('ORD-…'). */
  orderId: string;
  kind: EsimPackageKind;
  planName: string;
  planFacts: PlanTextFacts | null;
  /** null: unlimited. */
  dataMb: number | null;
  usedMb: number;
  validityDays: number;
  state: EsimPackageState;
  startedAt: string | null;
  expiresAt: string | null;
  purchasedAt: string;
  refund: RefundEligibility;
}

/** /account/esim/{iccid}: everything, including the install details. */
export interface EsimDetailView extends EsimSummaryView {
  packages: EsimPackageView[];
  /** MB used per UTC day ('YYYY-MM-DD'), oldest first, days without use included as 0 (at most 90). */
  dailyUsage: Array<{ day: string; usedMb: number }>;
  /** The eSIM's own refund (its first order). */
  refund: RefundEligibility;
  activationCode: string;
  /** QR image URL served by this app. */
  qrCode: string;
  /** Show on iOS 17.4+ only. */
  appleInstallUrl: string;
  smdpAddress: string;
  matchingId: string;
  confirmationCodeRequired: boolean;
  apn: string;
  /** The APN to show on an iPhone / on Android when the provider gives one each ('' = automatic there); null: `apn`. */
  apnIos: string | null;
  apnAndroid: string | null;
  /** Issue 29: the account's own eSIM, not installed, never given: 'Give as a gift' is offered (absent: no). */
  giftable?: boolean;
}

export interface ReceiptRefund {
  /** When it was made (ISO). */
  date: string;
  /** Back to the card. */
  amountMinor: number;
  /** Kept for points the order earned that were already used (0: none). */
  cashDeductedMinor: number;
  pointsSettledInCash: number;
  /** The whole order (else a part: goodwill). */
  full: boolean;
  /** Who made it: the traveller, the shop's owner (partial, goodwill or full) or the shop itself (undeliverable). */
  actor: 'traveller' | 'owner' | 'system';
  /** The owner's note to the traveller (quoted in the refund e-mail too); null for the others' refunds. */
  note: string | null;
}

export interface RefundResultView {
  orderId: string;
  /** Always 'refunded' on success (also when it was refunded already: clicking twice is one refund). */
  orderStatus: OrderState;
  /** What went back to the card, minor units of `currency` (0 when points paid it all). */
  amountRefundedMinor: number;
  currency: string;
  /** Points spent on the order that came back. */
  pointsReturned: number;
  /** Kept from the refund for points the order earned that were already spent (0: none). */
  cashDeductedMinor: number;
  pointsSettledInCash: number;
}

/** The printable receipt of one order (/account/orders/{orderId}/receipt). */
export interface ReceiptView {
  orderId: string;
  /** When paid, else when ordered (ISO). */
  date: string;
  seller: { name: string; email: string; phone: string; postalAddress: string; url: string };
  buyer: { email: string; name: string | null };
  items: Array<{
    planName: string;
    planFacts: PlanTextFacts | null;
    /** initial purchase, top-up of an eSIM, or a subscription month. */
    kind: EsimPackageKind;
    iccid: string | null;
    quantity: number;
    unitMinor: number;
    totalMinor: number;
  }>;
  currency: string;
  subtotalMinor: number;
  pointsUsed: number;
  pointsDiscountMinor: number;
  /** What the card paid. */
  paidMinor: number;
  /** What went back to the card in all. */
  refundedMinor: number;
  /** Each refund made (full, partial or goodwill), oldest first. */
  refunds: ReceiptRefund[];
  paymentMethod: { type: 'card' | 'points' | 'card_and_points'; brand: string | null; last4: string | null };
  status: DisplayStatus;
  orderStatus: OrderState;
}

// The domain's state unions are the schema's (compile-time check; domain/ may not import @esim/db).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const ESIM_STATE_UNIONS_AGREE: [
  Same<EsimPackageKind, Db.EsimPackageKind>,
  Same<EsimPackageState, Db.EsimPackageState>,
  Same<EsimPlanStateValue, Db.EsimPlanStateValue>,
  Same<EsimProfileStateValue, Db.EsimProfileStateValue>,
] = [true, true, true, true];
