// Every validation message of the spec (section 5), through the procedures and the shared schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChangePasswordForm, ZLoginInput, ZProfileForm, ZRegisterForm, ZRegisterInput, ZUpdateProfileInput } from '../src/domain/index.ts';
import { createRig, newAccount, rejection, type Rig } from './auth-helpers.ts';

let rig: Rig;
beforeAll(async () => {
  rig = await createRig();
});
afterAll(async () => {
  await rig.close();
});

/** The first message per field path of a failed procedure call (from the ZodError cause). */
async function fieldErrors(p: Promise<unknown>): Promise<Record<string, string>> {
  const err = await rejection(p);
  expect(err.code).toBe('BAD_REQUEST');
  const issues = (err.cause as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues;
  const out: Record<string, string> = {};
  for (const i of issues) out[i.path.join('.')] ??= i.message;
  return out;
}

function schemaErrors(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('login messages', () => {
  it.each([
    [{ username: 'ab', password: 'secret1' }, { username: 'Username must be at least 3 characters' }],
    [{ username: '   ab   ', password: 'secret1' }, { username: 'Username must be at least 3 characters' }],
    [{ username: 'abc', password: '12345' }, { password: 'Password must be at least 6 characters' }],
    [
      { username: '', password: '' },
      { username: 'Username must be at least 3 characters', password: 'Password must be at least 6 characters' },
    ],
    [{}, { username: 'Required', password: 'Required' }],
    [
      { username: 42, password: ['x'] },
      { username: 'Invalid input', password: 'Invalid input' },
    ],
  ])('%j → %j', async (input, expected) => {
    const caller = await rig.browser().caller();
    expect(await fieldErrors(caller.auth.login(input as never))).toEqual(expected);
    expect(schemaErrors(ZLoginInput.safeParse(input))).toEqual(expected);
  });

  it('password of exactly 6 passes validation (and is then just wrong)', async () => {
    const err = await rejection((await rig.browser().caller()).auth.login({ username: 'abc', password: '123456' }));
    expect(err.code).toBe('UNAUTHORIZED');
  });
});

describe('register messages', () => {
  const ok = () => {
    const a = newAccount();
    return { fullName: a.fullName, username: a.username, email: a.email, password: a.password, confirmPassword: a.password };
  };
  it.each([
    [{ username: 'ab' }, { username: 'Username must be at least 3 characters' }],
    [{ email: 'not-an-email' }, { email: 'Please enter a valid email address' }],
    [{ email: 'a@b' }, { email: 'Please enter a valid email address' }],
    [{ email: '' }, { email: 'Please enter a valid email address' }],
    [{ password: '1234567', confirmPassword: '1234567' }, { password: 'Password must be at least 8 characters' }],
    [{ confirmPassword: 'something else' }, { confirmPassword: "Passwords don't match" }],
    [{ password: 'x'.repeat(1025), confirmPassword: 'x'.repeat(1025) }, { password: 'Password must be at most 1024 characters' }],
  ])('%j → %j', async (patch, expected) => {
    const input = { ...ok(), ...patch };
    expect(schemaErrors(ZRegisterForm.safeParse(input))).toEqual(expected);
    expect(schemaErrors(ZRegisterInput.safeParse(input))).toEqual(expected);
    expect(await fieldErrors((await rig.browser().caller()).auth.register(input))).toEqual(expected);
  });

  it('the form needs confirmPassword; the call may leave it out (the spec sends username, password, email, fullName)', async () => {
    const { confirmPassword: _c, ...call } = ok();
    expect(schemaErrors(ZRegisterForm.safeParse(call))).toEqual({ confirmPassword: 'Required' });
    expect(ZRegisterInput.safeParse(call).success).toBe(true);
    await (await rig.browser().caller()).auth.register(call);
  });

  it('fullName is optional', () => {
    const { fullName: _f, ...rest } = ok();
    expect(ZRegisterForm.safeParse(rest).success).toBe(true);
  });
});

describe('profile messages', () => {
  it.each([
    [{ username: 'ab' }, { username: 'Username must be at least 3 characters' }],
    [{ email: 'nope' }, { email: 'Please enter a valid email address' }],
    [{ mobile: 'call me' }, { mobile: 'Please enter a valid mobile number' }],
    [{ photoUrl: 'javascript:alert(1)' }, { photoUrl: 'Please enter a valid http(s) link' }],
  ])('%j → %j', async (patch, expected) => {
    const b = rig.browser();
    await (await b.caller()).auth.register(newAccount());
    expect(await fieldErrors((await b.caller()).users.updateProfile(patch))).toEqual(expected);
    expect(schemaErrors(ZUpdateProfileInput.safeParse(patch))).toEqual(expected);
  });

  it('the profile form: fullName optional, email valid, username at least 3', () => {
    expect(schemaErrors(ZProfileForm.safeParse({ email: 'x', username: 'ab' }))).toEqual({
      email: 'Please enter a valid email address',
      username: 'Username must be at least 3 characters',
    });
    expect(ZProfileForm.safeParse({ email: 'a@example.com', username: 'abc' }).success).toBe(true);
  });

  it('the password-change form', () => {
    expect(schemaErrors(ZChangePasswordForm.safeParse({ currentPassword: '', newPassword: 'short', confirmPassword: 'other' }))).toEqual({
      currentPassword: 'Required',
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
  });
});
