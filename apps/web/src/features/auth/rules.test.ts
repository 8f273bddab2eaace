// The client rules must say what the server's zod schemas say (same verdict, same message), so
// the forms never accept what the server refuses or show another wording.
import { describe, expect, it } from 'vitest';
import {
  ZChangePasswordForm,
  ZLoginInput,
  ZPasswordResetRequest,
  ZProfileForm,
  ZRegisterForm,
  ZResetPasswordForm,
  ZUpdateProfileInput,
} from '@esim/api/domain';
import auth from '@esim/i18n/locales/en/auth.json';
import {
  validateForgotPassword,
  validateLogin,
  validatePasswordChange,
  validateProfile,
  validateRegister,
  validateResetPassword,
  type FieldErrors,
  type MessageKey,
} from './rules.ts';

const english = (key: MessageKey) => auth.validation[key.replace('validation.', '') as keyof typeof auth.validation];

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
/** zod's first message per field. */
function zodErrors(result: { success: boolean; error?: { issues: readonly Issue[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    out[field] ??= issue.message;
  }
  return out;
}
function ours<V>(errors: FieldErrors<V>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, english(v as MessageKey)]));
}
const tooLong = /^Must be at most \d+ characters$/;
function expectSame(zod: Record<string, string>, mine: Record<string, string>) {
  expect(Object.keys(mine).sort()).toEqual(Object.keys(zod).sort());
  for (const [field, message] of Object.entries(zod)) {
    if (tooLong.test(message)) expect(mine[field]).toBe(auth.validation.tooLong);
    else expect(mine[field]).toBe(message);
  }
}

describe('login rules = ZLoginInput', () => {
  it.each([
    { username: '', password: '' },
    { username: 'ab', password: '12345' },
    { username: '  ab  ', password: '123456' },
    { username: 'abc', password: '123456' },
    { username: 'a\u200bbc', password: 'secret!' },
    { username: 'x'.repeat(65), password: 'p'.repeat(1025) },
    { username: `${'x'.repeat(70)}@example.com`, password: 'secret!' },
    { username: 'x'.repeat(255), password: 'secret!' },
  ])('%o', (values) => {
    expectSame(zodErrors(ZLoginInput.safeParse(values)), ours(validateLogin(values).errors));
  });
});

describe('register rules = ZRegisterForm', () => {
  const ok = { fullName: '', username: 'traveller', email: 'a@b.co', password: 'longenough', confirmPassword: 'longenough' };
  it.each([
    ok,
    { ...ok, fullName: 'Ada Lovelace' },
    { ...ok, username: 'ab' },
    { ...ok, email: 'not-an-email' },
    { ...ok, email: ' Mixed@Example.COM ' },
    { ...ok, email: 'a@b' },
    { ...ok, password: 'short', confirmPassword: 'short' },
    { ...ok, confirmPassword: 'different1' },
    { ...ok, fullName: 'x'.repeat(121) },
  ])('%o', (values) => {
    expectSame(zodErrors(ZRegisterForm.safeParse(values)), ours(validateRegister(values).errors));
  });

  it('shows the mismatch on confirmPassword even while other fields are invalid (zod waits)', () => {
    const errors = validateRegister({ fullName: '', username: '', email: '', password: 'abcdefgh', confirmPassword: 'x' }).errors;
    expect(errors.confirmPassword).toBe('validation.passwordsMismatch');
    expect(english(errors.confirmPassword!)).toBe("Passwords don't match");
  });

  it('normalises what it sends', () => {
    const r = validateRegister({ ...ok, username: ' traveller ', email: ' A@B.CO ' });
    expect(r.ok && r.data).toMatchObject({ username: 'traveller', email: 'a@b.co' });
  });
});

describe('profile rules = ZProfileForm (+ ZUpdateProfileInput extras)', () => {
  const base = {
    fullName: 'Ada',
    email: 'ada@example.com',
    username: 'ada',
    firstName: '',
    lastName: '',
    mobile: '',
    photoUrl: '',
    travelPreferences: '',
  };
  it.each([base, { ...base, email: 'nope' }, { ...base, username: 'a' }, { ...base, fullName: '' }])('basic %o', (values) => {
    expectSame(zodErrors(ZProfileForm.safeParse(values)), ours(validateProfile(values, 'basic').errors));
  });
  const full = ZProfileForm.extend({
    firstName: ZUpdateProfileInput.shape.firstName,
    lastName: ZUpdateProfileInput.shape.lastName,
    mobile: ZUpdateProfileInput.shape.mobile,
    photoUrl: ZUpdateProfileInput.shape.photoUrl,
    travelPreferences: ZUpdateProfileInput.shape.travelPreferences,
  });
  it.each([
    base,
    { ...base, mobile: '+44 7700 900123', photoUrl: 'https://example.com/me.jpg', firstName: 'Ada', lastName: 'L' },
    { ...base, mobile: 'call me' },
    { ...base, mobile: '123' },
    { ...base, photoUrl: 'ftp://example.com/x' },
    { ...base, photoUrl: 'javascript:alert(1)' },
    { ...base, firstName: 'x'.repeat(81), travelPreferences: 'y'.repeat(2001) },
  ])('full %o', (values) => {
    expectSame(zodErrors(full.safeParse(values)), ours(validateProfile(values, 'full').errors));
  });
  it('sends only the three fields from the basic form', () => {
    const r = validateProfile({ ...base, mobile: 'ignored here' }, 'basic');
    expect(r.ok && Object.keys(r.data).sort()).toEqual(['email', 'fullName', 'username']);
  });
});

describe('password change rules = ZChangePasswordForm', () => {
  it.each([
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    { currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' },
    { currentPassword: 'old', newPassword: 'longenough', confirmPassword: 'longenough' },
    { currentPassword: 'old', newPassword: 'longenough', confirmPassword: 'longenougH' },
  ])('%o', (values) => {
    expectSame(zodErrors(ZChangePasswordForm.safeParse(values)), ours(validatePasswordChange(values).errors));
  });
});

describe('forgot password rules = ZPasswordResetRequest', () => {
  it.each([
    { identifier: '' },
    { identifier: '   ' },
    { identifier: 'ada' },
    { identifier: ' ada@example.com ' },
    { identifier: 'x'.repeat(255) },
  ])('%o', (values) => {
    expectSame(zodErrors(ZPasswordResetRequest.safeParse(values)), ours(validateForgotPassword(values).errors));
  });
  it('sends the trimmed text', () => {
    const r = validateForgotPassword({ identifier: ' Ada@Example.com ' });
    expect(r.ok && r.data).toEqual({ identifier: 'Ada@Example.com' });
  });
});

describe('reset password rules = ZResetPasswordForm', () => {
  it.each([
    { password: '', confirmPassword: '' },
    { password: 'short', confirmPassword: 'short' },
    { password: 'longenough', confirmPassword: 'longenough' },
    { password: 'longenough', confirmPassword: 'longenougH' },
    { password: 'p'.repeat(1025), confirmPassword: 'p'.repeat(1025) },
  ])('%o', (values) => {
    expectSame(zodErrors(ZResetPasswordForm.safeParse(values)), ours(validateResetPassword(values).errors));
  });
});
