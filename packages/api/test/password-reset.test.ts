// Password reset through createCaller: the same answer for known and unknown addresses, one-use
// 30-minute links of which only the latest works, every session ended, the address verified,
// limits per address, per client and (quietly) per account.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.ts';
import { RESET_LIMITS, RESET_LINK_TTL_MS, RESET_REQUESTED_MESSAGE } from '../src/services/accounts/password-reset.ts';
import { CARDS, account, createOrdersRig, resetTokens, type Browser, type OrdersRig } from './orders/rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const NEW_PASSWORD = 'a brand new passphrase';

async function register(over: Partial<{ username: string; email: string }> = {}) {
  const acc = account(over);
  const b = rig.browser();
  const user = await (await b.caller()).auth.register(acc);
  await rig.settle();
  return { acc, b, user };
}

async function requestReset(identifier: string, opts: { ip?: string; locale?: string } = {}) {
  const api = await rig.browser({ ip: opts.ip ?? '198.51.100.1' }).caller();
  const answer = await api.auth.requestPasswordReset({ identifier, ...(opts.locale ? { locale: opts.locale } : {}) });
  await rig.settle();
  return answer;
}

const resetMails = (to: string) => rig.mailer.sent.filter((m) => m.to === to && /reset-password\?token=/.test(m.text));
const tokens = (to: string) => resetTokens(rig.mailer.sent, to);

async function reset(token: string, password = NEW_PASSWORD, b: Browser = rig.browser()) {
  return (await b.caller()).auth.resetPassword({ token, password, confirmPassword: password });
}

async function rejectionOf(p: Promise<unknown>): Promise<{ code: string; message: string; details: unknown }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code: string; message: string; cause?: unknown };
    return { code: err.code, message: err.message, details: (err.cause as AppError | undefined)?.details };
  }
  throw new Error('expected the call to fail');
}

async function canLogIn(username: string, password: string): Promise<boolean> {
  try {
    await (await rig.browser().caller()).auth.login({ username, password });
    return true;
  } catch {
    return false;
  }
}

describe('requesting a reset', () => {
  it('answers a known e-mail, a known username and an unknown address identically; only the account gets a link', async () => {
    const { acc } = await register();
    const byEmail = await requestReset(acc.email.toUpperCase());
    const unknown = await requestReset('nobody@traveller.example');
    const unknownName = await requestReset('no_such_traveller');
    const byUsername = await requestReset(` ${acc.username} `);
    expect(byEmail).toEqual({ ok: true, message: RESET_REQUESTED_MESSAGE });
    expect(RESET_REQUESTED_MESSAGE).toBe(
      "If an account exists for that address, we've sent a link to reset the password. It expires in 30 minutes.",
    );
    for (const other of [unknown, unknownName, byUsername]) expect(other).toEqual(byEmail);

    const mails = resetMails(acc.email);
    expect(mails).toHaveLength(2);
    expect(rig.mailer.sent.filter((m) => m.to === 'nobody@traveller.example')).toEqual([]);
    const [mail] = mails;
    expect(mail!.subject).toBe('Reset your Travel eSIM password');
    expect(mail!.text).toContain('http://localhost:3000/reset-password?token=');
    expect(mail!.text).toContain('30 minutes');
    expect(mail!.html).toContain('href="http://localhost:3000/reset-password?token=');
    const [token] = tokens(acc.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's SHA-256 is stored.
    const rows = await rig.db.selectFrom('password_resets').selectAll().execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("writes the e-mail in the request's language (Arabic right to left), English otherwise", async () => {
    const { acc } = await register();
    await requestReset(acc.email, { locale: 'ar' });
    await requestReset(acc.email, { locale: 'pt-BR' });
    await requestReset(acc.email, { locale: 'xx' });
    const [ar, pt, xx] = resetMails(acc.email);
    expect(ar!.subject).toBe('أعد تعيين كلمة مرور Travel eSIM');
    expect(ar!.html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(pt!.subject).toBe('Redefina sua senha do Travel eSIM');
    expect(xx!.subject).toBe('Reset your Travel eSIM password');
  });

  it('asks for an address or username', async () => {
    const api = await rig.browser().caller();
    const err = await rejectionOf(api.auth.requestPasswordReset({ identifier: '   ' }));
    expect(err.code).toBe('BAD_REQUEST');
  });
});

describe('setting the new password', () => {
  it('sets the password, ends every session (this browser too), and the link works once', async () => {
    const { acc, b } = await register();
    const elsewhere = rig.browser();
    await (await elsewhere.caller()).auth.login({ username: acc.username, password: acc.password });
    await requestReset(acc.email);
    const [token] = tokens(acc.email);

    expect(await reset(token!, NEW_PASSWORD, b)).toEqual({ ok: true });
    expect(b.token).toBeNull(); // this browser's cookie was the account's: cleared
    expect(await (await elsewhere.caller()).auth.me()).toBeNull();
    expect(await rig.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await canLogIn(acc.username, acc.password)).toBe(false);
    expect(await canLogIn(acc.username, NEW_PASSWORD)).toBe(true);

    const again = await rejectionOf(reset(token!, 'yet another passphrase'));
    expect(again).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'token', reason: 'used' } });
    expect(again.message).toMatch(/already been used/);
    expect(await canLogIn(acc.username, NEW_PASSWORD)).toBe(true);
  });

  it('refuses an expired link with a message saying so', async () => {
    const { acc } = await register();
    await requestReset(acc.email);
    const [token] = tokens(acc.email);
    rig.clock.advance(RESET_LINK_TTL_MS);
    const err = await rejectionOf(reset(token!));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'token', reason: 'expired' } });
    expect(err.message).toBe('This password reset link has expired (links work for 30 minutes). Please request a new one.');
    expect(await canLogIn(acc.username, acc.password)).toBe(true);
  });

  it('a link still works just before its 30 minutes are up', async () => {
    const { acc } = await register();
    await requestReset(acc.email);
    rig.clock.advance(RESET_LINK_TTL_MS - 1000);
    expect(await reset(tokens(acc.email)[0]!)).toEqual({ ok: true });
  });

  it('a new request makes the older links stop working', async () => {
    const { acc } = await register();
    await requestReset(acc.email);
    await requestReset(acc.username);
    const [older, newer] = tokens(acc.email);
    const err = await rejectionOf(reset(older!));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'token', reason: 'superseded' } });
    expect(err.message).toMatch(/newer password reset link/);
    expect(await reset(newer!)).toEqual({ ok: true });
  });

  it('an unknown or malformed token is a 400 naming the field', async () => {
    expect(await rejectionOf(reset('x'.repeat(43)))).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'token', reason: 'invalid' } });
    const short = await rejectionOf((await rig.browser().caller()).auth.resetPassword({ token: 'short', password: NEW_PASSWORD }));
    expect(short.code).toBe('BAD_REQUEST');
  });

  it('uses the registration rules for the new password, and nothing changes on a refusal', async () => {
    const { acc } = await register();
    await requestReset(acc.email);
    const [token] = tokens(acc.email);
    const api = await rig.browser().caller();
    const tooShort = await rejectionOf(api.auth.resetPassword({ token: token!, password: 'short', confirmPassword: 'short' }));
    expect(tooShort.code).toBe('BAD_REQUEST');
    expect(tooShort.message).toContain('Password must be at least 8 characters');
    const mismatch = await rejectionOf(
      api.auth.resetPassword({ token: token!, password: NEW_PASSWORD, confirmPassword: 'something else' }),
    );
    expect(mismatch.message).toContain("Passwords don't match");
    // The link was not used up.
    expect(await reset(token!)).toEqual({ ok: true });
  });

  it('marks the address verified and joins the guest orders placed with it, like the verification link', async () => {
    const guest = await rig.browser().caller();
    const intent = await guest.payments.createIntent({ planId: rig.plans.japan1.id, email: 'owner@traveller.example' });
    await guest.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const { acc, user } = await register({ email: 'owner@traveller.example' });
    expect(user.emailVerified).toBe(false);
    await requestReset(acc.email);
    await reset(tokens(acc.email)[0]!);
    const b = rig.browser();
    const api = await b.caller();
    await api.auth.login({ username: acc.username, password: NEW_PASSWORD });
    expect(await (await b.caller()).auth.me()).toMatchObject({ emailVerified: true });
    expect(await (await b.caller()).orders.list()).toHaveLength(1);
  });

  it("a link sent before the account's address changed does not work", async () => {
    const { acc, b } = await register({ email: 'before@traveller.example' });
    await requestReset(acc.email);
    const [token] = tokens('before@traveller.example');
    await (await b.caller()).users.updateProfile({ email: 'after@traveller.example' });
    await rig.settle();
    const change = rig.mailer.sent.filter((m) => m.to === 'after@traveller.example').at(-1)!;
    await (await rig.browser().caller()).auth.verifyEmail({ token: change.text.match(/verify-email\?token=([A-Za-z0-9_-]+)/)![1]! });
    expect(await rejectionOf(reset(token!))).toMatchObject({ details: { reason: 'invalid' } });
  });
});

describe('limits', () => {
  it(`per typed address: ${RESET_LIMITS.perAddress.max} an hour, then 429 whether or not it has an account`, async () => {
    const { acc } = await register();
    for (const identifier of [acc.email, 'nobody@traveller.example']) {
      for (let i = 0; i < RESET_LIMITS.perAddress.max; i++) {
        // From different clients: the address limit alone applies.
        await requestReset(identifier, { ip: `198.51.100.${10 + i}` });
      }
    }
    const known = await rejectionOf(requestReset(acc.email.toUpperCase(), { ip: '198.51.100.50' }));
    const unknown = await rejectionOf(requestReset('nobody@traveller.example', { ip: '198.51.100.51' }));
    expect(known).toEqual(unknown);
    expect(known.code).toBe('TOO_MANY_REQUESTS');
    expect(known.message).toBe(
      'Too many password reset requests for this address. Please check your inbox (and spam folder), or try again in 60 minutes.',
    );
    expect(known.details).toEqual({ retryAfterSeconds: 3600 });
    expect(resetMails(acc.email)).toHaveLength(RESET_LIMITS.perAddress.max);
    rig.clock.advance(RESET_LIMITS.perAddress.windowMs);
    expect(await requestReset(acc.email, { ip: '198.51.100.52' })).toMatchObject({ ok: true });
    expect(resetMails(acc.email)).toHaveLength(RESET_LIMITS.perAddress.max + 1);
  });

  it(`per client: ${RESET_LIMITS.perClient.max} an hour, then 429; other clients go on`, async () => {
    for (let i = 0; i < RESET_LIMITS.perClient.max; i++) await requestReset(`stranger${i}@traveller.example`, { ip: '192.0.2.77' });
    const err = await rejectionOf(requestReset('one-more@traveller.example', { ip: '192.0.2.77' }));
    expect(err).toMatchObject({ code: 'TOO_MANY_REQUESTS', details: { retryAfterSeconds: 3600 } });
    expect(err.message).toBe('Too many password reset requests from your network. Please try again in 60 minutes.');
    expect(await requestReset('one-more@traveller.example', { ip: '192.0.2.78' })).toMatchObject({ ok: true });
  });

  it('per account, quietly: asking by e-mail and by username alike sends at most 3 links an hour, with the same answer', async () => {
    const { acc } = await register();
    const answers = [];
    for (const identifier of [acc.email, acc.email, acc.username, acc.username, acc.email]) answers.push(await requestReset(identifier));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(resetMails(acc.email)).toHaveLength(RESET_LIMITS.perAccount.max);
    // The last link sent still works.
    expect(await reset(tokens(acc.email).at(-1)!)).toEqual({ ok: true });
  });
});
