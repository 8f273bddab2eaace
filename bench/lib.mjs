// Helpers shared by the benchmarks.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Polls `url` every 100 ms until it answers 2xx (returns the response) or `ms` pass (throws). */
export async function waitFor(url, ms = 15000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The `p`th percentile (0–100) of the numbers in `a` (nearest rank), rounded to 0.01; null when empty. */
export function percentile(a, p) {
  if (a.length === 0) return null;
  const s = Float64Array.from(a).sort();
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(2));
}

/** '90s', '3m', '1h', '1m30s' or a bare number of seconds → milliseconds. */
export function parseDuration(text) {
  const t = String(text).trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t) * 1000;
  const parts = [...t.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((m) => m[0]).join('') !== t) {
    throw new Error(`not a duration: '${text}' (use e.g. 90s, 3m, 1h or a number of seconds)`);
  }
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  return parts.reduce((ms, m) => ms + Number(m[1]) * unit[m[2]], 0);
}

/** The resident set size of process `pid` in bytes (VmRSS in /proc/<pid>/status); null where there is none. */
export function rssBytes(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) process `pid` has used so far, from /proc/<pid>/stat; null where there is none. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return null;
  }
}
let ticks;
function clockTicks() {
  ticks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
  return ticks;
}

/** The machine a figure was measured on. */
export function machine() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

/** Values of one Prometheus text-format sample family, e.g. 'nodejs_heap_size_used_bytes' (no labels) → number. */
export function promValue(text, name) {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})?\\s+([^\\s]+)`, 'm').exec(text);
  return m ? Number(m[1]) : null;
}
