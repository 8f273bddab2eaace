// A traveller's sign-in with a second factor (issue 27): after the password, a traveller who has an
// authenticator app or a passkey holds a session that answers nothing of the account (403
// SECOND_FACTOR_REQUIRED; auth.me says nobody) until a code, a recovery code or a passkey is given;
// wrong and replayed codes are refused and throttled; a recovery code works once. And the sign-in
// with a passkey alone (a discoverable credential), for travellers and back-office accounts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enrolTotpDirectly, regenerateRecoveryCodes } from '../src/services/accounts/second-factor.ts';
import { createRig, newAccount, rejection, type Rig } from './auth-helpers.ts';
import { softwareAuthenticator } from './software-authenticator.ts';
import { TEST_TOTP_KEY, testTotpCode } from './rig.ts';

let rig: Rig;
beforeEach(async () => {
  rig = await createRig();
});
afterEach(async () => {
  await rig.close();
});

function appCode(e: { cause: unknown }): string | undefined {
  return (e.cause as { code?: string } | undefined)?.code;
}

/** A traveller registered with a password (their own browser), signed out again. */
async function traveller() {
  const input = newAccount();
  const browser = rig.browser();
  const user = await (await browser.caller()).auth.register({ ...input, confirmPassword: input.password });
  await (await browser.caller()).auth.logout();
  return { ...input, id: user.id };
}

/** A fresh browser signed in with the password only. */
async function passwordOnly(who: { username: string; password: string }, ip?: string) {
  const browser = rig.browser(ip ? { ip } : {});
  const answer = await (await browser.caller()).auth.login({ username: who.username, password: who.password });
  return { browser, answer, api: () => browser.caller() };
}

describe("a traveller's second factor at sign-in", () => {
  it('a traveller without a factor is signed in by the password alone, as before', async () => {
    const t = await traveller();
    const s = await passwordOnly(t);
    expect(s.answer.secondFactorRequired).toBe(false);
    await expect((await s.api()).orders.list()).resolves.toEqual([]);
    expect((await (await s.api()).auth.me())?.username).toBe(t.username);
  });

  it('with an authenticator app: the account answers 403 SECOND_FACTOR_REQUIRED until a code is given; wrong and replayed codes are refused', async () => {
    const t = await traveller();
    await enrolTotpDirectly(rig.db, t.id, TEST_TOTP_KEY, rig.clock.now);
    const s = await passwordOnly(t);
    expect(s.answer).toMatchObject({ username: t.username, secondFactorRequired: true });

    // Half signed in: the account's procedures refuse with a message that says what to do, auth.me says nobody.
    const refused = await rejection((await s.api()).orders.list());
    expect([refused.code, appCode(refused), refused.message]).toEqual([
      'FORBIDDEN',
      'SECOND_FACTOR_REQUIRED',
      'Enter a code from your authenticator app or use your passkey.',
    ]);
    expect((await rejection((await s.api()).users.updateProfile({ fullName: 'Thief' }))).code).toBe('FORBIDDEN');
    expect(await (await s.api()).auth.me()).toBeNull();
    // The step's own procedures answer.
    const status = await (await s.api()).factors.status();
    expect(status).toMatchObject({ totp: true, required: true, secondFactorGivenAt: null });

    // A wrong code: 401-free, a 4xx that names the field; still half signed in.
    const wrong = await rejection((await s.api()).factors.verifyTotp({ code: testTotpCode(rig.clock.now, 5) }));
    expect([wrong.code, appCode(wrong)]).toEqual(['BAD_REQUEST', 'INVALID_CODE']);
    expect((await rejection((await s.api()).orders.list())).code).toBe('FORBIDDEN');
    // Not six digits: 400 from the input schema.
    expect((await rejection((await s.api()).factors.verifyTotp({ code: '12ab' }))).code).toBe('BAD_REQUEST');

    const code = testTotpCode(rig.clock.now);
    await expect((await s.api()).factors.verifyTotp({ code })).resolves.toEqual({ ok: true });
    await expect((await s.api()).orders.list()).resolves.toEqual([]);
    expect((await (await s.api()).auth.me())?.username).toBe(t.username);

    // Another browser signs in with the password and replays the same code: refused (the step was used).
    const other = await passwordOnly(t, '198.51.100.9');
    const replay = await rejection((await other.api()).factors.verifyTotp({ code }));
    expect(appCode(replay)).toBe('INVALID_CODE');
    expect((await rejection((await other.api()).orders.list())).code).toBe('FORBIDDEN');
    // The next step's code works there.
    rig.clock.advance(30_000);
    await expect((await other.api()).factors.verifyTotp({ code: testTotpCode(rig.clock.now) })).resolves.toEqual({ ok: true });
    await expect((await other.api()).orders.list()).resolves.toEqual([]);
  });

  it('wrong codes are throttled like passwords: 429 with a wait, and then the right code is refused too', async () => {
    const t = await traveller();
    await enrolTotpDirectly(rig.db, t.id, TEST_TOTP_KEY, rig.clock.now);
    const s = await passwordOnly(t);
    for (let i = 0; i < 5; i++) {
      expect(appCode(await rejection((await s.api()).factors.verifyTotp({ code: '000000' })))).toBe('INVALID_CODE');
    }
    const locked = await rejection((await s.api()).factors.verifyTotp({ code: testTotpCode(rig.clock.now) }));
    expect(locked.code).toBe('TOO_MANY_REQUESTS');
    expect(locked.message).toMatch(/wait|try again/i);
    expect((await rejection((await s.api()).orders.list())).code).toBe('FORBIDDEN');
  });

  it('a recovery code finishes the sign-in once; the same code again is refused', async () => {
    const t = await traveller();
    await enrolTotpDirectly(rig.db, t.id, TEST_TOTP_KEY, rig.clock.now);
    const [first] = await regenerateRecoveryCodes(rig.db, t.id, rig.clock.now);
    const s = await passwordOnly(t);
    await expect((await s.api()).factors.useRecoveryCode({ code: first!.toLowerCase() })).resolves.toEqual({ ok: true });
    await expect((await s.api()).orders.list()).resolves.toEqual([]);

    const again = await passwordOnly(t, '198.51.100.10');
    expect(appCode(await rejection((await again.api()).factors.useRecoveryCode({ code: first! })))).toBe('INVALID_CODE');
    expect((await rejection((await again.api()).orders.list())).code).toBe('FORBIDDEN');
    expect((await (await again.api()).factors.status()).recoveryCodesLeft).toBe(9);
  });

  it('signing out of a half-signed-in session ends it', async () => {
    const t = await traveller();
    await enrolTotpDirectly(rig.db, t.id, TEST_TOTP_KEY, rig.clock.now);
    const s = await passwordOnly(t);
    await (await s.api()).auth.logout();
    expect(s.browser.token).toBeNull();
    expect(await rig.db.selectFrom('sessions').select('id').where('user_id', '=', t.id).execute()).toEqual([]);
  });
});

describe('sign-in with a passkey alone', () => {
  async function withPasskey() {
    const t = await traveller();
    const origin = new URL(rig.services.config.publicUrl).origin;
    const key = softwareAuthenticator(new URL(origin).hostname, origin);
    const s = await passwordOnly(t);
    const options = await (await s.api()).factors.passkeyRegistrationOptions();
    await (await s.api()).factors.registerPasskey(key.create(options.challenge));
    await (await s.api()).auth.logout();
    return { t, key };
  }

  it('a traveller with a passkey is asked for it after the password, and can sign in with the passkey alone', async () => {
    const { t, key } = await withPasskey();
    // The password alone: half signed in (a passkey is a factor).
    const half = await passwordOnly(t);
    expect(half.answer.secondFactorRequired).toBe(true);
    expect((await rejection((await half.api()).orders.list())).code).toBe('FORBIDDEN');
    // ... finished with the passkey (the account's own challenge).
    const c = await (await half.api()).factors.passkeyChallenge();
    await (await half.api()).factors.verifyPasskey(key.get(c.challenge));
    await expect((await half.api()).orders.list()).resolves.toEqual([]);

    // A new browser, no password: the passkey alone.
    const browser = rig.browser({ ip: '198.51.100.20' });
    const { challenge, rpId } = await (await browser.caller()).auth.passkeyChallenge();
    expect(rpId).toBe('localhost');
    const user = await (await browser.caller()).auth.loginWithPasskey(key.get(challenge));
    expect(user).toMatchObject({ id: t.id, username: t.username, secondFactorRequired: false });
    expect(browser.token).not.toBeNull();
    await expect((await browser.caller()).orders.list()).resolves.toEqual([]);
    expect((await (await browser.caller()).factors.status()).required).toBe(false);
    const audit = await rig.db
      .selectFrom('login_audit')
      .selectAll()
      .where('user_id', '=', t.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.outcome).toBe('success');
  });

  it('an unknown passkey, a spent challenge, an account challenge, a bad signature and another origin are refused with 4xx', async () => {
    const { key } = await withPasskey();
    const origin = new URL(rig.services.config.publicUrl).origin;
    const stranger = softwareAuthenticator(new URL(origin).hostname, origin);
    const browser = rig.browser();
    const api = () => browser.caller();

    const c1 = await (await api()).auth.passkeyChallenge();
    const unknown = await rejection((await api()).auth.loginWithPasskey(stranger.get(c1.challenge)));
    expect([unknown.code, unknown.message]).toEqual([
      'UNAUTHORIZED',
      'This passkey is not registered here. Sign in with your password, then add it under Profile Settings.',
    ]);
    expect((unknown.cause as { details?: unknown }).details).toEqual({ reason: 'unknown_passkey' });
    // Its challenge was used up by that attempt.
    expect((await rejection((await api()).auth.loginWithPasskey(key.get(c1.challenge)))).code).toBe('BAD_REQUEST');

    const c2 = await (await api()).auth.passkeyChallenge();
    expect((await rejection((await api()).auth.loginWithPasskey(key.get(c2.challenge, { tamper: true })))).code).toBe('UNAUTHORIZED');
    const c3 = await (await api()).auth.passkeyChallenge();
    expect((await rejection((await api()).auth.loginWithPasskey(key.get(c3.challenge, { origin: 'https://evil.example' })))).code).toBe(
      'BAD_REQUEST',
    );
    // Malformed input: 400 from the schema, not 500.
    const bad = await rejection(
      (await api()).auth.loginWithPasskey({ credentialId: '!!', clientDataJSON: 'x', authenticatorData: 'x', signature: 'x' }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    expect(browser.token).toBeNull();
    // None of these signed anybody in.
    expect(await (await api()).auth.me()).toBeNull();
  });

  it("a challenge made for an account's second step does not sign anybody in", async () => {
    const { t, key } = await withPasskey();
    const half = await passwordOnly(t);
    const own = await (await half.api()).factors.passkeyChallenge();
    const browser = rig.browser();
    expect((await rejection((await browser.caller()).auth.loginWithPasskey(key.get(own.challenge)))).code).toBe('BAD_REQUEST');
  });

  it("a back-office account's passkey alone opens the back office (it counts as the second factor); a disabled account is told so", async () => {
    const { t, key } = await withPasskey();
    await rig.db.updateTable('users').set({ role: 'admin', admin_role: 'owner' }).where('id', '=', t.id).execute();
    const browser = rig.browser();
    const { challenge } = await (await browser.caller()).auth.passkeyChallenge();
    const user = await (await browser.caller()).auth.loginWithPasskey(key.get(challenge));
    expect(user.role).toBe('admin');
    await expect((await browser.caller()).admin.rates.list()).resolves.toBeDefined();

    await rig.db.updateTable('users').set({ disabled_at: rig.clock.now.toISOString() }).where('id', '=', t.id).execute();
    const later = rig.browser();
    const c = await (await later.caller()).auth.passkeyChallenge();
    const disabled = await rejection((await later.caller()).auth.loginWithPasskey(key.get(c.challenge)));
    expect(disabled.code).toBe('FORBIDDEN');
    expect(later.token).toBeNull();
  });
});
