// Session expiry, sliding and the absolute maximum on a fake clock, through the procedures.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, T0, createRig, newAccount, type Rig } from './auth-helpers.ts';

let rig: Rig;
beforeEach(async () => {
  rig = await createRig();
});
afterEach(async () => {
  await rig.close();
});

async function signedIn() {
  const b = rig.browser();
  await (await b.caller()).auth.register(newAccount());
  return b;
}
const rows = () => rig.db.selectFrom('sessions').selectAll().execute();

describe('session lifetime', () => {
  it('sets a 30-day cookie at sign-in', async () => {
    const b = await signedIn();
    expect(b.cookieLog).toHaveLength(1);
    expect(b.cookieLog[0]).toEqual({ token: b.token, expiresAt: new Date(T0.getTime() + 30 * DAY) });
    const [row] = await rows();
    expect(row).toMatchObject({ created_at: T0.toISOString(), expires_at: new Date(T0.getTime() + 30 * DAY).toISOString() });
  });

  it('unused for 30 days, it expires and its row is deleted', async () => {
    const b = await signedIn();
    rig.clock.advance(30 * DAY);
    expect(await (await b.caller()).auth.me()).toBeNull();
    expect(await rows()).toHaveLength(0);
  });

  it('does not slide while 15 days or more remain, then slides to now + 30 days', async () => {
    const b = await signedIn();
    const token = b.token;
    rig.clock.advance(15 * DAY);
    await b.context();
    expect((await rows())[0]!.expires_at).toBe(new Date(T0.getTime() + 30 * DAY).toISOString());
    rig.clock.advance(DAY);
    const ctx = await b.context();
    expect(ctx.user).not.toBeNull();
    expect((await rows())[0]!.expires_at).toBe(new Date(T0.getTime() + 46 * DAY).toISOString());
    expect(b.token).toBe(token); // same token, later expiry
    // 40 days after sign-in the slid session still works
    rig.clock.advance(24 * DAY);
    expect(await (await b.caller()).auth.me()).not.toBeNull();
  });

  it('used every few days, it still ends at the 90-day absolute maximum', async () => {
    const b = await signedIn();
    for (let d = 10; d < 90; d += 10) {
      rig.clock.now = new Date(T0.getTime() + d * DAY);
      expect(await (await b.caller()).auth.me(), `day ${d}`).not.toBeNull();
    }
    expect((await rows())[0]!.expires_at).toBe(new Date(T0.getTime() + 90 * DAY).toISOString());
    rig.clock.now = new Date(T0.getTime() + 90 * DAY);
    expect(await (await b.caller()).auth.me()).toBeNull();
    expect(await rows()).toHaveLength(0);
  });

  it('a forged or malformed token is a guest', async () => {
    await signedIn();
    const b = rig.browser();
    for (const t of ['a'.repeat(32), 'not a token', '', 'A'.repeat(32)]) {
      b.token = t;
      expect(await (await b.caller()).auth.me()).toBeNull();
    }
  });

  it("sign-in sweeps the user's expired sessions", async () => {
    const acc = newAccount();
    await (await rig.browser().caller()).auth.register(acc);
    rig.clock.advance(31 * DAY);
    await (await rig.browser().caller()).auth.login({ username: acc.username, password: acc.password });
    expect(await rows()).toHaveLength(1);
  });
});
