// E-mail verification: links are single-use, expire, prove one address, and only they join guest
// orders to an account; the resend button is limited; a changed address needs a new link.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESEND_INTERVAL_MS, VERIFY_LINK_TTL_MS } from '../src/services/accounts/email-verification.ts';
import { CARDS, account, createOrdersRig, verificationTokens, type OrdersRig } from './orders/rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function register(email: string) {
  const b = rig.browser();
  await (await b.caller()).auth.register(account({ email }));
  await rig.settle();
  // A caller made now carries the session cookie the registration set.
  return { b, api: await b.caller() };
}

const tokens = (to: string) => verificationTokens(rig.mailer.sent, to);

async function guestOrder(email: string) {
  const api = await rig.browser().caller();
  const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, email });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return intent;
}

const verify = async (token: string) => (await rig.browser().caller()).auth.verifyEmail({ token });

describe('e-mail verification', () => {
  it('registration sends one link to the address, with the public URL and no token stored in clear', async () => {
    await register('new@traveller.example');
    const [mail] = rig.mailer.sent.filter((m) => m.to === 'new@traveller.example');
    expect(mail?.subject).toContain('Confirm your e-mail address');
    expect(mail?.text).toMatch(/^Please confirm/);
    expect(mail?.text).toContain('http://localhost:3000/verify-email?token=');
    expect(mail?.html).toContain('href="http://localhost:3000/verify-email?token=');
    const [token] = tokens('new@traveller.example');
    const rows = await rig.db.selectFrom('email_verifications').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('a link works once; opened again it says the address is already confirmed and changes nothing', async () => {
    await guestOrder('once@traveller.example');
    await register('once@traveller.example');
    const [token] = tokens('once@traveller.example');
    expect(await verify(token!)).toEqual({ email: 'once@traveller.example', attachedOrders: 1, alreadyConfirmed: false });
    const before = await rig.db
      .selectFrom('users')
      .select(['email', 'email_verified_at'])
      .where('email', '=', 'once@traveller.example')
      .execute();
    expect(await verify(token!)).toEqual({ email: 'once@traveller.example', attachedOrders: 0, alreadyConfirmed: true });
    // Even after the link's 48 hours: the address it confirmed still is.
    rig.clock.advance(49 * 3_600_000);
    expect(await verify(token!)).toEqual({ email: 'once@traveller.example', attachedOrders: 0, alreadyConfirmed: true });
    expect(
      await rig.db.selectFrom('users').select(['email', 'email_verified_at']).where('email', '=', 'once@traveller.example').execute(),
    ).toEqual(before);
  });

  it('a link expires after 48 hours', async () => {
    await register('late@traveller.example');
    const [token] = tokens('late@traveller.example');
    rig.clock.advance(VERIFY_LINK_TTL_MS + 1);
    await expect(verify(token!)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('an unknown or malformed token is a 400 that says what to do', async () => {
    await expect(verify('x'.repeat(43))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/send a new one from your account/),
    });
    await expect(verify('short')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('an address change waits for the link sent to the new address; opening it moves the account and joins its guest orders', async () => {
    await guestOrder('second@traveller.example');
    const { api } = await register('first@traveller.example');
    const [old] = tokens('first@traveller.example');
    const updated = await api.users.updateProfile({ email: 'Second@traveller.example' });
    expect(updated).toMatchObject({ email: 'first@traveller.example', emailVerified: false, pendingEmail: 'second@traveller.example' });
    expect(await api.auth.me()).toMatchObject({ email: 'first@traveller.example' });
    await rig.settle();
    expect(await api.orders.list()).toEqual([]);
    const [change] = tokens('second@traveller.example');
    expect(await verify(change!)).toEqual({ email: 'second@traveller.example', attachedOrders: 1, alreadyConfirmed: false });
    expect(await api.auth.me()).toMatchObject({ email: 'second@traveller.example', emailVerified: true });
    expect(await api.orders.list()).toHaveLength(1);
    // The old address's link proves nothing about the new address.
    await expect(verify(old!)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Saving the profile with the same address (any case) keeps it verified and asks nothing.
    expect(await api.users.updateProfile({ email: 'Second@Traveller.example', fullName: 'A B' })).toMatchObject({
      emailVerified: true,
      pendingEmail: null,
    });
  });

  it('only the latest requested address can be confirmed; a link for an address taken since is refused', async () => {
    const { api } = await register('mine@traveller.example');
    await api.users.updateProfile({ email: 'one@traveller.example' });
    await api.users.updateProfile({ email: 'two@traveller.example' });
    await rig.settle();
    const [one] = tokens('one@traveller.example');
    const [two] = tokens('two@traveller.example');
    await expect(verify(one!)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Someone registers two@ before the link is opened.
    await (await rig.browser().caller()).auth.register(account({ email: 'two@traveller.example' }));
    await expect(verify(two!)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/now used by another account/),
    });
    expect(await api.auth.me()).toMatchObject({ email: 'mine@traveller.example' });
  });

  it('resend: signed in only, once a minute, nothing once verified', async () => {
    await expect((await rig.browser().caller()).auth.resendVerification()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const { api } = await register('again@traveller.example');
    await expect(api.auth.resendVerification()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    rig.clock.advance(RESEND_INTERVAL_MS + 1);
    expect(await api.auth.resendVerification()).toEqual({ sent: true, alreadyVerified: false });
    await rig.settle();
    const all = tokens('again@traveller.example');
    expect(all).toHaveLength(2);
    // Either link works (each once).
    await verify(all[0]!);
    rig.clock.advance(RESEND_INTERVAL_MS + 1);
    expect(await api.auth.resendVerification()).toEqual({ sent: false, alreadyVerified: true });
  });
});
