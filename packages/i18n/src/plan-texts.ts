// A plan's name, description and features in the traveller's language, composed from its facts
// (destination, data, validity, bundle coverage) instead of the English sentences stored with it.
// The same function serves the web app and the server's e-mails: pass any i18next `t` that can
// reach the `plans` namespace (keys are looked up with `ns: 'plans'` and `lng: lang`), and a
// destination name already in that language. Numbers and units come from Intl; the wording and
// the plural forms (Arabic zero/one/two/few/many/other, Russian one/few/many/other) from i18next.
// The texts are plain (never HTML-escaped here): escape them where they go into HTML.
//
// The plan's truth: beyond destination, data and validity a plan claims only what its provider said
// (`provided`, ProviderPackage.facts stored by `catalog sync`): networks and their generation,
// hotspot, the daily fair-use cap and the speed after it, top-ups, when validity starts, the IP's
// country. A fact the provider did not give is not mentioned: no fixed rule fills it in.

/** What the provider said about a plan (all optional; undefined = it did not say). Mirrors @esim/api's PlanFacts. */
export interface ProvidedPlanFacts {
  operators?: ReadonlyArray<{ country: string; name: string; generation?: '3G' | '4G' | '5G' | undefined }> | undefined;
  hotspot?: boolean | undefined;
  /** MB a day at full speed; null: the provider says there is no daily cap. */
  dailyCapMb?: number | null | undefined;
  /** kbit/s after the cap. */
  throttledKbps?: number | undefined;
  topUps?: boolean | undefined;
  validityStarts?: 'first_connection' | 'installation' | 'purchase' | undefined;
  /** ISO alpha-2 of the IP's exit country. */
  ipCountry?: string | undefined;
}

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
  /** What the provider said (plans.facts); absent: it said nothing, and nothing is claimed. */
  provided?: ProvidedPlanFacts | null | undefined;
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
const MAX_FEATURES = 6;
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

const speedFormats = new Map<string, Intl.NumberFormat>();

/** 512 → '512 kb/s', 1024 → '1 Mb/s' (network speeds are decimal: 1 Mbit = 1000 kbit), in the language. */
export function formatSpeed(kbps: number, lang: string): string {
  const mega = kbps >= 1000;
  const key = `${lang}|${mega}`;
  let f = speedFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, {
      style: 'unit',
      unit: mega ? 'megabit-per-second' : 'kilobit-per-second',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    });
    speedFormats.set(key, f);
  }
  return f.format(mega ? kbps / 1000 : kbps);
}

/** A country's short name in the language ('HK' → 'Hong Kong'); the code when Intl does not know it. */
export function countryNameIn(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region', style: 'short', fallback: 'code' }).of(code === 'UK' ? 'GB' : code) ?? code;
  } catch {
    return code;
  }
}

/** The best generation the provider named for any of the plan's networks, or undefined. */
export function bestGeneration(provided: ProvidedPlanFacts | null | undefined): '3G' | '4G' | '5G' | undefined {
  const gens = (provided?.operators ?? []).map((o) => o.generation).filter((g): g is '3G' | '4G' | '5G' => !!g);
  return gens.includes('5G') ? '5G' : gens.includes('4G') ? '4G' : gens.includes('3G') ? '3G' : undefined;
}

/** The provider's facts as short feature lines, in the order a traveller weighs them; nothing for what it did not say. */
export function providedFeatures(
  tr: (key: string, opts?: Record<string, unknown>) => string,
  provided: ProvidedPlanFacts | null | undefined,
  lang: string,
): string[] {
  if (!provided) return [];
  const out: string[] = [];
  if (typeof provided.dailyCapMb === 'number') {
    const cap = formatDataAmount(provided.dailyCapMb, lang);
    out.push(
      typeof provided.throttledKbps === 'number'
        ? tr('features.dailyCapThen', { cap, speed: formatSpeed(provided.throttledKbps, lang) })
        : tr('features.dailyCap', { cap }),
    );
  }
  const gen = bestGeneration(provided);
  if (gen === '5G') out.push(tr('features.fiveG'));
  else if (gen === '4G') out.push(tr('features.fourG'));
  if (provided.hotspot === true) out.push(tr('features.hotspot'));
  else if (provided.hotspot === false) out.push(tr('features.noHotspot'));
  if (provided.topUps === true) out.push(tr('features.topUps'));
  else if (provided.topUps === false) out.push(tr('features.noTopUps'));
  if (provided.validityStarts) out.push(tr(`features.starts.${provided.validityStarts}`));
  if (provided.ipCountry) out.push(tr('features.ipCountry', { country: countryNameIn(provided.ipCountry, lang) }));
  return out;
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
  const destination = facts.destination;

  const name = tr('name', { destination, data, validity });

  const global = bundle && facts.code.toUpperCase() === GLOBAL_CODE;
  const summary = tr(`summary.${unlimited ? 'unlimited' : 'limited'}${global ? 'Global' : ''}`, { destination, data, validity });
  const provided = providedFeatures(tr, facts.provided, lang);
  // The description adds the two facts that change how the plan is used: the daily cap and when validity starts.
  const sentences = [summary];
  const p = facts.provided;
  if (p && typeof p.dailyCapMb === 'number') sentences.push(tr('sentence', { text: provided[0] }));
  if (p?.validityStarts) sentences.push(tr('sentence', { text: tr(`features.starts.${p.validityStarts}`) }));
  const description = sentences.join(/^(ja|zh)/.test(lang) ? '' : ' ');

  const features: string[] = [];
  if (bundle) features.push(tr('features.coverage', { count: coverage }));
  if (unlimited) features.push(tr('features.unlimited'));
  features.push(...provided);
  features.push(tr('features.instant'), tr('features.dataOnly'));

  return { name, description, features: features.slice(0, MAX_FEATURES), data, validity };
}
