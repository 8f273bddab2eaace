// Registration and verification e-mails, limited per client (counted in the database).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../src/errors.ts';
import { createRateLimitSettings } from '../src/services/shared/rate-limit.ts';
import { createRig, newAccount, rejection, type Rig } from './auth-helpers.ts';

let rig: Rig;
beforeEach(async () => {
  rig = await createRig();
  rig.clock.now = new Date('2026-03-01T12:00:00.000Z'); // the start of an hour
});
afterEach(async () => {
  await rig.close();
});

const MIN = 60_000;
const CLIENT = '203.0.113.20';

async function register(ip = CLIENT, acc = newAccount()) {
  const b = rig.browser({ ip });
  await (await b.caller()).auth.register(acc);
  return b;
}

const userCount = async () => (await rig.db.selectFrom('users').select('id').execute()).length;
const linkCount = async () => (await rig.db.selectFrom('email_verifications').select('id').execute()).length;
const detailsOf = (e: { cause: unknown }) => (e.cause as AppError).details;

describe('registrations per client', () => {
  it('5 an hour; the 6th → 429 with the wait, no account and no e-mail; another client and the next hour go ahead', async () => {
    for (let i = 0; i < 5; i++) await register();
    rig.clock.advance(20 * MIN);
    const refused = await rejection(register());
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toBe(
      'Too many accounts have been created from your network. Please wait 40 minutes and try again, or sign in to the account you already have.',
    );
    expect(detailsOf(refused)).toEqual({ retryAfterSeconds: 2400, reason: 'registrations_per_client' });
    expect(await userCount()).toBe(5);
    expect(await linkCount()).toBe(5);

    await register('203.0.113.21');
    rig.clock.advance(40 * MIN);
    await register();
    expect(await userCount()).toBe(7);
  });

  it('the probe: 40 registrations at once from one client → 5 accounts, 5 e-mails', async () => {
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => register()));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as { code: string }).code === 'TOO_MANY_REQUESTS')).toHaveLength(35);
    expect(await userCount()).toBe(5);
    expect(await linkCount()).toBe(5);
  });

  it('an allowlisted client is not counted', async () => {
    rig.services.rateLimits = createRateLimitSettings({ allowlist: '203.0.113.0/24' });
    for (let i = 0; i < 8; i++) await register();
    expect(await userCount()).toBe(8);
  });
});

describe('verification e-mails per client', () => {
  it("10 an hour, the registrations' own e-mails included: then the resend button answers 429", async () => {
    const browsers = [];
    for (let i = 0; i < 5; i++) browsers.push(await register()); // 5 e-mails
    rig.clock.advance(2 * MIN); // past the per-account minute
    for (let i = 0; i < 5; i++) {
      expect(await (await browsers[i]!.caller()).auth.resendVerification()).toEqual({ sent: true, alreadyVerified: false });
    }
    expect(await linkCount()).toBe(10);
    rig.clock.advance(2 * MIN); // past the per-account minute
    const refused = await rejection((await browsers[0]!.caller()).auth.resendVerification());
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toBe('Too many e-mails have been requested from your network. Please wait 56 minutes and try again.');
    expect(detailsOf(refused)).toEqual({ retryAfterSeconds: 3360, reason: 'verification_emails_per_client' });
    expect(await linkCount()).toBe(10);
  });
});
