// A plan's name, description and features in the traveller's language, composed from its facts
// (destination, data, validity, bundle coverage) instead of the English sentences stored with it.
// The same function serves the web app and the server's e-mails: pass any i18next `t` that can
// reach the `plans` namespace (keys are looked up with `ns: 'plans'` and `lng: lang`), and a
// destination name already in that language. Numbers and units come from Intl; the wording and
// the plural forms (Arabic zero/one/two/few/many/other, Russian one/few/many/other) from i18next.
// The texts are plain (never HTML-escaped here): escape them where they go into HTML.

export type PlanTextsT = (key: string, opts?: Record<string, unknown>) => string;

export interface PlanFacts {
  /** The destination's name, already in the traveller's language (destinationName). */
  destination: string;
  kind: 'country' | 'bundle';
  /** The region code ('JP', 'EU', 'GLOBAL'…). */
  code: string;
  /** Countries covered: 1 for a country, the bundle's country count otherwise. */
  coverage: number;
  /** The data allowance in MB (1 GB = 1024 MB); null for unlimited. */
  dataMb: number | null;
  validityDays: number;
}

export interface PlanTexts {
  /** e.g. 'Japan 5 GB – 30 days'. */
  name: string;
  description: string;
  /** At most five, most telling first. */
  features: string[];
  /** e.g. '5 GB' or 'Unlimited'. */
  data: string;
  /** e.g. '30 days'. */
  validity: string;
}

const MB_PER_GB = 1024;
/** Full-speed allowance per day on unlimited plans (fair use). */
const FAIR_USE_MB = 3 * MB_PER_GB;
/** Plans from this allowance (and unlimited ones) allow tethering. */
const HOTSPOT_FROM_MB = 3 * MB_PER_GB;
const MAX_FEATURES = 5;
const GLOBAL_CODE = 'GLOBAL';

const unitFormats = new Map<string, Intl.NumberFormat>();

function unitFormat(lang: string, unit: 'gigabyte' | 'megabyte'): Intl.NumberFormat {
  const key = `${lang}|${unit}`;
  let f = unitFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
    unitFormats.set(key, f);
  }
  return f;
}

/** 5120, 'en' → '5 GB'; 1536 → '1.5 GB'; 500 → '500 MB' (separators and unit in the language). */
export function formatDataAmount(dataMb: number, lang: string): string {
  if (dataMb >= MB_PER_GB) return unitFormat(lang, 'gigabyte').format(dataMb / MB_PER_GB);
  return unitFormat(lang, 'megabyte').format(dataMb);
}

/** Compose a plan's texts from its facts; `t` must resolve keys of the `plans` namespace. */
export function planTexts(t: PlanTextsT, facts: PlanFacts, lang: string): PlanTexts {
  // Plain text out: the caller escapes for HTML. `ns` and `lng` make any i18next `t` work.
  const base = { ns: 'plans', lng: lang, interpolation: { escapeValue: false } };
  const tr = (key: string, opts: Record<string, unknown> = {}) => t(key, { ...base, ...opts });

  const unlimited = facts.dataMb === null;
  const bundle = facts.kind === 'bundle';
  const coverage = Math.max(1, Math.trunc(facts.coverage));
  const data = facts.dataMb === null ? tr('data.unlimited') : formatDataAmount(facts.dataMb, lang);
  const validity = tr('validity', { count: facts.validityDays });
  const fairUse = formatDataAmount(FAIR_USE_MB, lang);
  const destination = facts.destination;

  const name = tr('name', { destination, data, validity });

  const where = !bundle ? 'country' : facts.code.toUpperCase() === GLOBAL_CODE ? 'global' : 'bundle';
  const description = tr(`description.${unlimited ? 'unlimited' : 'limited'}.${where}`, {
    destination,
    data,
    validity,
    fairUse,
    // Bundles pluralise on their country count; a country's sentence has no count to agree with.
    ...(bundle ? { count: coverage } : {}),
  });

  const features: string[] = [];
  if (bundle) features.push(tr('features.coverage', { count: coverage }));
  if (unlimited) features.push(tr('features.fairUse', { fairUse }));
  features.push(tr('features.networks'), tr('features.instant'));
  if (facts.dataMb === null || facts.dataMb >= HOTSPOT_FROM_MB) features.push(tr('features.hotspot'));
  features.push(tr('features.dataOnly'));
  if (!unlimited && !bundle) features.push(tr('features.topUps'));

  return { name, description, features: features.slice(0, MAX_FEATURES), data, validity };
}
