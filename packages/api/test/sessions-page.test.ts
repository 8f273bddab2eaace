// The Sessions page and back-office session lifetimes (issue 27): the account's sessions listed with
// device, address, first and last seen and the current one marked; one or all others ended; a
// factor change ends the others; an admin's session dies after 30 minutes idle or 12 hours in all
// (an injected clock), a customer's does not.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACK_OFFICE_LIFETIMES, checkBackOfficeSession } from '../src/domain/session.ts';
import { refusal } from './admin-helpers-b.ts';
import { account, createOrdersRig, type OrdersRig } from './orders/rig.ts';
import { giveSecondFactor, sessionBrowser, testTotpCode } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.close();
});

const MIN = 60_000;

/** A browser with the server's back-office lifetimes, from `ip` with `userAgent`. */
function browser(ip: string, userAgent: string) {
  return sessionBrowser(rig.db, rig.services, rig.clock, { ip, userAgent, backOffice: BACK_OFFICE_LIFETIMES });
}

async function signIn(b: ReturnType<typeof browser>, username: string) {
  return (await b.caller()).auth.login({ username, password: 'a long enough password' });
}

describe('the Sessions page', () => {
  it('lists device, address, first and last seen, the current one first; ends one, then all others', async () => {
    const laptop = browser('198.51.100.1', 'Mozilla/5.0 (X11; Linux) Firefox/140.0');
    await (await laptop.caller()).auth.register({ ...account({ username: 'lena' }), password: 'a long enough password' });
    rig.clock.advance(5 * MIN);
    const phone = browser('203.0.113.50', 'Mozilla/5.0 (iPhone) Safari/19');
    await signIn(phone, 'lena');
    const tablet = browser('192.0.2.9', 'Tablet');
    await signIn(tablet, 'lena');
    rig.clock.advance(2 * MIN);
    await (await laptop.caller()).auth.me(); // seen again

    const list = await (await laptop.caller()).sessions.list();
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, ip: '198.51.100.1', userAgent: 'Mozilla/5.0 (X11; Linux) Firefox/140.0' });
    expect(list[0]?.lastSeenAt).toBe(rig.clock.now.toISOString());
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const phoneRow = list.find((s) => s.ip === '203.0.113.50');
    expect(phoneRow).toMatchObject({ current: false, userAgent: 'Mozilla/5.0 (iPhone) Safari/19' });
    // The handle is not the stored id.
    const stored = await rig.db.selectFrom('sessions').select('id').execute();
    for (const s of list) expect(stored.map((r) => r.id)).not.toContain(s.id);

    await (await laptop.caller()).sessions.end({ id: phoneRow?.id ?? '' });
    expect(await (await phone.caller()).auth.me()).toBeNull();
    expect((await refusal((await laptop.caller()).sessions.end({ id: phoneRow?.id ?? '' }))).code).toBe('NOT_FOUND');
    // Another account cannot end lena's sessions by their handles.
    const other = browser('192.0.2.77', 'Other');
    await (await other.caller()).auth.register({ ...account({ username: 'mia' }), password: 'a long enough password' });
    const tabletRow = (await (await laptop.caller()).sessions.list()).find((s) => s.ip === '192.0.2.9');
    expect((await refusal((await other.caller()).sessions.end({ id: tabletRow?.id ?? '' }))).code).toBe('NOT_FOUND');

    expect(await (await laptop.caller()).sessions.endOthers()).toEqual({ ended: 1 });
    expect(await (await tablet.caller()).auth.me()).toBeNull();
    expect(await (await laptop.caller()).sessions.list()).toHaveLength(1);
  });

  it('ending the current session clears the cookie', async () => {
    const b = browser('198.51.100.1', 'One');
    await (await b.caller()).auth.register({ ...account({ username: 'ned' }), password: 'a long enough password' });
    const [own] = await (await b.caller()).sessions.list();
    expect(await (await b.caller()).sessions.end({ id: own?.id ?? '' })).toEqual({ ok: true, endedCurrent: true });
    expect(b.token).toBeNull();
  });

  it('adding a factor ends the other sessions', async () => {
    const a = browser('198.51.100.1', 'A');
    await (await a.caller()).auth.register({ ...account({ username: 'ola' }), password: 'a long enough password' });
    const b = browser('198.51.100.2', 'B');
    await signIn(b, 'ola');
    const { secret } = await (await a.caller()).factors.beginTotp();
    const { decodeBase32IgnorePadding } = await import('@oslojs/encoding');
    const { totpCodeAt, totpStep } = await import('../src/services/accounts/second-factor.ts');
    await (await a.caller()).factors.confirmTotp({ code: totpCodeAt(decodeBase32IgnorePadding(secret), totpStep(rig.clock.now)) });
    expect(await (await b.caller()).auth.me()).toBeNull();
    expect(await (await a.caller()).sessions.list()).toHaveLength(1);
  });
});

describe('back-office session lifetimes', () => {
  it('the rule: 30 minutes idle, 12 hours in all', () => {
    const t0 = new Date('2026-03-01T08:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(checkBackOfficeSession(t0, t0, at(29 * MIN))).toEqual({ valid: true });
    expect(checkBackOfficeSession(t0, t0, at(30 * MIN))).toEqual({ valid: false, reason: 'idle' });
    expect(checkBackOfficeSession(t0, at(11 * 60 * MIN), at(11 * 60 * MIN + 29 * MIN))).toEqual({ valid: true });
    expect(checkBackOfficeSession(t0, at(12 * 60 * MIN - MIN), at(12 * 60 * MIN))).toEqual({ valid: false, reason: 'absolute_max' });
  });

  it("an admin's session ends after 30 idle minutes; kept alive by use, it still ends at 12 hours; a customer's lives on", async () => {
    const adminB = browser('198.51.100.1', 'Admin');
    await (await adminB.caller()).auth.register({ ...account({ username: 'root_admin' }), password: 'a long enough password' });
    await rig.db.updateTable('users').set({ role: 'admin', admin_role: 'owner' }).where('username', '=', 'root_admin').execute();
    await giveSecondFactor(rig.db, { username: 'root_admin' }, rig.clock.now);
    const customerB = browser('198.51.100.2', 'Customer');
    await (await customerB.caller()).auth.register({ ...account({ username: 'cust' }), password: 'a long enough password' });

    // Used every 29 minutes: alive until the 12th hour.
    for (let i = 0; i < 24; i++) {
      rig.clock.advance(29 * MIN);
      expect((await (await adminB.caller()).auth.me())?.username, `after ${(i + 1) * 29} minutes`).toBe('root_admin');
    }
    rig.clock.advance(29 * MIN); // 12 h 25 min after sign-in
    expect(await (await adminB.caller()).auth.me()).toBeNull();
    expect(await (await customerB.caller()).auth.me()).toMatchObject({ username: 'cust' });

    // A new sign-in, then 30 minutes of nothing.
    await signIn(adminB, 'root_admin');
    await (await adminB.caller()).factors.verifyTotp({ code: testTotpCode(rig.clock.now) });
    rig.clock.advance(29 * MIN + 59_000);
    expect(await (await adminB.caller()).auth.me()).toMatchObject({ username: 'root_admin' });
    rig.clock.advance(30 * MIN);
    expect(await (await adminB.caller()).auth.me()).toBeNull();
    expect(await rig.db.selectFrom('sessions').select('id').where('ip', '=', '198.51.100.1').execute()).toHaveLength(0);
  });
});
