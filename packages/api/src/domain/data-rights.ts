// Issue 31: the facts of the data-rights rules that the code and the privacy page share.

/** How long an account deletion link works, in minutes. */
export const DELETION_LINK_MINUTES = 30;
/** What an erased order's address becomes (a reserved domain: nothing is ever sent there). */
export const ERASED_EMAIL = 'erased@erased.invalid';
/** The longest a per-network request counter lives (the longest rate-limit window), in minutes. */
export const REQUEST_COUNTER_MAX_MINUTES = 60;
/**
 * Days a purchase's IP address and browser (orders.purchase_ip / purchase_agent) are kept as evidence
 * for a card dispute: card networks take disputes up to 120 days after the purchase or after the
 * service was due, and a plan runs up to a year; 13 months covers both. Then the worker clears them.
 */
export const PURCHASE_EVIDENCE_DAYS = 395;
