// Whether an e-mail address has an account is told only to that address's inbox: registration
// (the spec's one generic toast for both clashes, and a notice to the owner at most once an hour),
// the profile's address change (a link or a notice, the same answer) and the newsletter.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_EXISTS_NOTICE_INTERVAL_MS } from '../src/services/accounts/account-notices.ts';
import { EMAIL_CHANGE_LIMIT } from '../src/services/accounts/email-verification.ts';
import { account, createOrdersRig, verificationTokens, type OrdersRig } from './orders/rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string; data: unknown }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code: string; message: string; cause?: { details?: unknown } };
    return { code: err.code, message: err.message, data: err.cause?.details ?? null };
  }
  throw new Error('expected the call to fail');
}

const notices = (to: string) => rig.mailer.sent.filter((m) => m.to === to && /Someone tried/.test(m.subject));
const mailsTo = (to: string) => rig.mailer.sent.filter((m) => m.to === to);

async function registered(email: string) {
  const acc = account({ email });
  const b = rig.browser();
  await (await b.caller()).auth.register(acc);
  await rig.settle();
  return { acc, b };
}

describe('registration', () => {
  it('a taken e-mail gets the same answer as a taken username; only the e-mail owner hears of it', async () => {
    const { acc: owner } = await registered('owner@traveller.example');
    const before = mailsTo('owner@traveller.example').length;

    const emailClash = await failure((await rig.browser().caller()).auth.register(account({ email: 'Owner@Traveller.example' })));
    const nameClash = await failure((await rig.browser().caller()).auth.register(account({ username: owner.username.toUpperCase() })));
    await rig.settle();
    expect(emailClash).toEqual(nameClash);
    expect(emailClash).toEqual({ code: 'CONFLICT', message: 'This username or email may already be in use.', data: null });

    const [notice] = notices('owner@traveller.example');
    expect(mailsTo('owner@traveller.example')).toHaveLength(before + 1);
    expect(notice!.subject).toBe('Someone tried to create a Travel eSIM account with your e-mail address');
    expect(notice!.text).toContain('no new account was created');
    expect(notice!.text).toContain('http://localhost:3000/login');
    expect(notice!.text).toContain('http://localhost:3000/forgot-password');
    expect(notice!.html).toContain('href="http://localhost:3000/forgot-password"');
    // No second account, no verification link for the clash.
    expect(await rig.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    expect(verificationTokens(rig.mailer.sent, 'owner@traveller.example')).toHaveLength(1);
  });

  it('tells the owner at most once an hour, however often someone tries', async () => {
    await registered('busy@traveller.example');
    // From several clients (each client's registrations are limited on their own).
    for (let i = 0; i < 5; i++) {
      const api = await rig.browser({ ip: `198.51.100.${i + 1}` }).caller();
      expect((await failure(api.auth.register(account({ email: 'busy@traveller.example' })))).code).toBe('CONFLICT');
      rig.clock.advance(10 * 60_000);
    }
    await rig.settle();
    expect(notices('busy@traveller.example')).toHaveLength(1);
    rig.clock.advance(ACCOUNT_EXISTS_NOTICE_INTERVAL_MS - 40 * 60_000);
    await failure((await rig.browser({ ip: '198.51.100.99' }).caller()).auth.register(account({ email: 'busy@traveller.example' })));
    await rig.settle();
    expect(notices('busy@traveller.example')).toHaveLength(2);
  });
});

describe('changing the e-mail address in the profile', () => {
  it('answers the same for a taken and a free address; the account keeps its address; the owner gets a notice, not a link', async () => {
    await registered('taken@traveller.example');
    const { b } = await registered('me@traveller.example');
    const api = await b.caller();

    const toFree = await api.users.updateProfile({ email: 'free@traveller.example' });
    rig.clock.advance(1000);
    const toTaken = await api.users.updateProfile({ email: 'TAKEN@traveller.example' });
    await rig.settle();
    const shape = ({ pendingEmail: _, ...rest }: typeof toFree) => rest;
    expect(shape(toTaken)).toEqual(shape(toFree));
    expect(toFree.pendingEmail).toBe('free@traveller.example');
    expect(toTaken.pendingEmail).toBe('taken@traveller.example');
    expect(toTaken.email).toBe('me@traveller.example');
    expect(await api.auth.me()).toMatchObject({ email: 'me@traveller.example' });

    expect(verificationTokens(rig.mailer.sent, 'free@traveller.example')).toHaveLength(1);
    // The owner of the taken address: one notice, no link to move their address to another account.
    expect(verificationTokens(rig.mailer.sent, 'taken@traveller.example')).toHaveLength(1); // their own registration link
    const [notice] = notices('taken@traveller.example');
    expect(notice!.subject).toBe('Someone tried to use your e-mail address for another Travel eSIM account');
  });

  it(`at most ${EMAIL_CHANGE_LIMIT.max} address changes an hour per account, counted alike for taken and free addresses`, async () => {
    await registered('held@traveller.example');
    const { b } = await registered('mover@traveller.example');
    const api = await b.caller();
    for (let i = 0; i < EMAIL_CHANGE_LIMIT.max; i++) {
      await api.users.updateProfile({ email: i % 2 ? 'held@traveller.example' : `free${i}@traveller.example` });
    }
    const err = await failure(api.users.updateProfile({ email: 'one-more@traveller.example', fullName: 'Changed' }));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe('You have asked to change your e-mail address too many times. Please try again in 60 minutes.');
    // Nothing of the refused save was written.
    expect(await api.auth.me()).toMatchObject({ fullName: expect.not.stringMatching(/^Changed$/) });
    // Saving other fields needs no address change and goes on.
    expect(await api.users.updateProfile({ fullName: 'Changed' })).toMatchObject({ fullName: 'Changed', pendingEmail: null });
    rig.clock.advance(EMAIL_CHANGE_LIMIT.windowMs);
    expect(await api.users.updateProfile({ email: 'one-more@traveller.example' })).toMatchObject({
      pendingEmail: 'one-more@traveller.example',
    });
  });
});

describe('newsletter', () => {
  it('answers a new and an already subscribed address the same', async () => {
    const api = await rig.browser().caller();
    const first = await api.support.subscribe({ email: 'reader@traveller.example' });
    const again = await (await rig.browser().caller()).support.subscribe({ email: 'READER@traveller.example' });
    expect(again).toEqual(first);
  });
});
