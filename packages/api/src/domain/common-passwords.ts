// A compact, case-insensitive index of a common-password list (services/accounts/common-passwords.ts loads
// it). Pure: bytes in, index out.
//
// Why not a Set of strings: the list's 999,999 lines leave 474,743 distinct entries of 8 or more
// characters, which as a Set<string> cost 22 MB of heap and 0.9 s to build (measured, Node 20).
// Here each entry is a 53-bit hash of its lowercased bytes (two unrelated 32-bit hashes, one cut
// to 21 bits) in a Float64Array, grouped into 65,536 buckets by the hash's top bits: about 4 MB,
// built in one pass over the bytes and a bucket sort, looked up by reading one bucket (about 7
// hashes). Two different passwords share a 53-bit hash with a chance of about 2^-53, so a
// password that is not on the list is refused with a chance of about entries / 2^53 (5 · 10^-11
// for the whole list); a password on the list is always found.

export interface PasswordIndex {
  /** The entries' 53-bit hashes, ordered by bucket and sorted within it (duplicates kept). */
  readonly hashes: Float64Array;
  /** Where each bucket's hashes start in `hashes` (BUCKETS + 1 offsets). */
  readonly buckets: Uint32Array;
  /** Distinct entries. */
  readonly entries: number;
  /** How many lines of the list were read (the most common first). */
  readonly lines: number;
}

export interface IndexOptions {
  /** Entries shorter than this (in bytes; the list is ASCII) are left out: the length rule refuses them already. */
  minLength: number;
  /** At most this many lines from the top of the list. */
  maxLines: number;
}

const LF = 10;
const CR = 13;
const UPPER_A = 65;
const UPPER_Z = 90;
/** Buckets by the hash's top 16 bits: a lookup reads one bucket (7 hashes on average for the whole list). */
const BUCKET_BITS = 16;
const BUCKETS = 2 ** BUCKET_BITS;
const BUCKET_DIVISOR = 2 ** (53 - BUCKET_BITS);

/** Two unrelated 32-bit hashes (FNV-1a and a murmur-style multiply–xorshift) of the same bytes, fed one at a time. */
const A0 = 0x811c9dc5;
const B0 = 0x9747b28c;
const stepA = (a: number, c: number) => Math.imul(a ^ c, 0x01000193);
function stepB(b: number, c: number): number {
  const m = Math.imul(b ^ c, 0x5bd1e995);
  return m ^ (m >>> 15);
}
/** The 53-bit hash from the two: all 32 bits of `a`, the top 21 of a final mix of `b`. */
function finish(a: number, b: number, length: number): number {
  let m = Math.imul(b ^ length ^ (b >>> 13), 0x5bd1e995);
  m ^= m >>> 15;
  return (a >>> 0) * 0x200000 + (m >>> 11);
}
const bucketOf = (h: number) => Math.floor(h / BUCKET_DIVISOR);
const lower = (c: number) => (c >= UPPER_A && c <= UPPER_Z ? c + 32 : c);

/**
 * The index of the first `maxLines` lines of `bytes` (LF or CRLF), entries of at least
 * `minLength` bytes, ASCII letters in lower case. One pass over the bytes, then a bucket sort.
 */
export function buildPasswordIndex(bytes: Uint8Array, options: IndexOptions): PasswordIndex {
  // An entry takes at least minLength bytes and its newline: at most this many.
  const { minLength, maxLines } = options;
  const found = new Float64Array(Math.floor(bytes.length / (Math.max(minLength, 1) + 1)) + 1);
  let n = 0;
  let lines = 0;
  let a = A0;
  let b = B0;
  let length = 0;
  const endLine = () => {
    if (length >= minLength && length > 0) found[n++] = finish(a, b, length);
    lines++;
    a = A0;
    b = B0;
    length = 0;
  };
  for (let i = 0; i < bytes.length && lines < maxLines; i++) {
    const c = bytes[i]!;
    if (c === LF) endLine();
    else if (c !== CR) {
      const l = lower(c);
      a = stepA(a, l);
      b = stepB(b, l);
      length++;
    }
  }
  if (length > 0 && lines < maxLines) endLine(); // a last line without a newline

  // Bucket sort: count, place, then sort each (small) bucket.
  const keys = new Uint16Array(n);
  const buckets = new Uint32Array(BUCKETS + 1);
  for (let i = 0; i < n; i++) {
    const k = bucketOf(found[i]!);
    keys[i] = k;
    buckets[k + 1]!++;
  }
  for (let k = 0; k < BUCKETS; k++) buckets[k + 1]! += buckets[k]!;
  const hashes = new Float64Array(n);
  const next = buckets.slice(0, BUCKETS);
  for (let i = 0; i < n; i++) hashes[next[keys[i]!]!++] = found[i]!;
  let entries = 0;
  for (let k = 0; k < BUCKETS; k++) {
    const from = buckets[k]!;
    const to = buckets[k + 1]!;
    for (let i = from + 1; i < to; i++) {
      const v = hashes[i]!;
      let j = i - 1;
      while (j >= from && hashes[j]! > v) {
        hashes[j + 1] = hashes[j]!;
        j--;
      }
      hashes[j + 1] = v;
    }
    for (let i = from; i < to; i++) if (i === from || hashes[i] !== hashes[i - 1]) entries++;
  }
  return { hashes, buckets, entries, lines };
}

/** An index of a few passwords given as strings (the built-in fallback, tests). */
export function passwordIndexOf(passwords: readonly string[], options: IndexOptions): PasswordIndex {
  return buildPasswordIndex(new TextEncoder().encode(passwords.join('\n')), options);
}

/** Whether `password` (any case) is in the index. */
export function isInPasswordIndex(index: PasswordIndex, password: string): boolean {
  const bytes = new TextEncoder().encode(password.toLowerCase());
  let a = A0;
  let b = B0;
  let length = 0;
  for (const c of bytes) {
    if (c === CR || c === LF) return false; // never an entry: lines hold none
    const l = lower(c);
    a = stepA(a, l);
    b = stepB(b, l);
    length++;
  }
  if (length === 0) return false;
  const h = finish(a, b, length);
  const k = bucketOf(h);
  for (let i = index.buckets[k]!, end = index.buckets[k + 1]!; i < end; i++) if (index.hashes[i] === h) return true;
  return false;
}
