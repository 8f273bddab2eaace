// A price as a person types it ('19.99', '19', '19.9') ↔ integer minor units (1999). Exact: no
// floating point. The messages are the server's (ADMIN_MSG), so both say the same thing.
import { ADMIN_MSG } from '@esim/api/domain/admin';

export type PriceParse = { ok: true; minor: number } | { ok: false; message: string };

export function parsePriceText(input: string): PriceParse {
  const text = input.trim().replace(/,/g, '');
  if (text === '') return { ok: false, message: ADMIN_MSG.required };
  if (/^-\s*\d/.test(text)) return { ok: false, message: ADMIN_MSG.priceNegative };
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { ok: false, message: 'Type a price like 19.99 (at most 2 decimals)' };
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (minor === 0) return { ok: false, message: ADMIN_MSG.priceZero };
  if (minor > 10_000_000) return { ok: false, message: ADMIN_MSG.priceMax };
  return { ok: true, minor };
}

/** 1999 → '19.99' (what the edit form starts with). */
export function priceTextOf(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
