// The admin area's inputs (issue 14), shared by the admin.* procedures and the admin pages' forms.
// Pure and browser-safe: zod and @esim/db/continents (a plain list) only. Not in the domain barrel
// (index.ts) so the shop's bundle never carries them: import from '@esim/api/domain/admin'.
//
// Every message names what to fix, in English (the admin area is English-only).
import { z } from 'zod';
import { CONTINENTS } from '@esim/db/continents';
import { ORDER_STATUSES } from './orders.ts';
import { FALLBACK_CURRENCIES, REFERENCE_RATE_MICROS } from './catalog.ts';
import { SHOP_LANGUAGES } from './language.ts';

export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_MSG = {
  required: 'Required',
  nameEmpty: 'Enter a name',
  nameMax: 'A name is at most 120 characters',
  descriptionMax: 'A description is at most 2,000 characters',
  priceNegative: 'A price cannot be negative',
  priceZero: 'A price must be more than 0',
  priceWhole: 'A price is a whole number of cents (minor units)',
  priceMax: 'A price is at most 100,000.00',
  currency: 'Use a 3-letter currency code the shop knows, e.g. USD',
  validity: 'Validity is a whole number of days from 1 to 365',
  dataMb: 'Data is a whole number of MB from 1 to 10,000,000, or unlimited',
  dataAmount: 'Enter how the data is shown, e.g. 5GB or Unlimited',
  feature: 'A feature is 1 to 120 characters; at most 12 features',
  regionCode: 'A code is 2 to 12 capital letters, digits or _ (e.g. JP, EU, GLOBAL)',
  continent: 'Pick a continent from the list',
  rate: 'A rate is a positive number of units per 1 USD, e.g. 0.92 (at most 6 decimals)',
  rateUsd: 'USD is the base currency: its rate is always 1',
  points: 'Points are a whole number, not 0, between -1,000,000 and 1,000,000',
  reason: 'Give a reason of 3 to 300 characters; the customer sees it in their points history',
  dateRange: 'The start date must be on or before the end date',
  date: 'Use a date like 2026-11-24',
  color: 'Use a colour like #1a7f64',
  multiplier: 'A multiplier is from 1.00 to 10.00 (100 to 1000 per cent)',
  pointsRequired: 'Points required is a whole number from 0 to 10,000,000',
  perks: 'Up to 12 perks of 1 to 200 characters each',
  target: 'The target is a whole number from 1 to 100,000',
} as const;

const text = () => z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? ADMIN_MSG.required : 'Invalid input') });

const ZPage = z.number().int().min(1).max(100_000).default(1);
const ZPageSize = z.number().int().min(5).max(ADMIN_PAGE_SIZE_MAX).default(25);
/** 'YYYY-MM-DD', a UTC day. */
export const ZDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_MSG.date);
const ZSearch = text().trim().max(200).optional();

/** An ISO 4217-like code in capitals; whether the shop knows it is the service's check (404 → message). */
export const ZCurrencyCode = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, ADMIN_MSG.currency);

/** Integer minor units, > 0 (a plan is never free), ≤ 10,000,000 (100,000.00). */
export const ZPriceMinor = z
  .number({ error: ADMIN_MSG.priceWhole })
  .int(ADMIN_MSG.priceWhole)
  .refine((n) => n >= 0, ADMIN_MSG.priceNegative)
  .refine((n) => n > 0, ADMIN_MSG.priceZero)
  .refine((n) => n <= 10_000_000, ADMIN_MSG.priceMax);

// ── Dashboard ──────────────────────────────────────────────────────────────────────────────
export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type TDashboardRange = (typeof DASHBOARD_RANGES)[number];
export const ZDashboardInput = z.object({ range: z.enum(DASHBOARD_RANGES).default('7d') });

// ── Orders ─────────────────────────────────────────────────────────────────────────────────
/** The order states the table filters by: the shop's own (domain/orders.ts). */
export const ADMIN_ORDER_STATUSES = ORDER_STATUSES;
export const ZOrderListInput = z
  .object({
    page: ZPage,
    pageSize: ZPageSize,
    status: z.enum(ADMIN_ORDER_STATUSES).optional(),
    /** Created on or after this UTC day. */
    from: ZDay.optional(),
    /** Created on or before this UTC day (inclusive). */
    to: ZDay.optional(),
    /** Part of the buyer's e-mail. */
    email: ZSearch,
    /** Part of an ICCID (the order's eSIM, or the eSIM a top-up went to). */
    iccid: ZSearch,
    /** The payment id (pi_… / demo id), exact or prefix. */
    paymentId: ZSearch,
    /** Region code, e.g. JP or EU. */
    destination: ZSearch,
    /** The order number (ORD-…), exact or prefix. */
    orderId: ZSearch,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: ADMIN_MSG.dateRange, path: ['to'] });
export type TOrderListInput = z.infer<typeof ZOrderListInput>;

/** An order by its public number (ORD-…). */
export const ZOrderRef = z.object({ orderId: text().trim().min(1).max(64) });

// ── Catalogue ──────────────────────────────────────────────────────────────────────────────
// The continents a region may carry: one list, the database's (@esim/db/continents, a pure module).
export { CONTINENTS } from '@esim/db/continents';

const ZName = text().trim().min(1, ADMIN_MSG.nameEmpty).max(120, ADMIN_MSG.nameMax);

export const ZRegionInput = z.object({
  name: ZName,
  code: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{2,12}$/, ADMIN_MSG.regionCode),
  /** null: a worldwide bundle (GLOBAL). */
  continent: z.enum(CONTINENTS, { error: ADMIN_MSG.continent }).nullable(),
  kind: z.enum(['country', 'bundle']).default('country'),
  isPopular: z.boolean().default(false),
  visible: z.boolean().default(true),
});
export type TRegionInput = z.infer<typeof ZRegionInput>;
/** A patch: only the fields sent change (no defaults here, so an absent field is never reset). */
export const ZRegionUpdate = z.object({
  id: z.number().int().positive(),
  patch: ZRegionInput.extend({ kind: z.enum(['country', 'bundle']), isPopular: z.boolean(), visible: z.boolean() }).partial(),
});

const ZFeature = text().trim().min(1, ADMIN_MSG.feature).max(120, ADMIN_MSG.feature);

export const ZPlanInput = z.object({
  regionId: z.number().int().positive(),
  name: ZName,
  description: text().trim().max(2000, ADMIN_MSG.descriptionMax).default(''),
  /** USD cents: list prices are in USD; the shop converts with the rates in force. */
  priceMinor: ZPriceMinor,
  /** Display text, e.g. '5GB' or 'Unlimited'. */
  dataAmount: text().trim().min(1, ADMIN_MSG.dataAmount).max(32, ADMIN_MSG.dataAmount),
  /** MB; null: unlimited. */
  dataMb: z.number().int(ADMIN_MSG.dataMb).min(1, ADMIN_MSG.dataMb).max(10_000_000, ADMIN_MSG.dataMb).nullable(),
  validityDays: z.number().int(ADMIN_MSG.validity).min(1, ADMIN_MSG.validity).max(365, ADMIN_MSG.validity),
  features: z.array(ZFeature).max(12, ADMIN_MSG.feature).default([]),
  isPopular: z.boolean().default(false),
  visible: z.boolean().default(true),
});
export type TPlanInput = z.infer<typeof ZPlanInput>;
/** A patch: only the fields sent change (no defaults here, so an absent field is never reset). */
export const ZPlanUpdate = z.object({
  id: z.number().int().positive(),
  patch: ZPlanInput.extend({
    description: text().trim().max(2000, ADMIN_MSG.descriptionMax),
    features: z.array(ZFeature).max(12, ADMIN_MSG.feature),
    isPopular: z.boolean(),
    visible: z.boolean(),
  }).partial(),
});
export const ZPlanListInput = z.object({ regionId: z.number().int().positive().optional() }).default({});
export const ZIdInput = z.object({ id: z.number().int().positive() });

// ── Customers ──────────────────────────────────────────────────────────────────────────────
export const ZCustomerSearch = z.object({ q: ZSearch, page: ZPage, pageSize: ZPageSize, disabledOnly: z.boolean().default(false) });
export const ZUserRef = z.object({ userId: z.number().int().positive() });
/** Issue 31: a guest's data request, by the address they bought or wrote with (checked again by the service). */
export const ZGuestRef = z.object({
  email: z.string().trim().min(3, "Enter the guest's e-mail address.").max(254, 'That address is too long.'),
});
export const ZSetDisabled = z.object({ userId: z.number().int().positive(), disabled: z.boolean() });
/** 'customer', or one of the back-office roles (issue 27). */
export const ZSetRole = z.object({ userId: z.number().int().positive(), role: z.enum(['customer', 'owner', 'support', 'catalogue']) });

// ── Exchange rates ─────────────────────────────────────────────────────────────────────────
/** A rate typed by a person: '0.92', '151.3'. Converted exactly to micros by rateToMicros. */
export const ZRateText = text()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, ADMIN_MSG.rate)
  .refine((s) => rateToMicros(s) > 0, ADMIN_MSG.rate);

/**
 * How far an owner's rate may stray from the shop's reference rate (the seed's, FALLBACK_CURRENCIES):
 * from 1/10 to 10 times it. A typo (a 1,000,000× rate, a misplaced point) is refused with the
 * allowed range instead of pricing every checkout in that currency out of what can be charged.
 */
export const RATE_BAND_FACTOR = 10;
/** Currencies without a reference rate: 1 USD = 0.0001 … 100,000 units. */
export const RATE_ABSOLUTE_MICROS = { min: 100, max: 100_000_000_000 } as const;

export interface RateBounds {
  minMicros: number;
  maxMicros: number;
  /** The seed's rate the band is drawn around; null: only the absolute bounds apply. */
  referenceMicros: number | null;
}

export function rateBounds(currency: string): RateBounds {
  const reference = FALLBACK_CURRENCIES.find((c) => c.code === currency)?.rateMicros ?? REFERENCE_RATE_MICROS[currency] ?? null;
  if (reference === null) return { minMicros: RATE_ABSOLUTE_MICROS.min, maxMicros: RATE_ABSOLUTE_MICROS.max, referenceMicros: null };
  return {
    minMicros: Math.max(RATE_ABSOLUTE_MICROS.min, Math.ceil(reference / RATE_BAND_FACTOR)),
    maxMicros: Math.min(RATE_ABSOLUTE_MICROS.max, reference * RATE_BAND_FACTOR),
    referenceMicros: reference,
  };
}

/** Why `micros` is not a sane rate for `currency` (the message names the allowed range); null when it is. */
export function rateOutOfRange(currency: string, micros: number): string | null {
  const b = rateBounds(currency);
  if (micros >= b.minMicros && micros <= b.maxMicros) return null;
  const range = `between ${microsToRate(b.minMicros)} and ${microsToRate(b.maxMicros)} ${currency} per 1 USD`;
  return b.referenceMicros === null
    ? `The rate must be ${range}.`
    : `The rate must be ${range} (1/${RATE_BAND_FACTOR} to ${RATE_BAND_FACTOR}× the reference rate ${microsToRate(b.referenceMicros)}).`;
}

export const ZRateUpdate = z.object({ currency: ZCurrencyCode, rate: ZRateText }).superRefine((v, ctx) => {
  const problem = v.currency === 'USD' ? null : rateOutOfRange(v.currency, rateToMicros(v.rate));
  if (problem) ctx.addIssue({ code: 'custom', path: ['rate'], message: problem });
});

/** '0.92' → 920000; exact (no floating point). */
export function rateToMicros(rate: string): number {
  const [whole = '0', frac = ''] = rate.split('.');
  return Number(whole) * 1_000_000 + Number(frac.padEnd(6, '0').slice(0, 6));
}

/** 920000 → '0.92'. */
export function microsToRate(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const frac = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

// ── Rewards ────────────────────────────────────────────────────────────────────────────────
export const ZLevelUpdate = z.object({
  id: z.number().int().positive(),
  patch: z
    .object({
      name: ZName,
      description: text().trim().max(500, ADMIN_MSG.descriptionMax),
      color: text().regex(/^#[0-9a-fA-F]{6}$/, ADMIN_MSG.color),
      pointsRequired: z.number().int(ADMIN_MSG.pointsRequired).min(0, ADMIN_MSG.pointsRequired).max(10_000_000, ADMIN_MSG.pointsRequired),
      multiplierPercent: z.number().int(ADMIN_MSG.multiplier).min(100, ADMIN_MSG.multiplier).max(1000, ADMIN_MSG.multiplier),
      perks: z.array(text().trim().min(1, ADMIN_MSG.perks).max(200, ADMIN_MSG.perks)).max(12, ADMIN_MSG.perks),
    })
    .partial(),
});
export const ZAchievementUpdate = z.object({
  id: z.number().int().positive(),
  patch: z
    .object({
      name: ZName,
      description: text().trim().max(500, ADMIN_MSG.descriptionMax),
      pointsAwarded: z.number().int(ADMIN_MSG.points).min(0, ADMIN_MSG.points).max(1_000_000, ADMIN_MSG.points),
      targetProgress: z.number().int(ADMIN_MSG.target).min(1, ADMIN_MSG.target).max(100_000, ADMIN_MSG.target),
    })
    .partial(),
});
export const ZPointsAdjustment = z.object({
  userId: z.number().int().positive(),
  amount: z
    .number({ error: ADMIN_MSG.points })
    .int(ADMIN_MSG.points)
    .min(-1_000_000, ADMIN_MSG.points)
    .max(1_000_000, ADMIN_MSG.points)
    .refine((n) => n !== 0, ADMIN_MSG.points),
  reason: text().trim().min(3, ADMIN_MSG.reason).max(300, ADMIN_MSG.reason),
  /** A key the form makes once per submission, so a double click adjusts once. */
  requestId: text().regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid request id'),
});

// ── Support inbox ──────────────────────────────────────────────────────────────────────────
export const INBOX_STATUSES = ['new', 'answered', 'closed'] as const;
export type TInboxStatus = (typeof INBOX_STATUSES)[number];
export const ZInboxListInput = z.object({ status: z.enum(INBOX_STATUSES).optional(), q: ZSearch, page: ZPage, pageSize: ZPageSize });
export const ZInboxSetStatus = z.object({ id: z.number().int().positive(), status: z.enum(INBOX_STATUSES) });
export const ZSubscriberListInput = z.object({ q: ZSearch, page: ZPage, pageSize: ZPageSize });

// ── Operations ─────────────────────────────────────────────────────────────────────────────
export const ZEmailJobRef = z.object({ outboxId: z.number().int().positive() });

// ── Audit log ──────────────────────────────────────────────────────────────────────────────
export const ZAuditListInput = z
  .object({
    page: ZPage,
    pageSize: ZPageSize,
    /** Exact action ('plan.update') or its entity prefix ('plan.'). */
    action: ZSearch,
    entity: ZSearch,
    entityId: ZSearch,
    /** The admin's username (part). */
    actor: ZSearch,
    from: ZDay.optional(),
    to: ZDay.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: ADMIN_MSG.dateRange, path: ['to'] });

// ── the owner's wording of a plan (admin.catalog.setPlanText; services/admin/plan-texts.ts) ──
const ownerText = (max: number) =>
  z.string().trim().min(1, 'must not be empty (null goes back to the composed text)').max(max, `at most ${max} characters`).nullable();

export const ZPlanOwnerText = z.object({
  planId: z.number().int().positive(),
  lang: z.enum(SHOP_LANGUAGES),
  name: ownerText(200),
  description: ownerText(2000),
});
export type TPlanOwnerText = z.infer<typeof ZPlanOwnerText>;
