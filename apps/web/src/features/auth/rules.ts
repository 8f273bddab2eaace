// Client-side form rules (spec §5), mirroring the server's zod schemas in
// packages/api/src/domain/validation.ts. Why not import those schemas here: zod's core modules are
// shared with the zod/mini the initial bundle already uses for search params, so any full-zod use
// in a lazy chunk grows the *initial* chunk (~10 kB gzip, measured). These plain functions cost a
// few hundred bytes; rules.test.ts checks them against the zod schemas on a table of inputs, so
// they cannot drift apart. The server validates again either way.
//
// Messages are i18n keys of the 'auth' namespace (validation.*), whose English texts are the
// spec's exact messages.

export type MessageKey =
  | 'validation.required'
  | 'validation.invalid'
  | 'validation.usernameMin'
  | 'validation.usernameMax'
  | 'validation.usernameChars'
  | 'validation.loginPasswordMin'
  | 'validation.passwordMin'
  | 'validation.passwordMax'
  | 'validation.passwordCommon'
  | 'validation.email'
  | 'validation.passwordsMismatch'
  | 'validation.mobile'
  | 'validation.photoUrl'
  | 'validation.tooLong';

export type FieldErrors<V> = Partial<Record<keyof V, MessageKey>>;
/** What a form checks (errors: shown through t('auth')) and what it sends when there are none (data). */
export type Validation<V, Out> = { ok: boolean; data: Out; errors: FieldErrors<V> };

// The numbers of validation.ts (USERNAME_MIN … EMAIL_MAX).
const USERNAME_MIN = 3;
const USERNAME_MAX = 64;
const LOGIN_PASSWORD_MIN = 6;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 1024;
const EMAIL_MAX = 254;
// zod 4's z.email() pattern (zod/v4/core/regexes.js `email`).
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
const NO_CONTROL_CHARS = /^[^\p{Cc}\p{Cf}]*$/u;
const MOBILE = /^\+?[0-9][0-9 ().-]{4,30}$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;

export function usernameError(raw: string): MessageKey | undefined {
  const v = raw.trim();
  if (v.length < USERNAME_MIN) return 'validation.usernameMin';
  if (v.length > USERNAME_MAX) return 'validation.usernameMax';
  if (!NO_CONTROL_CHARS.test(v)) return 'validation.usernameChars';
  return undefined;
}

/** Sign-in's name: the username or the e-mail address (ZLoginIdentifier), so up to EMAIL_MAX. */
export function loginIdentifierError(raw: string): MessageKey | undefined {
  const v = raw.trim();
  if (v.length < USERNAME_MIN) return 'validation.usernameMin';
  if (v.length > EMAIL_MAX) return 'validation.tooLong';
  if (!NO_CONTROL_CHARS.test(v)) return 'validation.usernameChars';
  return undefined;
}

export function emailError(raw: string): MessageKey | undefined {
  const v = raw.trim().toLowerCase();
  return EMAIL.test(v) && v.length <= EMAIL_MAX ? undefined : 'validation.email';
}

function passwordError(v: string, min: number, minKey: MessageKey): MessageKey | undefined {
  if (v.length < min) return minKey;
  if (v.length > PASSWORD_MAX) return 'validation.passwordMax';
  return undefined;
}

export const newPasswordError = (v: string) => passwordError(v, PASSWORD_MIN, 'validation.passwordMin');

function maxLengthError(raw: string, max: number): MessageKey | undefined {
  return raw.trim().length > max ? 'validation.tooLong' : undefined;
}

/** The mismatch is shown on the confirmation as soon as either field has something in it. */
function mismatchError(password: string, confirm: string): MessageKey | undefined {
  return confirm !== password && (confirm || password) ? 'validation.passwordsMismatch' : undefined;
}

function result<V, Out>(errors: FieldErrors<V>, data: () => Out): Validation<V, Out> {
  const clean = Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) as FieldErrors<V>;
  return { ok: Object.keys(clean).length === 0, data: data(), errors: clean };
}

/** The errors' texts, for a form's rules (useShopForm): `t` is the 'auth' namespace's. */
export function messagesOf<V>(errors: FieldErrors<V>, t: (key: MessageKey) => string): Partial<Record<keyof V, string>> {
  const out: Partial<Record<keyof V, string>> = {};
  for (const [field, key] of Object.entries(errors) as [keyof V, MessageKey | undefined][]) if (key) out[field] = t(key);
  return out;
}

// ── Login (ZLoginInput) ─────────────────────────────────────────────────────────────────
export type LoginValues = {
  username: string;
  password: string;
};
export function validateLogin(v: LoginValues): Validation<LoginValues, LoginValues> {
  return result(
    { username: loginIdentifierError(v.username), password: passwordError(v.password, LOGIN_PASSWORD_MIN, 'validation.loginPasswordMin') },
    () => ({ username: v.username.trim(), password: v.password }),
  );
}

// ── Register (ZRegisterForm) ────────────────────────────────────────────────────────────
export type RegisterValues = {
  fullName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
};
export function validateRegister(v: RegisterValues): Validation<RegisterValues, RegisterValues> {
  return result(
    {
      fullName: maxLengthError(v.fullName, 120),
      username: usernameError(v.username),
      email: emailError(v.email),
      password: newPasswordError(v.password),
      confirmPassword: mismatchError(v.password, v.confirmPassword),
    },
    () => ({ ...v, fullName: v.fullName.trim(), username: v.username.trim(), email: v.email.trim().toLowerCase() }),
  );
}

// ── Profile (ZProfileForm; the extra fields of ZUpdateProfileInput) ─────────────────────
export type ProfileValues = {
  fullName: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  mobile: string;
  photoUrl: string;
  travelPreferences: string;
};
export type ProfileBasics = Pick<ProfileValues, 'fullName' | 'email' | 'username'>;

/** 'basic' checks and sends the spec's three fields; 'full' all of them ('' clears a field). */
export function validateProfile(v: ProfileValues, variant: 'basic' | 'full'): Validation<ProfileValues, ProfileBasics | ProfileValues> {
  const basics: FieldErrors<ProfileValues> = {
    fullName: maxLengthError(v.fullName, 120),
    email: emailError(v.email),
    username: usernameError(v.username),
  };
  const basicData: ProfileBasics = { fullName: v.fullName.trim(), email: v.email.trim().toLowerCase(), username: v.username.trim() };
  if (variant === 'basic') return result(basics, () => basicData);
  const mobile = v.mobile.trim();
  const photoUrl = v.photoUrl.trim();
  return result(
    {
      ...basics,
      firstName: maxLengthError(v.firstName, 80),
      lastName: maxLengthError(v.lastName, 80),
      mobile: mobile === '' || MOBILE.test(mobile) ? undefined : 'validation.mobile',
      photoUrl: photoUrl === '' || (photoUrl.length <= 2048 && HTTP_URL.test(photoUrl)) ? undefined : 'validation.photoUrl',
      travelPreferences: maxLengthError(v.travelPreferences, 2000),
    },
    () => ({
      ...basicData,
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      mobile,
      photoUrl,
      travelPreferences: v.travelPreferences.trim(),
    }),
  );
}

// ── Password change (ZChangePasswordForm) ───────────────────────────────────────────────
export type PasswordValues = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};
export function validatePasswordChange(v: PasswordValues): Validation<PasswordValues, { currentPassword: string; newPassword: string }> {
  return result(
    {
      currentPassword:
        v.currentPassword.length < 1
          ? 'validation.required'
          : v.currentPassword.length > PASSWORD_MAX
            ? 'validation.passwordMax'
            : undefined,
      newPassword: newPasswordError(v.newPassword),
      confirmPassword: mismatchError(v.newPassword, v.confirmPassword),
    },
    () => ({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
  );
}

// ── Forgot password (ZPasswordResetRequest) ─────────────────────────────────────────────
export type ForgotPasswordValues = {
  identifier: string;
};
export function validateForgotPassword(v: ForgotPasswordValues): Validation<ForgotPasswordValues, ForgotPasswordValues> {
  const identifier = v.identifier.trim();
  return result(
    { identifier: identifier.length < 1 ? 'validation.required' : identifier.length > EMAIL_MAX ? 'validation.tooLong' : undefined },
    () => ({ identifier }),
  );
}

// ── Reset password (ZResetPasswordForm) ─────────────────────────────────────────────────
export type ResetPasswordValues = {
  password: string;
  confirmPassword: string;
};
export function validateResetPassword(v: ResetPasswordValues): Validation<ResetPasswordValues, ResetPasswordValues> {
  return result({ password: newPasswordError(v.password), confirmPassword: mismatchError(v.password, v.confirmPassword) }, () => ({
    ...v,
  }));
}

/** A server message (zod's English, from a BAD_REQUEST's fieldErrors) as a key, when it is one of ours. */
const SERVER_MESSAGES: Record<string, MessageKey> = {
  Required: 'validation.required',
  'Invalid input': 'validation.invalid',
  'Username must be at least 3 characters': 'validation.usernameMin',
  'Username must be at most 64 characters': 'validation.usernameMax',
  'Username contains characters that are not allowed': 'validation.usernameChars',
  'Password must be at least 6 characters': 'validation.loginPasswordMin',
  'Password must be at least 8 characters': 'validation.passwordMin',
  'Password must be at most 1024 characters': 'validation.passwordMax',
  'Please enter a valid email address': 'validation.email',
  "Passwords don't match": 'validation.passwordsMismatch',
  'Please enter a valid mobile number': 'validation.mobile',
  'Please enter a valid http(s) link': 'validation.photoUrl',
};
/**
 * The server refused a new password because it is on its list of common and breached passwords
 * (400 BAD_INPUT, details { field, reason: 'common_password' }): only the server holds that list.
 */
export function isCommonPasswordRefusal(details: Record<string, unknown>): boolean {
  return details['reason'] === 'common_password';
}

export function serverMessageKey(message: string): MessageKey {
  return SERVER_MESSAGES[message] ?? (/^Must be at most \d+ characters$/.test(message) ? 'validation.tooLong' : 'validation.invalid');
}
