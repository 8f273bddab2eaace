// The statement says how many automated page audits the browser suite runs: count them in
// apps/web/e2e so the figure on /accessibility stays true (update accessibility-facts.ts when a
// browser test adds or removes an audit).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESSIBILITY_LAST_REVIEWED, AUDIT_CALLS, AUDIT_FILES } from './accessibility-facts.ts';

const E2E = join(import.meta.dirname, '../../../e2e');
const AUDIT_CALL = /\b(?:auditPage|checkWidths|axeCheck)\(/g;

describe('the accessibility statement’s facts', () => {
  it('the audit counts are the browser suite’s', () => {
    const counts = readdirSync(E2E)
      .filter((f) => f.endsWith('.e2e.ts'))
      .map((f) => (readFileSync(join(E2E, f), 'utf8').match(AUDIT_CALL) ?? []).length)
      .filter((n) => n > 0);
    expect({ calls: counts.reduce((a, b) => a + b, 0), files: counts.length }).toEqual({ calls: AUDIT_CALLS, files: AUDIT_FILES });
  });
  it('the review date is a real date, not in the future of the build', () => {
    expect(ACCESSIBILITY_LAST_REVIEWED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(ACCESSIBILITY_LAST_REVIEWED))).toBe(false);
  });
});
