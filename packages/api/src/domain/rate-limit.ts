// Request limits: the rules, and the pure decisions over their counters. The counters live in the
// database (services/shared/rate-limit.ts: one upsert per check) so every server process shares them;
// the clock comes in as an argument.
//
// A rule allows `limit` requests per fixed window of `windowMs` (windows start at multiples of
// windowMs since 1970). Every request counts, refused ones too; the count starts afresh with the
// next window, and a refusal says when that is. At a window's edge a client can get up to twice
// the limit through in a short time; the limits below leave room for that.
//
// "Client" is the request's address; IPv6 addresses count per /64 (what one subscriber line or
// one cloud machine usually gets), IPv4-mapped IPv6 addresses as the IPv4 address.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface RateRule {
  /** Stable name: the counter keys' prefix and details.reason of the 429. */
  name: string;
  /** Requests allowed per window (per-client rules: times the configured multiplier). */
  limit: number;
  windowMs: number;
  /** The 429's message; '{wait}' becomes '12 minutes', '40 seconds'. */
  message: string;
}

/**
 * Checkouts (payment intents, subscriptions) per client: a traveller makes one or two; a script
 * testing cards makes a new order per card.
 */
export const CHECKOUTS_PER_CLIENT: RateRule = {
  name: 'checkouts_per_client',
  limit: 20,
  windowMs: 10 * MINUTE,
  message: 'Too many checkouts from your network in a short time. Please wait {wait} and try again.',
};

/** Card form submissions (demo confirm and its extra confirmation step) per client. */
export const PAYMENT_ATTEMPTS_PER_CLIENT: RateRule = {
  name: 'payment_attempts_per_client',
  limit: 30,
  windowMs: 10 * MINUTE,
  message: 'Too many payment attempts from your network in a short time. Please wait {wait} and try again.',
};

/** Card form submissions per order (payment intent). */
export const PAYMENT_ATTEMPTS_PER_ORDER: RateRule = {
  name: 'payment_attempts_per_order',
  limit: 10,
  windowMs: 10 * MINUTE,
  message: 'Too many payment attempts for this order. Please wait {wait} and try again.',
};

/** Different card numbers per client (counted by a keyed hash of the number, never the number). */
export const CARDS_PER_CLIENT: RateRule = {
  name: 'cards_per_client',
  limit: 5,
  windowMs: HOUR,
  message: 'Too many different cards have been tried from your network. Please wait {wait} before trying another card.',
};

/** New accounts per client. */
export const REGISTRATIONS_PER_CLIENT: RateRule = {
  name: 'registrations_per_client',
  limit: 5,
  windowMs: HOUR,
  message:
    'Too many accounts have been created from your network. Please wait {wait} and try again, or sign in to the account you already have.',
};

/** Verification e-mails per client: the one each registration sends, and the account page's resend button. */
export const VERIFICATION_EMAILS_PER_CLIENT: RateRule = {
  name: 'verification_emails_per_client',
  limit: 10,
  windowMs: HOUR,
  message: 'Too many e-mails have been requested from your network. Please wait {wait} and try again.',
};

/**
 * 'Sign in with a passkey' challenges per client (each is a row until it is used or expires): one
 * per attempt, a cancelled one or two more.
 */
export const PASSKEY_SIGN_INS_PER_CLIENT: RateRule = {
  name: 'passkey_sign_ins_per_client',
  limit: 30,
  windowMs: 10 * MINUTE,
  message: 'Too many passkey sign-ins have been started from your network. Please wait {wait} and try again.',
};

/** Data exports and account deletion requests per client (issue 31): each builds a large document or sends an e-mail. */
export const DATA_REQUESTS_PER_CLIENT: RateRule = {
  name: 'data_requests_per_client',
  limit: 10,
  windowMs: HOUR,
  message: 'Too many data requests have been made from your network. Please wait {wait} and try again.',
};

/** New live chats per client (issue 30): a traveller opens one and keeps it; a script opens many. */
export const CHATS_PER_CLIENT: RateRule = {
  name: 'chats_per_client',
  limit: 10,
  windowMs: HOUR,
  message: 'Too many chats have been started from your network. Please wait {wait} and try again.',
};

/** A traveller's messages in one live chat (issue 30): far above typing speed, below flooding. */
export const CHAT_MESSAGES_PER_CHAT: RateRule = {
  name: 'chat_messages_per_chat',
  limit: 60,
  windowMs: 10 * MINUTE,
  message: 'Too many messages in a short time. Please wait {wait} and try again.',
};

/** Every rule above, for the README's table and the tests. */
export const RATE_RULES: readonly RateRule[] = [
  CHECKOUTS_PER_CLIENT,
  PAYMENT_ATTEMPTS_PER_CLIENT,
  PAYMENT_ATTEMPTS_PER_ORDER,
  CARDS_PER_CLIENT,
  REGISTRATIONS_PER_CLIENT,
  VERIFICATION_EMAILS_PER_CLIENT,
  PASSKEY_SIGN_INS_PER_CLIENT,
  DATA_REQUESTS_PER_CLIENT,
  CHATS_PER_CLIENT,
  CHAT_MESSAGES_PER_CHAT,
];

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Start of the window `nowMs` falls in. */
export function windowStartOf(nowMs: number, windowMs: number): number {
  return nowMs - (((nowMs % windowMs) + windowMs) % windowMs);
}

/** The limit after the configured multiplier (at least 1). */
export function scaledLimit(limit: number, multiplier: number): number {
  return Math.max(1, Math.floor(limit * multiplier));
}

/** The verdict for the `hits`-th request (this one included) of the window starting at `windowStart`. */
export function windowVerdict(hits: number, limit: number, windowStart: number, windowMs: number, nowMs: number): LimitVerdict {
  if (hits <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / SECOND)) };
}

/** '1 second', '45 seconds', '1 minute', '12 minutes' (whole minutes, rounded up, from 60 s). */
export function waitWords(retryAfterSeconds: number): string {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/** A rule's message with its wait filled in. */
export function limitMessage(message: string, retryAfterSeconds: number): string {
  return message.replace('{wait}', waitWords(retryAfterSeconds));
}

// ── client addresses ─────────────────────────────────────────────────────────────────────────

/** 8 sixteen-bit words, or null when `s` is not an IPv6 address. */
export function parseIpv6(s: string): number[] | null {
  let text = s;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(':')) return null;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // a trailing dotted IPv4 address ('::ffff:192.0.2.1') is the last two words
    const v4 = parseIpv4(last);
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (h: string): number[] | null => {
    if (h === '') return [];
    const out: number[] = [];
    for (const w of h.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(w)) return null;
      out.push(Number.parseInt(w, 16));
    }
    return out;
  };
  const head = part(halves[0]!);
  const rest = halves.length === 2 ? part(halves[1]!) : [];
  if (!head || !rest) return null;
  const given = head.length + rest.length;
  if (halves.length === 1) return given === 8 ? head : null;
  if (given > 7) return null;
  return [...head, ...Array<number>(8 - given).fill(0), ...rest];
}

/** The address as an unsigned 32-bit number, or null when `s` is not a dotted IPv4 address. */
export function parseIpv4(s: string): number | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

type ParsedIp = { v: 4; n: number } | { v: 6; words: number[] };

function parseIp(s: string): ParsedIp | null {
  const t = s.trim();
  const v4 = parseIpv4(t);
  if (v4 !== null) return { v: 4, n: v4 };
  const words = parseIpv6(t);
  if (!words) return null;
  // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return { v: 4, n: words[6]! * 65536 + words[7]! };
  return { v: 6, words };
}

/**
 * The key a client's requests are counted under: an IPv4 address as is, an IPv6 address by its
 * /64 ('2001:db8:1:2::/64'), anything else (e.g. 'unknown' when there is no socket) trimmed to 64
 * characters.
 */
export function clientKey(ip: string): string {
  const p = parseIp(ip);
  if (!p) return ip.trim().slice(0, 64);
  if (p.v === 4) return [p.n >>> 24, (p.n >>> 16) & 255, (p.n >>> 8) & 255, p.n & 255].join('.');
  return `${p.words
    .slice(0, 4)
    .map((w) => w.toString(16))
    .join(':')}::/64`;
}

// ── the allowance (RATE_LIMIT_ALLOWLIST) ─────────────────────────────────────────────────────

export type AllowEntry = { v: 4; net: number; bits: number } | { v: 6; words: number[]; bits: number };

/** Addresses exempt from the per-client limits. */
export interface Allowlist {
  readonly entries: readonly AllowEntry[];
}

export const EMPTY_ALLOWLIST: Allowlist = Object.freeze({ entries: Object.freeze([]) });

/**
 * '127.0.0.1, 10.0.0.0/8, ::1, 2001:db8::/32' → an allowlist; throws an Error naming the first
 * entry that is not an address or CIDR block.
 */
export function parseAllowlist(text: string): Allowlist {
  const entries: AllowEntry[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const [addr = '', bitsText, extra] = item.split('/');
    const ip = extra === undefined ? parseIp(addr) : null;
    const max = ip?.v === 4 ? 32 : 128;
    const bits = bitsText === undefined ? max : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : Number.NaN;
    if (!ip || !(bits >= 0 && bits <= max))
      throw new Error(`"${item}" is not an IP address or CIDR block (e.g. 127.0.0.1, 10.0.0.0/8, ::1, 2001:db8::/32)`);
    if (ip.v === 4) entries.push({ v: 4, net: maskV4(ip.n, bits), bits });
    else entries.push({ v: 6, words: ip.words, bits });
  }
  return { entries };
}

function maskV4(n: number, bits: number): number {
  return bits === 0 ? 0 : (n & (~0 << (32 - bits))) >>> 0;
}

function v6Match(words: readonly number[], net: readonly number[], bits: number): boolean {
  for (let i = 0, left = bits; left > 0; i++, left -= 16) {
    const take = Math.min(16, left);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if ((words[i]! & mask) !== (net[i]! & mask)) return false;
  }
  return true;
}

/** Whether the client address `ip` is in the allowlist. */
export function isAllowlisted(list: Allowlist, ip: string): boolean {
  if (list.entries.length === 0) return false;
  const p = parseIp(ip);
  if (!p) return false;
  for (const e of list.entries) {
    if (e.v === 4 && p.v === 4 && maskV4(p.n, e.bits) === e.net) return true;
    if (e.v === 6 && p.v === 6 && v6Match(p.words, e.words, e.bits)) return true;
  }
  return false;
}
