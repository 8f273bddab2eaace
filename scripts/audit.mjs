#!/usr/bin/env node
// The dependency audit step of `npm test`: `pnpm audit --audit-level high --json`, judged by
// scripts/audit-verdict.mjs. High or critical advisories fail the run. When the registry's
// advisory endpoint cannot be reached (some mirrors and closed networks answer 405 or nothing),
// the step says so loudly and passes, unless AUDIT_REQUIRED=1, where it fails.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { pnpmVersion, repoRoot, toolEnv } from './pnpm.mjs';
import { judgeAudit } from './audit-verdict.mjs';

const res = spawnSync('npx', ['--yes', `pnpm@${pnpmVersion}`, '--dir', repoRoot, 'audit', '--json', '--audit-level', 'high'], {
  cwd: tmpdir(),
  encoding: 'utf8',
  env: { ...toolEnv(), PATH: process.env.PATH },
  timeout: 120_000,
});
const verdict = judgeAudit({ status: res.status, stdout: res.stdout ?? '', stderr: res.stderr ?? '' });
const required = process.env.AUDIT_REQUIRED === '1';
if (verdict.kind === 'clean') {
  console.log(`› dependency audit: no high or critical advisories (${verdict.summary})`);
} else if (verdict.kind === 'vulnerable') {
  console.error('✖ dependency audit: high or critical advisories:');
  for (const line of verdict.findings) console.error(`  ${line}`);
  process.exit(1);
} else {
  const msg = `dependency audit not run: the registry's advisory endpoint could not be used (${verdict.reason})`;
  if (required) {
    console.error(`✖ ${msg}; AUDIT_REQUIRED=1`);
    process.exit(1);
  }
  console.warn(`⚠ ${msg}. Set AUDIT_REQUIRED=1 to make this fail.`);
}
