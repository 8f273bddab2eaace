// Every migration, in order. Migrations are frozen once landed: add a new file, never edit an old one.
// A static map (not a folder scan) so the bundled server carries them.
import type { Migration } from 'kysely';
import * as m20261121001catalog from './2026-11-21-001-catalog.ts';
import * as m20261121002accounts from './2026-11-21-002-accounts.ts';
import * as m20261121003support from './2026-11-21-003-support.ts';
import * as m20261121004orders from './2026-11-21-004-orders.ts';
import * as m20261121005emailVerification from './2026-11-21-005-email-verification.ts';
import * as m20261125001rewards from './2026-11-25-001-rewards.ts';
import * as m20261125002orderExpiry from './2026-11-25-002-order-expiry.ts';
import * as m20261125010rateLimits from './2026-11-25-010-rate-limits.ts';
import * as m20261125020loginAuditRepeats from './2026-11-25-020-login-audit-repeats.ts';
import * as m20261125030passwordReset from './2026-11-25-030-password-reset.ts';
import * as m20261126001locale from './2026-11-26-001-locale.ts';
import * as m20261127001esimLife from './2026-11-27-001-esim-life.ts';
import * as m20261127002refundClaims from './2026-11-27-002-refund-claims.ts';
import * as m20261127010ledgerTotalsIndex from './2026-11-27-010-ledger-totals-index.ts';
import * as m20261127011pointsToReleaseIndex from './2026-11-27-011-points-to-release-index.ts';
import * as m20261128001admin from './2026-11-28-001-admin.ts';
import * as m20261128002providerCatalog from './2026-11-28-002-provider-catalog.ts';
import * as m20261128010orderEvents from './2026-11-28-010-order-events.ts';
import * as m20261128020refunds from './2026-11-28-020-refunds.ts';
import * as m20261128040apnPerOs from './2026-11-28-040-apn-per-os.ts';
import * as m20261128040providerTokens from './2026-11-28-040-provider-tokens.ts';
import * as m20261128040recycledIccids from './2026-11-28-040-recycled-iccids.ts';
import * as m20261128050planFacts from './2026-11-28-050-plan-facts.ts';
import * as m20261128060esimLinks from './2026-11-28-060-esim-links.ts';
import * as m20261128060refundCodes from './2026-11-28-060-refund-codes.ts';
import * as m20261128080secondFactors from './2026-11-28-080-second-factors.ts';
import * as m20261128090adminRoles from './2026-11-28-090-admin-roles.ts';
import * as m20261128100orderEventTrigger from './2026-11-28-100-order-event-trigger.ts';
import * as m20261128110severalProviders from './2026-11-28-110-several-providers.ts';
import * as m20261128210promoCodes from './2026-11-28-210-promo-codes.ts';
import * as m20261128220tickets from './2026-11-28-220-tickets.ts';
import * as m20261128230invoices from './2026-11-28-230-invoices.ts';
import * as m20261128240paymentRisk from './2026-11-28-240-payment-risk.ts';
import * as m20261128250dataRights from './2026-11-28-250-data-rights.ts';
import * as m20261128270esimGifts from './2026-11-28-270-esim-gifts.ts';
import * as m20261128320checkoutGifts from './2026-11-28-320-checkout-gifts.ts';
import * as m20261128290liveChat from './2026-11-28-290-live-chat.ts';
import * as m20261128340purchaseEvidence from './2026-11-28-340-purchase-evidence.ts';
import * as m20261128260referrals from './2026-11-28-260-referrals.ts';
import * as m20261128330promoLimits from './2026-11-28-330-promo-limits.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-21-001-catalog': m20261121001catalog,
  '2026-11-21-002-accounts': m20261121002accounts,
  '2026-11-21-003-support': m20261121003support,
  '2026-11-21-004-orders': m20261121004orders,
  '2026-11-21-005-email-verification': m20261121005emailVerification,
  '2026-11-25-001-rewards': m20261125001rewards,
  '2026-11-25-002-order-expiry': m20261125002orderExpiry,
  '2026-11-25-010-rate-limits': m20261125010rateLimits,
  '2026-11-25-020-login-audit-repeats': m20261125020loginAuditRepeats,
  '2026-11-25-030-password-reset': m20261125030passwordReset,
  '2026-11-26-001-locale': m20261126001locale,
  '2026-11-27-001-esim-life': m20261127001esimLife,
  '2026-11-27-002-refund-claims': m20261127002refundClaims,
  '2026-11-27-010-ledger-totals-index': m20261127010ledgerTotalsIndex,
  '2026-11-27-011-points-to-release-index': m20261127011pointsToReleaseIndex,
  '2026-11-28-001-admin': m20261128001admin,
  '2026-11-28-002-provider-catalog': m20261128002providerCatalog,
  '2026-11-28-010-order-events': m20261128010orderEvents,
  '2026-11-28-020-refunds': m20261128020refunds,
  '2026-11-28-040-apn-per-os': m20261128040apnPerOs,
  '2026-11-28-040-provider-tokens': m20261128040providerTokens,
  '2026-11-28-040-recycled-iccids': m20261128040recycledIccids,
  '2026-11-28-050-plan-facts': m20261128050planFacts,
  '2026-11-28-060-esim-links': m20261128060esimLinks,
  '2026-11-28-060-refund-codes': m20261128060refundCodes,
  '2026-11-28-080-second-factors': m20261128080secondFactors,
  '2026-11-28-090-admin-roles': m20261128090adminRoles,
  '2026-11-28-100-order-event-trigger': m20261128100orderEventTrigger,
  '2026-11-28-110-several-providers': m20261128110severalProviders,
  '2026-11-28-210-promo-codes': m20261128210promoCodes,
  '2026-11-28-220-tickets': m20261128220tickets,
  '2026-11-28-230-invoices': m20261128230invoices,
  '2026-11-28-240-payment-risk': m20261128240paymentRisk,
  '2026-11-28-250-data-rights': m20261128250dataRights,
  '2026-11-28-270-esim-gifts': m20261128270esimGifts,
  '2026-11-28-290-live-chat': m20261128290liveChat,
  '2026-11-28-260-referrals': m20261128260referrals,
  '2026-11-28-340-purchase-evidence': m20261128340purchaseEvidence,
  '2026-11-28-330-promo-limits': m20261128330promoLimits,
  '2026-11-28-320-checkout-gifts': m20261128320checkoutGifts,
};
