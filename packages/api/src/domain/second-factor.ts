// The inputs of second-factor procedures (issue 27): the server's schemas, which the back office's
// forms validate with too (zodRules).
import { z } from 'zod';

export const ZTotpCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
export type TTotpCode = z.infer<typeof ZTotpCode>;

export const ZRecoveryCode = z.object({
  code: z.string().trim().min(8, 'Enter one of your recovery codes.').max(32, 'Enter one of your recovery codes.'),
});
export type TRecoveryCode = z.infer<typeof ZRecoveryCode>;

const b64url = z
  .string()
  .trim()
  .min(1)
  .max(8192)
  .regex(/^[A-Za-z0-9_-]+=*$/, 'Not base64url.');

/** A browser's answer to a passkey challenge (navigator.credentials.get), every field base64url. */
export const ZPasskeyAssertion = z.object({ credentialId: b64url, clientDataJSON: b64url, authenticatorData: b64url, signature: b64url });

/** Which passkey (its credential id, base64url). */
export const ZPasskeyId = z.object({ id: b64url });

/** A new passkey from the browser (navigator.credentials.create), every field base64url. */
export const ZPasskeyRegistration = z.object({
  clientDataJSON: b64url,
  attestationObject: b64url,
  name: z.string().trim().max(64).default('Passkey'),
});
export type TPasskeyAssertion = z.infer<typeof ZPasskeyAssertion>;
