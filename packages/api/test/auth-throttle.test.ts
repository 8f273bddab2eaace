// Throttling per account and per address, kept in the database; and no telling an unknown user
// from a wrong password, by answer or by time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../src/context.ts';
import type { AppError } from '../src/errors.ts';
import { createRig, newAccount, rejection, type Rig } from './auth-helpers.ts';

let rig: Rig;
beforeEach(async () => {
  rig = await createRig();
});
afterEach(async () => {
  await rig.close();
});

const S = 1000;

async function attempt(username: string, password: string, ip = '203.0.113.7') {
  return (await rig.browser({ ip }).caller()).auth.login({ username, password });
}

describe('per-account throttle', () => {
  it('5 free failures, then 429 with a retry time; the wait grows; waiting it out allows one more try', async () => {
    const acc = newAccount();
    await (await rig.browser().caller()).auth.register(acc);
    for (let i = 0; i < 5; i++) expect((await rejection(attempt(acc.username, 'wrong-password'))).code).toBe('UNAUTHORIZED');

    // even the right password is not looked at while locked
    const err = await rejection(attempt(acc.username, acc.password));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe('Too many failed sign-in attempts. Please try again in 15 seconds.');
    expect((err.cause as AppError).details).toEqual({ retryAfterSeconds: 15 });

    rig.clock.advance(15 * S);
    expect((await rejection(attempt(acc.username, 'wrong-password'))).code).toBe('UNAUTHORIZED');
    const second = await rejection(attempt(acc.username, 'wrong-password'));
    expect(second.code).toBe('TOO_MANY_REQUESTS');
    expect((second.cause as AppError).details).toEqual({ retryAfterSeconds: 30 });

    rig.clock.advance(30 * S);
    const user = await attempt(acc.username, acc.password);
    expect(user.username).toBe(acc.username);
    // success reset the account's count
    expect(await rig.db.selectFrom('login_throttle').selectAll().where('key', '=', `user:${acc.username}`).execute()).toEqual([]);

    const outcomes = await rig.db.selectFrom('login_audit').select('outcome').orderBy('id').execute();
    expect(outcomes.map((o) => o.outcome)).toEqual([
      ...Array(5).fill('bad_credentials'),
      'throttled',
      'bad_credentials',
      'throttled',
      'success',
    ]);
  });

  it('throttles unknown usernames exactly like real ones, case-insensitively, from any address', async () => {
    for (let i = 0; i < 5; i++) await rejection(attempt(i % 2 ? 'Ghost' : 'GHOST', 'wrong-password', `198.51.100.${i}`));
    expect((await rejection(attempt('ghost', 'wrong-password', '198.51.100.99'))).code).toBe('TOO_MANY_REQUESTS');
  });

  it('holds across a restart: the counts live in the database', async () => {
    const acc = newAccount();
    await (await rig.browser().caller()).auth.register(acc);
    for (let i = 0; i < 5; i++) await rejection(attempt(acc.username, 'wrong-password'));
    // a new process: fresh services over the same database
    rig.services = createServices(rig.db, rig.services.config, { now: () => rig.clock.now });
    expect((await rejection(attempt(acc.username, acc.password))).code).toBe('TOO_MANY_REQUESTS');
  });

  it('a parallel burst cannot slip past the count', async () => {
    const acc = newAccount();
    await (await rig.browser().caller()).auth.register(acc);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => attempt(acc.username, 'wrong-password')));
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK'));
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(25);
  });

  it('wrong current passwords in a password change count towards the same throttle', async () => {
    const b = rig.browser();
    const acc = newAccount();
    await (await b.caller()).auth.register(acc);
    for (let i = 0; i < 5; i++) {
      expect((await rejection((await b.caller()).users.changePassword({ currentPassword: 'wrong-one', newPassword: 'new password!' }))).code).toBe('BAD_REQUEST');
    }
    expect((await rejection((await b.caller()).users.changePassword({ currentPassword: acc.password, newPassword: 'new password!' }))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
  });
});

describe('per-address throttle', () => {
  it('20 failures from one address across many accounts, then 429 for every account from it, not from others', async () => {
    const acc = newAccount();
    await (await rig.browser().caller()).auth.register(acc);
    for (let i = 0; i < 20; i++) expect((await rejection(attempt(`victim${i}`, 'wrong-password', '192.0.2.1'))).code).toBe('UNAUTHORIZED');
    expect((await rejection(attempt(acc.username, acc.password, '192.0.2.1'))).code).toBe('TOO_MANY_REQUESTS');
    expect((await attempt(acc.username, acc.password, '192.0.2.2')).username).toBe(acc.username);
  });

  it('a successful sign-in does not wash the address clean', async () => {
    const acc = newAccount();
    await (await rig.browser().caller()).auth.register(acc);
    for (let i = 0; i < 19; i++) await rejection(attempt(`someone${i}`, 'wrong-password', '192.0.2.5'));
    await attempt(acc.username, acc.password, '192.0.2.5');
    await rejection(attempt('someone-else', 'wrong-password', '192.0.2.5'));
    expect((await rejection(attempt('another', 'wrong-password', '192.0.2.5'))).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('no user enumeration', () => {
  it('an unknown user and a wrong password take the same time (trimmed means within 0.5–2×)', async () => {
    const acc = newAccount();
    await (await rig.browser().caller()).auth.register(acc);
    const timeOf = async (username: string, ip: string) => {
      const t = performance.now();
      const e = await rejection(attempt(username, 'definitely-wrong', ip));
      expect(e.code).toBe('UNAUTHORIZED');
      expect(e.message).toBe('Incorrect username or password.');
      return performance.now() - t;
    };
    // warm up, then interleave so both see the same machine load; fresh addresses and the
    // throttle's free failures keep every attempt below the limits
    await timeOf('warm-up-user', '10.0.0.250');
    const known: number[] = [];
    const unknown: number[] = [];
    // 8 pairs, alternating which goes first; the account's 5 free failures are reset by a
    // successful sign-in every 4 attempts so the throttle never steps in
    for (let i = 0; i < 8; i++) {
      if (i % 2 === 0) {
        known.push(await timeOf(acc.username, `10.0.1.${i}`));
        unknown.push(await timeOf(`nobody-${i}`, `10.0.2.${i}`));
      } else {
        unknown.push(await timeOf(`nobody-${i}`, `10.0.2.${i}`));
        known.push(await timeOf(acc.username, `10.0.1.${i}`));
      }
      if (i % 4 === 3) await attempt(acc.username, acc.password, '10.0.3.1');
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // other test files hash in parallel on the same cores: drop the 2 fastest and 2 slowest of
    // each side so a scheduling hiccup does not decide the verdict
    const trimmedMean = (xs: number[]) => mean([...xs].sort((a, b) => a - b).slice(2, -2));
    const ratio = trimmedMean(unknown) / trimmedMean(known);
    console.info(
      `login timing (8 each): wrong password mean ${mean(known).toFixed(1)} ms / trimmed ${trimmedMean(known).toFixed(1)} ms, ` +
        `unknown user mean ${mean(unknown).toFixed(1)} ms / trimmed ${trimmedMean(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
