// The facts the accessibility statement (/accessibility, issue 31) states, kept where a test can
// hold them to the truth: accessibility-facts.test.ts counts the page audits in apps/web/e2e and
// fails when these numbers drift from what the suite really runs.

/** When the statement was last reviewed against the shop (ISO date). Change it with each review. */
export const ACCESSIBILITY_LAST_REVIEWED = '2026-11-28';

/**
 * The automated audits of the browser tests: calls of auditPage / checkWidths / axeCheck
 * (apps/web/e2e/audit.ts, browser.ts: axe-core, serious and critical findings fail) and the
 * browser test files that make them.
 */
export const AUDIT_CALLS = 115;
export const AUDIT_FILES = 38;
