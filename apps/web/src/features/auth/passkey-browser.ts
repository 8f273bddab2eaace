// The browser's side of passkeys (WebAuthn, issue 27): navigator.credentials.create for
// factors.passkeyRegistrationOptions → factors.registerPasskey, and navigator.credentials.get for
// factors.passkeyChallenge → factors.verifyPasskey. The server (packages/api/src/services/passkeys.ts)
// takes every binary field as base64url and checks attestation 'none' with an ES256 key.

/** Bytes → base64url without padding (what the server's `b64url` schema accepts). */
export function toBase64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const b of view) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url (padding optional) → bytes. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Can this browser make and use passkeys at all? */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;
}

export interface RegistrationOptions {
  challenge: string;
  rpId: string;
  userName: string;
}

/** A passkey the browser made, as factors.registerPasskey takes it. */
export interface PasskeyRegistrationAnswer {
  clientDataJSON: string;
  attestationObject: string;
  name: string;
}

/**
 * Asks the browser (and the person) for a new passkey. `userHandle` names the account to the
 * authenticator (not personal data: the account's number); `exclude` are the passkeys the account
 * already has, so the same authenticator is not added twice. Rejects when the person cancels.
 */
export async function createPasskey(
  options: RegistrationOptions,
  {
    userHandle,
    displayName,
    rpName,
    name,
    exclude,
  }: { userHandle: string; displayName: string; rpName: string; name: string; exclude: string[] },
): Promise<PasskeyRegistrationAnswer> {
  const credential = (await navigator.credentials.create({
    publicKey: {
      challenge: fromBase64url(options.challenge),
      rp: { id: options.rpId, name: rpName },
      user: { id: new TextEncoder().encode(userHandle), name: options.userName, displayName },
      // ES256 only: the server stores P-256 keys.
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      excludeCredentials: exclude.map((id) => ({ type: 'public-key' as const, id: fromBase64url(id) })),
      timeout: 120_000,
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was made.');
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    clientDataJSON: toBase64url(response.clientDataJSON),
    attestationObject: toBase64url(response.attestationObject),
    name,
  };
}

/** A passkey's signature, as factors.verifyPasskey takes it. */
export interface PasskeyAssertionAnswer {
  credentialId: string;
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
}

/** Asks the browser to sign `challenge` with one of `allow` (the account's passkeys). */
export async function signWithPasskey(
  { challenge, rpId }: { challenge: string; rpId: string },
  allow: string[],
): Promise<PasskeyAssertionAnswer> {
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge: fromBase64url(challenge),
      rpId,
      allowCredentials: allow.map((id) => ({ type: 'public-key' as const, id: fromBase64url(id) })),
      userVerification: 'preferred',
      timeout: 120_000,
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was given.');
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    credentialId: toBase64url(credential.rawId),
    clientDataJSON: toBase64url(response.clientDataJSON),
    authenticatorData: toBase64url(response.authenticatorData),
    signature: toBase64url(response.signature),
  };
}
