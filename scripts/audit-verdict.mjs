// Judges the output of `pnpm audit --json --audit-level high` (npm's audit report shape:
// { advisories: { id: { module_name, severity, title, url, vulnerable_versions, findings } },
//   metadata: { vulnerabilities: { info, low, moderate, high, critical } } }).
// Returns { kind: 'clean', summary } | { kind: 'vulnerable', findings } | { kind: 'unavailable', reason }.

const FAILING = new Set(['high', 'critical']);

function firstLine(s) {
  return (s.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 300);
}

export function judgeAudit({ status, stdout, stderr }) {
  let report = null;
  const text = stdout.trim();
  if (text.startsWith('{')) {
    try {
      report = JSON.parse(text);
    } catch {
      report = null;
    }
  }
  if (!report || typeof report !== 'object') {
    return { kind: 'unavailable', reason: firstLine(stderr) || firstLine(stdout) || `pnpm audit exited ${status}` };
  }
  if (report.error) {
    const e = report.error;
    return { kind: 'unavailable', reason: `${e.code ?? 'error'}: ${firstLine(String(e.message ?? e.summary ?? ''))}` };
  }
  const findings = [];
  for (const adv of Object.values(report.advisories ?? {})) {
    if (!FAILING.has(adv.severity)) continue;
    const paths = (adv.findings ?? []).flatMap((f) => f.paths ?? []).slice(0, 3);
    findings.push(
      `${adv.severity} ${adv.module_name} ${adv.vulnerable_versions ?? ''}: ${adv.title ?? ''} ${adv.url ?? ''}${paths.length ? ` (via ${paths.join(', ')})` : ''}`.trim(),
    );
  }
  const counts = report.metadata?.vulnerabilities ?? {};
  if (findings.length === 0 && ((counts.high ?? 0) > 0 || (counts.critical ?? 0) > 0)) {
    findings.push(`${counts.high ?? 0} high, ${counts.critical ?? 0} critical (no advisory details in the report)`);
  }
  if (findings.length > 0) return { kind: 'vulnerable', findings };
  const summary = ['critical', 'high', 'moderate', 'low', 'info'].map((k) => `${counts[k] ?? 0} ${k}`).join(', ');
  return { kind: 'clean', summary };
}
