// Account forms and inputs, shared by the server (procedure inputs) and the web app (form
// validation), with the spec's exact messages (section 5). Pure and browser-safe: zod only.
import { z } from 'zod';

/** The spec's generic messages: 'Required' for a missing value, 'Invalid input' for a wrong type. */
const text = () => z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Required' : 'Invalid input') });

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
export const LOGIN_PASSWORD_MIN = 6;
export const PASSWORD_MIN = 8;
/** Generous: long passphrases (64+ characters) are welcome; the bound only stops abuse of the hash. */
export const PASSWORD_MAX = 1024;
export const EMAIL_MAX = 254;

export const MSG = {
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: `Username must be at most ${USERNAME_MAX} characters`,
  usernameChars: 'Username contains characters that are not allowed',
  loginPasswordMin: 'Password must be at least 6 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  email: 'Please enter a valid email address',
  passwordsMismatch: "Passwords don't match",
  required: 'Required',
  mobile: 'Please enter a valid mobile number',
  photoUrl: 'Please enter a valid http(s) link',
  identifierMax: `Must be at most ${EMAIL_MAX} characters`,
  linkIncomplete: 'The link is incomplete.',
  linkInvalid: 'The link is not valid.',
} as const;

/** Trimmed; case is kept for display, sign-in is case-insensitive. */
export const ZUsername = text()
  .trim()
  .min(USERNAME_MIN, MSG.usernameMin)
  .max(USERNAME_MAX, MSG.usernameMax)
  // no control or invisible format characters (zero-width spaces make look-alike names)
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, MSG.usernameChars);

/** Trimmed and lowercased. */
export const ZEmail = text().trim().toLowerCase().pipe(z.email(MSG.email).max(EMAIL_MAX, MSG.email));

/** A new password (registration, change): at least 8. Never trimmed. */
export const ZNewPassword = text().min(PASSWORD_MIN, MSG.passwordMin).max(PASSWORD_MAX, MSG.passwordMax);

/** Optional free text: '' and null mean "none". */
const optionalText = (max: number) => text().trim().max(max, `Must be at most ${max} characters`).nullish();

export const ZFullName = optionalText(120);

// ── Login ───────────────────────────────────────────────────────────────────────────────
/** Sign-in takes the username or the e-mail address given at checkout or registration (issue 26). */
export const ZLoginIdentifier = text()
  .trim()
  .min(USERNAME_MIN, MSG.usernameMin)
  .max(EMAIL_MAX, MSG.identifierMax)
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, MSG.usernameChars);

export const ZLoginInput = z.object({
  username: ZLoginIdentifier,
  password: text().min(LOGIN_PASSWORD_MIN, MSG.loginPasswordMin).max(PASSWORD_MAX, MSG.passwordMax),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

// ── Register ────────────────────────────────────────────────────────────────────────────
const registerFields = {
  fullName: ZFullName,
  username: ZUsername,
  email: ZEmail,
  password: ZNewPassword,
};

const passwordsMatch = { message: MSG.passwordsMismatch, path: ['confirmPassword'] };

/** The register form: confirmPassword is required and must equal password. */
export const ZRegisterForm = z
  .object({ ...registerFields, confirmPassword: text() })
  .refine((d) => d.password === d.confirmPassword, passwordsMatch);
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

/**
 * POST /api/auth/register and auth.register: the spec's call sends username, password, email and
 * fullName; confirmPassword is optional here and, when sent, must match.
 */
export const ZRegisterInput = z
  .object({ ...registerFields, confirmPassword: text().optional() })
  .refine((d) => d.confirmPassword === undefined || d.password === d.confirmPassword, passwordsMatch);
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

// ── Profile ─────────────────────────────────────────────────────────────────────────────
/** The profile form of the spec: fullName optional, email valid, username at least 3. */
export const ZProfileForm = z.object({
  fullName: ZFullName,
  email: ZEmail,
  username: ZUsername,
});
export type TProfileForm = z.infer<typeof ZProfileForm>;

/**
 * PATCH /api/users/profile and users.updateProfile: a partial update. Omitted fields stay as they
 * are; '' or null clears an optional field. The extra fields are the content's other reading of
 * registration (first and last name, mobile; photo and travel preferences optional).
 */
export const ZUpdateProfileInput = z.object({
  fullName: ZFullName,
  email: ZEmail.optional(),
  username: ZUsername.optional(),
  firstName: optionalText(80),
  lastName: optionalText(80),
  mobile: text()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9][0-9 ().-]{4,30}$/.test(v), MSG.mobile)
    .nullish(),
  photoUrl: text()
    .trim()
    .max(2048, MSG.photoUrl)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), MSG.photoUrl)
    .nullish(),
  travelPreferences: optionalText(2000),
});
export type TUpdateProfileInput = z.infer<typeof ZUpdateProfileInput>;

// ── Password change ─────────────────────────────────────────────────────────────────────
export const ZChangePasswordInput = z.object({
  currentPassword: text().min(1, MSG.required).max(PASSWORD_MAX, MSG.passwordMax),
  newPassword: ZNewPassword,
});
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

/** The password-change form: the new password typed twice. */
export const ZChangePasswordForm = ZChangePasswordInput.extend({ confirmPassword: text() }).refine(
  (d) => d.newPassword === d.confirmPassword,
  passwordsMatch,
);
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

// ── Password reset ──────────────────────────────────────────────────────────────────────
/** auth.requestPasswordReset and POST /api/auth/forgot-password: the account's e-mail or username. */
export const ZPasswordResetRequest = z.object({
  identifier: text().trim().min(1, MSG.required).max(EMAIL_MAX, MSG.identifierMax),
  /** The site's language, for the e-mail ('en', 'ar', 'pt-BR'…); the same tag rule as support.ts ZLocale. */
  locale: text()
    .trim()
    .max(35, 'Invalid language')
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'Invalid language')
    .optional(),
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** The token from a reset link: 32 random bytes, base64url (43 characters). */
export const ZResetToken = text().trim().min(20, MSG.linkIncomplete).max(200, MSG.linkInvalid);

/**
 * auth.resetPassword and POST /api/auth/reset-password: the token and the new password (the rules
 * of registration); confirmPassword is optional here and, when sent, must match.
 */
export const ZResetPasswordInput = z
  .object({ token: ZResetToken, password: ZNewPassword, confirmPassword: text().optional() })
  .refine((d) => d.confirmPassword === undefined || d.password === d.confirmPassword, passwordsMatch);
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

/** The reset page's form: the new password typed twice. */
export const ZResetPasswordForm = z
  .object({ password: ZNewPassword, confirmPassword: text() })
  .refine((d) => d.password === d.confirmPassword, passwordsMatch);
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;
