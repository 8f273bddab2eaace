// Passkeys (WebAuthn, @oslojs/webauthn; issue 27): registration with attestation 'none' (platform
// or roaming authenticators, ES256), assertion as a second factor. Challenges are random, stored as
// SHA-256, short-lived and used once.
import { randomBytes } from 'node:crypto';
import type { Db } from '@esim/db';
import { ECDSAPublicKey, decodePKIXECDSASignature, p256, verifyECDSASignature } from '@oslojs/crypto/ecdsa';
import { sha256 } from '@oslojs/crypto/sha2';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding, encodeHexLowerCase, decodeHex } from '@oslojs/encoding';
import {
  ClientDataType,
  coseAlgorithmES256,
  createAssertionSignatureMessage,
  parseAttestationObject,
  parseAuthenticatorData,
  parseClientDataJSON,
} from '@oslojs/webauthn';
import { AppError } from '../../errors.ts';
import { writeTransaction } from '../shared/db-tx.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;

/** A signature by a passkey this account (or, signing in with a passkey alone, any account) does not have. */
export const UNKNOWN_PASSKEY_ERROR = 'This passkey is not known here.';

export interface RelyingParty {
  /** The shop's host name (the passkey is bound to it). */
  id: string;
  /** The shop's origin, e.g. https://shop.example. */
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/** A fresh challenge for `purpose` (base64url, what the browser passes to navigator.credentials). */
export async function createChallenge(db: Db, userId: number | null, purpose: 'register' | 'authenticate', now: Date): Promise<string> {
  const challenge = randomBytes(32);
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      id: encodeHexLowerCase(sha256(challenge)),
      user_id: userId,
      purpose,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    })
    .execute();
  return encodeBase64urlNoPadding(challenge);
}

/** Takes the challenge (once); false when unknown, expired, for another purpose or another user. */
async function consumeChallenge(db: Db, challenge: Uint8Array, userId: number | null, purpose: string, now: Date): Promise<boolean> {
  const id = encodeHexLowerCase(sha256(challenge));
  const row = await db.selectFrom('webauthn_challenges').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  const deleted = await db.deleteFrom('webauthn_challenges').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return false;
  // A sign-in with a passkey alone (userId null) takes only a challenge made for nobody, and an
  // account's challenge only that account.
  return row.purpose === purpose && row.expires_at > now.toISOString() && (row.user_id ?? null) === userId;
}

function bytes(b64url: string): Uint8Array {
  try {
    return decodeBase64urlIgnorePadding(b64url);
  } catch {
    throw new AppError('BAD_INPUT', 'The passkey answer is not valid.');
  }
}

function checkClientData(clientDataJSON: Uint8Array, type: ClientDataType, rp: RelyingParty): Uint8Array {
  let data: ReturnType<typeof parseClientDataJSON>;
  try {
    data = parseClientDataJSON(clientDataJSON);
  } catch {
    throw new AppError('BAD_INPUT', 'The passkey answer is not valid.');
  }
  if (data.type !== type || data.origin !== rp.origin || data.crossOrigin === true) {
    throw new AppError('BAD_INPUT', 'The passkey answer is not for this shop.');
  }
  return data.challenge;
}

export interface PasskeyRegistration {
  /** base64url */
  clientDataJSON: string;
  attestationObject: string;
  name: string;
}

/** Stores a new passkey for `userId` after checking the browser's answer to a 'register' challenge. */
export async function registerPasskey(
  db: Db,
  userId: number,
  rp: RelyingParty,
  input: PasskeyRegistration,
  now: Date,
): Promise<{ id: string }> {
  const clientDataJSON = bytes(input.clientDataJSON);
  const challenge = checkClientData(clientDataJSON, ClientDataType.Create, rp);
  if (!(await consumeChallenge(db, challenge, userId, 'register', now)))
    throw new AppError('BAD_INPUT', 'The passkey request expired. Please try again.');
  let attestation: ReturnType<typeof parseAttestationObject>;
  try {
    attestation = parseAttestationObject(bytes(input.attestationObject));
  } catch {
    throw new AppError('BAD_INPUT', 'The passkey answer is not valid.');
  }
  const auth = attestation.authenticatorData;
  if (!auth.verifyRelyingPartyIdHash(rp.id) || !auth.userPresent || !auth.credential) {
    throw new AppError('BAD_INPUT', 'The passkey answer is not for this shop.');
  }
  if (auth.credential.publicKey.algorithm() !== coseAlgorithmES256)
    throw new AppError('BAD_INPUT', 'This kind of passkey is not supported.');
  const ec = auth.credential.publicKey.ec2();
  const encodedKey = new ECDSAPublicKey(p256, ec.x, ec.y).encodeSEC1Uncompressed();
  const id = encodeBase64urlNoPadding(auth.credential.id);
  const taken = await db.selectFrom('user_passkeys').select('id').where('id', '=', id).executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', 'This passkey is already registered.');
  await db
    .insertInto('user_passkeys')
    .values({
      id,
      user_id: userId,
      public_key_hex: encodeHexLowerCase(encodedKey),
      algorithm: coseAlgorithmES256,
      sign_count: auth.signatureCounter,
      name: input.name.trim().slice(0, 64) || 'Passkey',
      created_at: now.toISOString(),
      last_used_at: null,
    })
    .execute();
  return { id };
}

/**
 * Removes one of the account's passkeys; the account's other sessions end (a factor changed). A
 * back-office account keeps at least one second factor. A passkey of another account is 'not
 * found', as one that never existed.
 */
export async function removePasskey(
  db: Db,
  user: { id: number; role: string },
  passkeyId: string,
  sessionId: string | null,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const passkey = await trx
      .selectFrom('user_passkeys')
      .select('id')
      .where('id', '=', passkeyId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!passkey) throw new AppError('NOT_FOUND', 'This passkey is not on your account. Reload the page to see the ones that are.');
    if (user.role === 'admin') {
      const others = await trx
        .selectFrom('user_passkeys')
        .select('id')
        .where('user_id', '=', user.id)
        .where('id', '!=', passkeyId)
        .limit(1)
        .executeTakeFirst();
      const totp = await trx
        .selectFrom('user_totp')
        .select('user_id')
        .where('user_id', '=', user.id)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      if (!others && !totp) {
        throw new AppError(
          'CONFLICT',
          'A back-office account keeps at least one second factor: add an authenticator app or another passkey first.',
        );
      }
    }
    await trx.deleteFrom('user_passkeys').where('id', '=', passkeyId).where('user_id', '=', user.id).execute();
    let others = trx.deleteFrom('sessions').where('user_id', '=', user.id);
    if (sessionId) others = others.where('id', '!=', sessionId);
    await others.execute();
  });
}

export interface PasskeyAssertion {
  credentialId: string;
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
}

/**
 * Checks the browser's answer to an 'authenticate' challenge; → the user the passkey belongs to.
 * `userId` null: a sign-in with a passkey alone (the challenge was made for nobody).
 */
export async function verifyPasskeyAssertion(
  db: Db,
  userId: number | null,
  rp: RelyingParty,
  input: PasskeyAssertion,
  now: Date,
): Promise<{ userId: number }> {
  const clientDataJSON = bytes(input.clientDataJSON);
  const challenge = checkClientData(clientDataJSON, ClientDataType.Get, rp);
  if (!(await consumeChallenge(db, challenge, userId, 'authenticate', now)))
    throw new AppError('BAD_INPUT', 'The passkey request expired. Please try again.');
  const key = await db.selectFrom('user_passkeys').selectAll().where('id', '=', input.credentialId).executeTakeFirst();
  if (!key || (userId !== null && key.user_id !== userId)) {
    throw new AppError('UNAUTHORIZED', UNKNOWN_PASSKEY_ERROR, { reason: 'unknown_passkey' });
  }
  const authData = bytes(input.authenticatorData);
  let auth: ReturnType<typeof parseAuthenticatorData>;
  try {
    auth = parseAuthenticatorData(authData);
  } catch {
    throw new AppError('BAD_INPUT', 'The passkey answer is not valid.');
  }
  if (!auth.verifyRelyingPartyIdHash(rp.id) || !auth.userPresent)
    throw new AppError('BAD_INPUT', 'The passkey answer is not for this shop.');
  const hex = decodeHex(key.public_key_hex);
  const publicKey = new ECDSAPublicKey(p256, bigintOf(hex.subarray(1, 33)), bigintOf(hex.subarray(33, 65)));
  let ok = false;
  try {
    const signature = decodePKIXECDSASignature(bytes(input.signature));
    ok = verifyECDSASignature(publicKey, sha256(createAssertionSignatureMessage(authData, clientDataJSON)), signature);
  } catch {
    ok = false;
  }
  if (!ok) throw new AppError('UNAUTHORIZED', 'The passkey could not be verified.');
  // A counter that does not move forward (when the authenticator keeps one) is a cloned key.
  if (auth.signatureCounter !== 0 && auth.signatureCounter <= Number(key.sign_count)) {
    throw new AppError('UNAUTHORIZED', 'The passkey could not be verified.');
  }
  await db
    .updateTable('user_passkeys')
    .set({ sign_count: auth.signatureCounter, last_used_at: now.toISOString() })
    .where('id', '=', key.id)
    .execute();
  return { userId: key.user_id };
}

function bigintOf(b: Uint8Array): bigint {
  return BigInt(`0x${encodeHexLowerCase(b) || '0'}`);
}
