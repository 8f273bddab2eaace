// The audit step's judgement (scripts/audit-verdict.mjs) on report shapes pnpm audit prints.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { judgeAudit } from '../../../scripts/audit-verdict.mjs';

const report = (advisories: Record<string, unknown>, vulnerabilities: Record<string, number>) =>
  JSON.stringify({
    actions: [],
    advisories,
    muted: [],
    metadata: { vulnerabilities, dependencies: 700, devDependencies: 0, optionalDependencies: 0, totalDependencies: 700 },
  });

const nodemailerHigh = {
  '1109876': {
    module_name: 'nodemailer',
    severity: 'high',
    title: 'Message-level raw option bypasses disableFileAccess/disableUrlAccess',
    url: 'https://github.com/advisories/GHSA-p6gq-j5cr-w38f',
    vulnerable_versions: '<=9.0.0',
    findings: [{ version: '7.0.6', paths: ['packages__api>nodemailer'] }],
  },
};

describe('judgeAudit', () => {
  it('passes a report with no advisories', () => {
    const v = judgeAudit({ status: 0, stdout: report({}, { info: 0, low: 0, moderate: 0, high: 0, critical: 0 }), stderr: '' });
    expect(v).toEqual({ kind: 'clean', summary: '0 critical, 0 high, 0 moderate, 0 low, 0 info' });
  });

  it('fails on a high advisory and names the package, range, advisory and path', () => {
    const v = judgeAudit({ status: 1, stdout: report(nodemailerHigh, { high: 1 }), stderr: '' });
    expect(v.kind).toBe('vulnerable');
    expect(v.findings[0]).toContain('high nodemailer <=9.0.0');
    expect(v.findings[0]).toContain('GHSA-p6gq-j5cr-w38f');
    expect(v.findings[0]).toContain('packages__api>nodemailer');
  });

  it('fails on critical counts even without advisory details', () => {
    const v = judgeAudit({ status: 1, stdout: report({}, { critical: 2 }), stderr: '' });
    expect(v).toEqual({ kind: 'vulnerable', findings: ['0 high, 2 critical (no advisory details in the report)'] });
  });

  it('passes moderate and low advisories (the gate is high)', () => {
    const moderate = { '1': { module_name: 'x', severity: 'moderate', title: 't', url: 'u', findings: [] } };
    const v = judgeAudit({ status: 0, stdout: report(moderate, { moderate: 1 }), stderr: '' });
    expect(v.kind).toBe('clean');
  });

  it('reports an unreachable endpoint as unavailable, not clean', () => {
    const err = JSON.stringify({ error: { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE', message: 'The audit endpoint responded with 405' } });
    expect(judgeAudit({ status: 1, stdout: err, stderr: '' })).toEqual({
      kind: 'unavailable',
      reason: 'ERR_PNPM_AUDIT_BAD_RESPONSE: The audit endpoint responded with 405',
    });
    expect(judgeAudit({ status: 1, stdout: '', stderr: '\n ERR_PNPM_AUDIT_BAD_RESPONSE  405\n' })).toEqual({
      kind: 'unavailable',
      reason: 'ERR_PNPM_AUDIT_BAD_RESPONSE  405',
    });
    expect(judgeAudit({ status: null, stdout: '', stderr: '' })).toEqual({ kind: 'unavailable', reason: 'pnpm audit exited null' });
  });
});
