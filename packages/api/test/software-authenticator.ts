// A software WebAuthn authenticator for the api's tests (node:crypto ECDSA P-256): clientDataJSON,
// authenticatorData and a 'none' attestation built by the WebAuthn spec, in CBOR.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// ── a tiny CBOR encoder (RFC 8949: unsigned and negative ints, byte and text strings, maps) ──
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  const parts = [head(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

/** A roaming authenticator: one P-256 key, a counter, the spec's byte layouts. */
export function softwareAuthenticator(rpId: string, origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  const u32 = (n: number) => Buffer.from([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  return {
    credentialId: b64url(credentialId),
    create(challenge: string) {
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const authData = Buffer.concat([
        sha(rpId),
        Buffer.from([0x01 | 0x04 | 0x40]), // UP, UV, AT
        u32(counter),
        Buffer.alloc(16), // AAGUID
        Buffer.from([0, credentialId.length]),
        credentialId,
        cose,
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin, crossOrigin: false }));
      return { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), name: 'Test key' };
    },
    get(challenge: string, over: { origin?: string; counter?: number; tamper?: boolean } = {}) {
      counter = over.counter ?? counter + 1;
      const authData = Buffer.concat([sha(rpId), Buffer.from([0x01 | 0x04]), u32(counter)]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge, origin: over.origin ?? origin, crossOrigin: false }),
      );
      const signature = sign('sha256', Buffer.concat([authData, sha(clientDataJSON)]), privateKey); // DER, as browsers send it
      if (over.tamper) signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 1, signature.length - 1);
      return {
        credentialId: b64url(credentialId),
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      };
    },
  };
}
