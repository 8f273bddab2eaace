// Stripe's webhook signature scheme: header 't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">'.
// Stripe's SDK checks the signature and the age; the future side of the timestamp check is ours
// (|now − t| ≤ 300 s). The demo provider signs its events the same way, so the one webhook route
// and its tests cover both providers.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError } from './types.ts';

export interface ParsedSignatureHeader {
  timestamp: number;
  /** v1 signatures (hex). */
  signatures: string[];
}

/** Parses 't=…,v1=…[,v1=…][,v0=…]'; null when there is no usable timestamp or no v1 signature. */
export function parseSignatureHeader(header: string): ParsedSignatureHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const k = item.slice(0, eq).trim();
    const v = item.slice(eq + 1).trim();
    if (k === 't' && timestamp === null) {
      if (!/^\d{1,12}$/.test(v)) return null;
      timestamp = Number(v);
    } else if (k === 'v1' && v) signatures.push(v);
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/** Throws unless |now − t| ≤ tolerance. */
export function assertTimestampWithinTolerance(timestamp: number, nowSeconds: number, tolerance = WEBHOOK_TOLERANCE_SECONDS): void {
  const skew = nowSeconds - timestamp;
  if (Math.abs(skew) > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      skew > 0
        ? `Webhook timestamp is ${skew} s old (limit ${tolerance} s)`
        : `Webhook timestamp is ${-skew} s in the future (limit ${tolerance} s)`,
    );
  }
}

/** Parses the header and checks the timestamp window; the signature is checked by the caller. */
export function checkSignatureHeader(header: string | null | undefined, nowSeconds: number): ParsedSignatureHeader {
  if (!header) throw new WebhookVerificationError('missing_header', 'No signature header');
  const parsed = parseSignatureHeader(header);
  if (!parsed) throw new WebhookVerificationError('malformed_header', 'Unable to extract timestamp and signatures from header');
  assertTimestampWithinTolerance(parsed.timestamp, nowSeconds);
  return parsed;
}

function hmacHex(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** The header value for `payload` signed with `secret` at `timestamp` (Stripe's format). */
export function signWebhookPayload(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, payload)}`;
}

/** Full verification in Stripe's scheme (used by the demo provider). Throws WebhookVerificationError. */
export function verifyWebhookSignature(payload: string, header: string | null | undefined, secret: string, nowSeconds: number): void {
  const parsed = checkSignatureHeader(header, nowSeconds);
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, payload), 'hex');
  const ok = parsed.signatures.some((sig) => {
    if (!/^[0-9a-f]+$/i.test(sig)) return false;
    const got = Buffer.from(sig, 'hex');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
  if (!ok) throw new WebhookVerificationError('bad_signature', 'No signatures found matching the expected signature for payload');
}
