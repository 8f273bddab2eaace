// New passwords on the shipped list of common and breached passwords are refused at registration,
// reset and change (issue 27) with one clear message, in any case; a strong one passes. If the
// list cannot be read, the built-in fallback still refuses the most common ones.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '../src/errors.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  FALLBACK_COMMON_PASSWORDS,
  commonPasswordList,
  isCommonPassword,
  setCommonPasswordSource,
} from '../src/services/accounts/common-passwords.ts';
import { account, createOrdersRig, resetTokens, type OrdersRig } from './orders/rig.ts';

/** Line 90,000 of the list (10_million_password_list_top_1M.txt): deep in it, and not in the fallback. */
const DEEP = '03062002';
/** Line 950,000: the whole list is read, not only its top. */
const DEEPER = 'Wedding1006';
const STRONG = 'plum kayak 7 lantern';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});
afterAll(() => setCommonPasswordSource());

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; details: unknown }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code: string; message: string; cause?: unknown };
    return { code: err.code, message: err.message, details: (err.cause as AppError | undefined)?.details };
  }
  throw new Error('expected the call to fail');
}

const common = (field: string) => ({
  code: 'BAD_REQUEST',
  message: COMMON_PASSWORD_MESSAGE,
  details: { field, reason: 'common_password' },
});

describe('the list', () => {
  it('is the package file, read once, with entries from its top to its bottom', async () => {
    const list = await commonPasswordList();
    expect(list.source).toBe('list');
    expect(list.index.entries).toBe(474_743);
    expect(await commonPasswordList()).toBe(list);
    for (const p of ['password', '12345678', DEEP, DEEPER, DEEPER.toUpperCase(), 'PASSWORD123'])
      expect(await isCommonPassword(p), p).toBe(true);
    expect(FALLBACK_COMMON_PASSWORDS).not.toContain(DEEP);
    for (const p of [STRONG, 'correct horse battery', '1234567']) expect(await isCommonPassword(p), p).toBe(false);
  });
});

describe('refused where a password is chosen', () => {
  it('registration: a listed password (any case) is refused with the message; nothing is created; a strong one passes', async () => {
    const api = await rig.browser().caller();
    const acc = account();
    for (const password of [DEEP, DEEPER.toLowerCase(), 'Password123']) {
      expect(await refusal(api.auth.register({ ...acc, password, confirmPassword: password }))).toEqual(common('password'));
    }
    expect(await rig.db.selectFrom('users').select('id').where('username', '=', acc.username).executeTakeFirst()).toBeUndefined();
    expect(rig.mailer.sent).toEqual([]);
    await expect(api.auth.register({ ...acc, password: STRONG })).resolves.toMatchObject({ username: acc.username });
  });

  it('registration: refusals are not counted by the registration limit (5 an hour per client)', async () => {
    const api = await rig.browser({ ip: '198.51.100.77' }).caller();
    for (let i = 0; i < 7; i++) {
      expect((await refusal(api.auth.register({ ...account(), password: DEEP }))).message).toBe(COMMON_PASSWORD_MESSAGE);
    }
    await expect(api.auth.register({ ...account(), password: STRONG })).resolves.toBeTruthy();
  });

  it('reset: refused with the message and the link still works; a strong one then resets', async () => {
    const acc = account();
    await (await rig.browser().caller()).auth.register(acc);
    await (await rig.browser().caller()).auth.requestPasswordReset({ identifier: acc.email });
    await rig.settle();
    const [token] = resetTokens(rig.mailer.sent, acc.email);
    const api = await rig.browser().caller();
    expect(await refusal(api.auth.resetPassword({ token: token!, password: DEEP, confirmPassword: DEEP }))).toEqual(common('password'));
    await expect(api.auth.resetPassword({ token: token!, password: STRONG, confirmPassword: STRONG })).resolves.toMatchObject({ ok: true });
    await expect((await rig.browser().caller()).auth.login({ username: acc.username, password: STRONG })).resolves.toBeTruthy();
  });

  it('change: refused with the message on newPassword, the old password kept; a strong one changes it', async () => {
    const acc = account();
    const b = rig.browser();
    await (await b.caller()).auth.register(acc);
    const api = await b.caller();
    expect(await refusal(api.users.changePassword({ currentPassword: acc.password, newPassword: DEEPER }))).toEqual(common('newPassword'));
    await expect((await rig.browser().caller()).auth.login({ username: acc.username, password: acc.password })).resolves.toBeTruthy();
    await api.users.changePassword({ currentPassword: acc.password, newPassword: STRONG });
    await expect((await rig.browser().caller()).auth.login({ username: acc.username, password: STRONG })).resolves.toBeTruthy();
  });
});

describe('when the list cannot be read', () => {
  it('warns once and refuses the built-in most common ones instead', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    try {
      setCommonPasswordSource(() => Promise.reject(new Error('ENOENT: no such file')));
      const [a, b] = await Promise.all([commonPasswordList(), commonPasswordList()]);
      expect(a).toBe(b);
      expect(a.source).toBe('fallback');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/common-password list not readable \(ENOENT: no such file\)/);
      const api = await rig.browser().caller();
      expect(await refusal(api.auth.register({ ...account(), password: 'PASSWORD123' }))).toEqual(common('password'));
      await expect(api.auth.register({ ...account(), password: DEEP })).resolves.toBeTruthy();
    } finally {
      warn.mockRestore();
      setCommonPasswordSource();
    }
    expect((await commonPasswordList()).source).toBe('list');
  });
});
