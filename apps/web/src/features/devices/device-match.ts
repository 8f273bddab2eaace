// Finding a device by what a traveller types: 'iphone 15 pro', 'ＩＰｈｏｎｅ１５ Pro', 'Samsung S23',
// 'Xpéria 1 V', 'galxy s24' all find their model. Text is normalised (NFKC, accents and case
// dropped, '+' read as 'plus') and split into words and numbers, so 'iphone15pro' and
// 'iPhone 15 Pro' are the same. Pure functions over the data (device-data.ts, loaded lazily).
import type { Device, DeviceBrand } from './device-types.ts';

/** Words a traveller adds that do not change the answer ('Galaxy A54 5G', 'iPad LTE'). */
const NOISE = new Set(['5g', '4g', 'lte']);

/**
 * Lower-case words and numbers of a text, without accents; letters and digits apart. Without
 * `keepNoise`, the words that do not change the answer ('5G', 'LTE') are left out.
 */
export function deviceTokens(text: string, keepNoise = false): string[] {
  const plain = text.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\+/g, ' plus ');
  const words = plain.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const tokens: string[] = [];
  for (const word of words) {
    // Before letters and digits are split ('5g' would become '5', 'g').
    if (!keepNoise && NOISE.has(word)) continue;
    for (const part of word.split(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u)) tokens.push(part);
  }
  return tokens;
}

/** The text as one lower-case string of letters and digits ('iPhone 15 Pro' → 'iphone15pro'). */
export function compactText(text: string): string {
  return deviceTokens(text).join('');
}

/** The name shown for a device: its model, with the brand in front unless the model starts with it. */
export function deviceLabel(brand: string, device: Device): string {
  return device.model.toLowerCase().startsWith(brand.toLowerCase()) ? device.model : `${brand} ${device.model}`;
}

export interface IndexedDevice {
  brand: string;
  device: Device;
  label: string;
}

interface Key {
  tokens: string[];
  entry: IndexedDevice;
}

export interface DeviceIndex {
  brands: readonly DeviceBrand[];
  entries: readonly IndexedDevice[];
  /** Every way of writing each device, as tokens joined by spaces → the devices. */
  byKey: ReadonlyMap<string, readonly IndexedDevice[]>;
  keys: readonly Key[];
  /** Per entry, the same ways of writing it without spaces ('samsunggalaxys23'), for search. */
  haystacks: ReadonlyMap<IndexedDevice, readonly string[]>;
}

/** A way of writing a name is worth matching alone if it still has a number or two words. */
const distinctive = (tokens: readonly string[]) => tokens.length >= 2 || tokens.some((t) => /\p{N}/u.test(t));

export function buildDeviceIndex(brands: readonly DeviceBrand[]): DeviceIndex {
  const entries: IndexedDevice[] = [];
  const byKey = new Map<string, IndexedDevice[]>();
  const keys: Key[] = [];
  const haystacks = new Map<IndexedDevice, string[]>();
  for (const b of brands) {
    const brandNames = [b.brand, ...b.aliases].map((name) => deviceTokens(name));
    const optional = new Set(b.optionalWords.flatMap((word) => deviceTokens(word)));
    for (const device of b.devices) {
      const entry: IndexedDevice = { brand: b.brand, device, label: deviceLabel(b.brand, device) };
      entries.push(entry);
      const names = [device.model, ...device.aliases].flatMap((name) => {
        const full = deviceTokens(name, true);
        const quiet = deviceTokens(name);
        return quiet.length < full.length && distinctive(quiet) ? [full, quiet] : [full];
      });
      const seen = new Set<string>();
      const hay: string[] = [];
      haystacks.set(entry, hay);
      const add = (tokens: string[]) => {
        const key = tokens.join(' ');
        if (!tokens.length || seen.has(key)) return;
        seen.add(key);
        hay.push(tokens.join(''));
        keys.push({ tokens, entry });
        const list = byKey.get(key);
        if (list) list.push(entry);
        else byKey.set(key, [entry]);
      };
      for (const name of names) {
        const short = name.filter((t) => !optional.has(t));
        for (const model of short.length < name.length && distinctive(short) ? [name, short] : [name]) {
          add(model);
          for (const brandName of brandNames) add([...brandName, ...model]);
        }
      }
    }
  }
  return { brands, entries, byKey, keys, haystacks };
}

/** Optimal string alignment distance, stopping early past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * Two words are the same allowing one slip (a letter missed, added, changed or swapped) in a
 * word of five letters or more ('galxy', 'iphnoe'); numbers and short words ('xs', 'pro', 'fe')
 * must be exact, so 'iPhone X' never becomes 'iPhone XS'.
 */
function sameWord(typed: string, known: string): boolean {
  if (typed === known) return true;
  if (known.length < 5 || !/^\p{L}+$/u.test(known) || !/^\p{L}+$/u.test(typed)) return false;
  return editDistance(typed, known, 1) <= 1;
}

export type DeviceMatch =
  /** Nothing typed. */
  | { kind: 'empty' }
  /** One model (or models that answer alike). */
  | { kind: 'device'; entry: IndexedDevice }
  /** A family or brand ('iPad Pro', 'Galaxy S'): the traveller should pick the exact model. */
  | { kind: 'partial'; entries: readonly IndexedDevice[] }
  /** Not on the list. */
  | { kind: 'unknown' };

/** What a typed or picked device name is, by the data: a model, a family, or not known. */
export function matchDevice(index: DeviceIndex, text: string): DeviceMatch {
  const full = deviceTokens(text, true);
  if (!full.length) return { kind: 'empty' };
  const quiet = deviceTokens(text);
  // As typed first ('razr 5G'), then without '5G' and the like ('Galaxy A54 5G').
  const tries = quiet.length && quiet.length < full.length ? [full, quiet] : [full];

  for (const tokens of tries) {
    const exact = index.byKey.get(tokens.join(' '));
    if (exact?.length) return { kind: 'device', entry: exact[0]! };
  }
  for (const tokens of tries) {
    const fuzzy = index.keys.find((k) => k.tokens.length === tokens.length && k.tokens.every((t, i) => sameWord(tokens[i]!, t)));
    if (fuzzy) return { kind: 'device', entry: fuzzy.entry };
  }
  const family = new Set<IndexedDevice>();
  for (const tokens of tries) {
    for (const k of index.keys) {
      if (k.tokens.length > tokens.length && tokens.every((t, i) => sameWord(t, k.tokens[i]!))) family.add(k.entry);
    }
  }
  if (family.size) return { kind: 'partial', entries: [...family] };
  return { kind: 'unknown' };
}

export interface BrandGroup {
  brand: DeviceBrand;
  entries: IndexedDevice[];
}

/**
 * The devices whose names contain the search ('sam', '三星', 'pixel 8', 'Samsung S23'), ignoring
 * case, accents, spaces and punctuation; grouped by brand in the data's order.
 * An empty search gives every device.
 */
export function searchDevices(index: DeviceIndex, search: string): BrandGroup[] {
  const query = compactText(search);
  const groups = new Map<string, BrandGroup>(index.brands.map((b) => [b.brand, { brand: b, entries: [] }]));
  for (const entry of index.entries) {
    const found = !query || (index.haystacks.get(entry) ?? []).some((h) => h.includes(query));
    if (found) groups.get(entry.brand)!.entries.push(entry);
  }
  return [...groups.values()].filter((g) => g.entries.length > 0);
}
