// SHA-256, constant-time comparison, and the random ids and tokens orders and eSIMs carry.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { publicIdFrom } from '../../domain/orders.ts';

export function sha256Hex(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHex(a: string | null | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

// Random bytes from a pool refilled 4 KB at a time: one call into OpenSSL per ~150 ids instead of
// one per id (crypto.randomBytes costs a few µs a call; the checkout makes several per order).
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = POOL_SIZE;

/** `n` cryptographically random bytes (a copy), n ≤ 4096. */
export function pooledRandomBytes(n: number): Buffer {
  if (n > POOL_SIZE) return randomBytes(n);
  if (poolOffset + n > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const out = Buffer.from(pool.subarray(poolOffset, poolOffset + n));
  pool.fill(0, poolOffset, poolOffset + n);
  poolOffset += n;
  return out;
}

export function newPublicId(prefix: 'ORD' | 'SUB' | 'ESIM'): string {
  return publicIdFrom(prefix, pooledRandomBytes(7));
}

/** 24 random bytes, base64url: the QR image URL's capability. */
export function newAccessToken(): string {
  return pooledRandomBytes(24).toString('base64url');
}
