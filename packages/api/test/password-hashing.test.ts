// The production password hashing (OWASP's argon2id: m = 19 MiB, t = 2, p = 1), which every other
// test file built on the rig swaps for cheap parameters (rig.ts): what register stores, the upgrade of a
// hash made with other parameters on the next sign-in, and an unknown user verified against a
// dummy hash of the same cost.
import { verify } from '@node-rs/argon2';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, needsRehash, setPasswordHashing, verifyPassword } from '../src/services/accounts/auth.ts';
import { createRig, newAccount, rejection, type Rig } from './auth-helpers.ts';
import { cheapPasswordHashing, TEST_PASSWORD_HASHING } from './rig.ts';

const PRODUCTION_PREFIX = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

let rig: Rig;
beforeAll(() => setPasswordHashing(ARGON2_OPTIONS));
afterAll(() => cheapPasswordHashing());
beforeEach(async () => {
  rig = await createRig();
});
afterEach(async () => {
  await rig.close();
});

describe('password hashing with the production parameters', () => {
  it('are OWASP argon2id m = 19 MiB, t = 2, p = 1, and the tests use cheaper ones', () => {
    expect(ARGON2_OPTIONS).toMatchObject({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(TEST_PASSWORD_HASHING.memoryCost).toBeLessThan(ARGON2_OPTIONS.memoryCost!);
  });

  it('register stores an argon2id hash with them, never the password', async () => {
    const acc = newAccount();
    const user = await (await rig.browser().caller()).auth.register(acc);
    const row = await rig.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(PRODUCTION_PREFIX);
    expect(row.password_hash).not.toContain(acc.password);
    expect(needsRehash(row.password_hash)).toBe(false);
    expect(await verifyPassword(row.password_hash, acc.password)).toBe(true);
    expect(await verifyPassword(row.password_hash, `${acc.password}!`)).toBe(false);
  });

  it('a hash made with other parameters is upgraded on the next successful sign-in', async () => {
    const acc = newAccount();
    const user = await (await rig.browser().caller()).auth.register(acc);
    await setPasswordHashing(TEST_PASSWORD_HASHING);
    const old = await hashPassword(acc.password);
    await setPasswordHashing(ARGON2_OPTIONS);
    expect(needsRehash(old)).toBe(true);
    await rig.db.updateTable('users').set({ password_hash: old }).where('id', '=', user.id).execute();

    await (await rig.browser().caller()).auth.login({ username: acc.username, password: acc.password });
    const row = await rig.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(PRODUCTION_PREFIX);
    expect(await verify(row.password_hash, acc.password)).toBe(true);
  });

  it('an unknown username is refused like a wrong password', async () => {
    const acc = newAccount();
    await (await rig.browser().caller()).auth.register(acc);
    const unknown = await rejection((await rig.browser().caller()).auth.login({ username: 'nobody-here', password: acc.password }));
    const wrong = await rejection((await rig.browser().caller()).auth.login({ username: acc.username, password: 'not the password' }));
    expect([unknown.code, unknown.message]).toEqual([wrong.code, wrong.message]);
  });
});
