// GSMA SGP.22 §4.1 activation code, as a QR code carries it:
//   LPA:1$<SM-DP+ address>$<matching ID>[$<SM-DP+ OID>[$<confirmation-code-required flag>]]
// The flag is '1'; the confirmation code itself never appears in the string (it is sent
// separately). When the flag is present without an OID the OID field is empty: 'LPA:1$h$M$$1'.
// Pure and browser-safe: the order-success page imports the iPhone helpers from here.

export const LPA_PREFIX = 'LPA:';
const AC_FORMAT = '1';

export interface ActivationCodeParts {
  /** Bare host name of the SM-DP+ server, e.g. 'smdp.sim.example' (no scheme, port or path). */
  smdpAddress: string;
  /** Matching ID (AC_Token): A–Z, 0–9 and '-'. */
  matchingId: string;
  /** SM-DP+ OID, e.g. '1.3.6.1.4.1.31746'; optional. */
  oid?: string | undefined;
  /** The phone must ask for a confirmation code sent separately. */
  confirmationCodeRequired?: boolean | undefined;
}

export class ActivationCodeError extends Error {
  readonly field: 'format' | 'smdpAddress' | 'matchingId' | 'oid' | 'confirmationCodeRequired';
  constructor(field: ActivationCodeError['field'], message: string) {
    super(message);
    this.name = 'ActivationCodeError';
    this.field = field;
  }
}

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const MATCHING_ID = /^[A-Z0-9-]{1,255}$/;
const OID = /^\d+(?:\.\d+)*$/;

/** A bare, fully qualified host name: labels of letters, digits and '-', at least one dot. */
export function isValidSmdpAddress(s: string): boolean {
  if (s.length === 0 || s.length > 253) return false;
  const labels = s.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l));
}

export function isValidMatchingId(s: string): boolean {
  return MATCHING_ID.test(s);
}

export function isValidOid(s: string): boolean {
  return OID.test(s);
}

function validate(parts: ActivationCodeParts): void {
  if (!isValidSmdpAddress(parts.smdpAddress)) {
    throw new ActivationCodeError('smdpAddress', `SM-DP+ address must be a bare host name, got ${JSON.stringify(parts.smdpAddress)}`);
  }
  if (!isValidMatchingId(parts.matchingId)) {
    throw new ActivationCodeError('matchingId', `matching ID must be 1–255 of A–Z, 0–9 and '-', got ${JSON.stringify(parts.matchingId)}`);
  }
  if (parts.oid !== undefined && !isValidOid(parts.oid)) {
    throw new ActivationCodeError('oid', `SM-DP+ OID must be dotted digits, got ${JSON.stringify(parts.oid)}`);
  }
}

/** 'LPA:1$<host>$<matchingId>[$<oid>[$1]]'. Throws ActivationCodeError on a bad field. */
export function buildActivationCode(parts: ActivationCodeParts): string {
  validate(parts);
  let code = `${LPA_PREFIX}${AC_FORMAT}$${parts.smdpAddress}$${parts.matchingId}`;
  if (parts.confirmationCodeRequired) code += `$${parts.oid ?? ''}$1`;
  else if (parts.oid !== undefined) code += `$${parts.oid}`;
  return code;
}

/**
 * Parses an activation code, with or without the 'LPA:' prefix. The result always has
 * `confirmationCodeRequired` set and `oid` only when present. Throws ActivationCodeError.
 */
export function parseActivationCode(input: string): ActivationCodeParts & { confirmationCodeRequired: boolean } {
  const s = input.trim();
  const body = s.slice(0, LPA_PREFIX.length).toUpperCase() === LPA_PREFIX ? s.slice(LPA_PREFIX.length) : s;
  const fields = body.split('$');
  if (fields[0] !== AC_FORMAT) throw new ActivationCodeError('format', "activation code must start with 'LPA:1$'");
  if (fields.length < 3 || fields.length > 5)
    throw new ActivationCodeError('format', 'activation code must have 3 to 5 $-separated fields');
  const [, smdpAddress = '', matchingId = '', oidField, flag] = fields;
  if (flag !== undefined && flag !== '1') {
    throw new ActivationCodeError('confirmationCodeRequired', "the confirmation-code flag must be '1' when present");
  }
  if (flag === undefined && oidField === '') throw new ActivationCodeError('oid', 'empty SM-DP+ OID field');
  const parts: ActivationCodeParts & { confirmationCodeRequired: boolean } = {
    smdpAddress,
    matchingId,
    confirmationCodeRequired: flag === '1',
  };
  if (oidField !== undefined && oidField !== '') parts.oid = oidField;
  validate(parts);
  return parts;
}

/** parseActivationCode without the throw. */
export function tryParseActivationCode(input: string): (ActivationCodeParts & { confirmationCodeRequired: boolean }) | null {
  try {
    return parseActivationCode(input);
  } catch (e) {
    if (e instanceof ActivationCodeError) return null;
    throw e;
  }
}

/**
 * Apple's one-tap install link (iOS 17.4+). A link the shopper taps on the iPhone itself;
 * the server never calls it.
 */
export function appleInstallUrl(activationCode: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`;
}

/** iOS version from a user agent ('… CPU iPhone OS 17_4 like Mac OS X …'), or null when not iOS. */
export function iosVersion(userAgent: string | null | undefined): { major: number; minor: number } | null {
  if (!userAgent) return null;
  // iPhone, iPod and (pre-iPadOS 13 or mobile-mode) iPad; every iOS browser uses this token.
  const m = /\((?:iPhone|iPod|iPad)[^)]*?\bOS (\d+)(?:_(\d+))?/.exec(userAgent);
  if (!m) return null;
  return { major: Number(m[1]), minor: m[2] === undefined ? 0 : Number(m[2]) };
}

/** Whether to show the 'Install on iPhone' link: iOS 17.4 or later. */
export function isIos174OrLater(userAgent: string | null | undefined): boolean {
  const v = iosVersion(userAgent);
  return v !== null && (v.major > 17 || (v.major === 17 && v.minor >= 4));
}
