// What the wholesale providers' catalogues say about a plan beyond data and validity, read into
// PlanFacts. Pure functions; every field is left undefined when the provider does not say it.
import type { PlanFacts, PlanOperator } from './types.ts';

const GEN_RANK: Record<string, number> = { '3G': 1, '4G': 2, '5G': 3 };

/** '5G', 'LTE', '4G/5G', '3G' … → the best generation named; undefined when none is. */
export function bestGeneration(types: readonly string[]): PlanOperator['generation'] {
  let best: PlanOperator['generation'];
  for (const raw of types) {
    for (const part of raw.toUpperCase().split(/[^A-Z0-9]+/)) {
      const g = part === 'LTE' ? '4G' : part === '5G' || part === '4G' || part === '3G' ? part : undefined;
      if (g && (!best || GEN_RANK[g]! > GEN_RANK[best]!)) best = g;
    }
  }
  return best;
}

/**
 * A fair-use text such as Airalo's documented example "Lower speed rate of 1 Mbps after 3 GB usage
 * per day." → the daily cap (MB, 1 GB = 1024 MB) and the speed after it (kbit/s). A cap that is not
 * per day, or a text it cannot read, gives nothing (never a guess).
 */
export function fairUseOf(text: string | null | undefined): { dailyCapMb?: number; throttledKbps?: number } {
  if (!text) return {};
  const out: { dailyCapMb?: number; throttledKbps?: number } = {};
  const speed = /(\d+(?:\.\d+)?)\s*(kbps|mbps|kbit\/s|mbit\/s)/i.exec(text);
  if (speed) out.throttledKbps = Math.round(Number(speed[1]) * (/^m/i.test(speed[2]!) ? 1000 : 1));
  const cap = /(\d+(?:\.\d+)?)\s*(GB|MB)\b/i.exec(text);
  if (cap && /\b(per day|daily|a day|each day|\/day)\b/i.test(text))
    out.dailyCapMb = Math.round(Number(cap[1]) * (cap[2]!.toUpperCase() === 'GB' ? 1024 : 1));
  return out;
}

/** Drops undefined fields; undefined when nothing is left (the provider said nothing). */
export function compactFacts(f: PlanFacts): PlanFacts | undefined {
  const entries = Object.entries(f).filter(([, v]) => v !== undefined);
  return entries.length ? (Object.fromEntries(entries) as PlanFacts) : undefined;
}
