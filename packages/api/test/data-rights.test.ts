// Issue 31, data rights: a traveller downloads everything the shop holds about them, and deletes
// their account (password, then an e-mailed link). Erasure leaves none of their personal data in
// any table (a walk over every table and every text column of the schema), while the orders —
// the invoices and payment records — stay, without the person attached.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AppError } from '../src/errors.ts';
import { DELETION_LINK_TTL_MS, ERASED_EMAIL, eraseGuest, exportGuestData } from '../src/services/accounts/data-rights.ts';
import { createRewardsRig, buy, type RewardsRig } from './rewards/rig.ts';
import { account, type Browser } from './orders/rig.ts';

let rig: RewardsRig;
beforeEach(async () => {
  rig = await createRewardsRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const PERSON = {
  username: 'ada_lovelace',
  email: 'ada.lovelace@example.org',
  password: 'correct horse battery staple 42',
  fullName: 'Ada Byron Lovelace',
  mobile: '+44 7700 900123',
  ip: '198.51.100.77',
};

/** A traveller with a record of every kind: orders (one refunded), an eSIM with usage, points, a check-in, a message, the newsletter, a guest order with the same address. */
async function fullTraveller(): Promise<{ browser: Browser; userId: number; orderIds: string[] }> {
  const browser = rig.browser({ ip: PERSON.ip });
  await (await browser.caller()).auth.register({
    ...account({ username: PERSON.username, email: PERSON.email }),
    password: PERSON.password,
  });
  await rig.settle();
  // A sign-in from another browser: the sign-in history.
  await (await rig.browser({ ip: PERSON.ip }).caller()).auth.login({ username: PERSON.username, password: PERSON.password });
  const api = await browser.caller();
  await api.users.updateProfile({ fullName: PERSON.fullName, mobile: PERSON.mobile });
  const user = await rig.db.selectFrom('users').select('id').where('username', '=', PERSON.username).executeTakeFirstOrThrow();
  const first = await buy(rig, browser, rig.plans.japan1.id);
  const second = await buy(rig, browser, rig.plans.japan5.id);
  const esim = (await api.esims.list()).find((e) => e.orderId === first.orderId);
  await rig.esim.simulateInstall(esim!.iccid);
  await rig.esim.simulateUsage(esim!.iccid, 120);
  rig.clock.advance(61_000);
  await api.esims.refresh();
  await api.rewards.checkIn({ regionId: rig.regions.japan, locationName: 'Shibuya, near the flat' });
  await api.support.contact({ name: PERSON.fullName, email: PERSON.email, subject: 'My eSIM', message: `Call me on ${PERSON.mobile}` });
  await api.support.subscribe({ email: PERSON.email });
  // A live chat (issue 30): bound to the account, with its name and e-mail.
  await api.chat.start({});
  await api.chat.send({ body: `Chat: call me on ${PERSON.mobile}` });
  // A guest order with the same address, from another browser.
  const guest = await buy(rig, rig.browser({ ip: PERSON.ip }), rig.plans.japan1.id, { email: PERSON.email });
  await api.orders.refund({ orderId: second.orderId });
  // Gifts (issue 29): one given by the person with a message that names them, one given to their address.
  const third = await buy(rig, browser, rig.plans.japan1.id);
  const giftEsim = (await api.esims.list()).find((e) => e.orderId === third.orderId)!;
  await api.gifts.give({
    iccid: giftEsim.iccid,
    recipientEmail: 'a.friend@example.org',
    message: `Love, ${PERSON.fullName}`,
    locale: 'en',
  });
  const friend = rig.browser();
  await (await friend.caller()).auth.register(account({ username: 'a_friend', email: 'a.friend.account@example.org' }));
  const present = await buy(rig, friend, rig.plans.japan1.id);
  const presentEsim = (await (await friend.caller()).esims.list()).find((e) => e.orderId === present.orderId)!;
  await (await friend.caller()).gifts.give({
    iccid: presentEsim.iccid,
    recipientEmail: PERSON.email,
    message: 'Enjoy Japan',
    locale: 'en',
  });
  await rig.settle();
  return { browser, userId: user.id, orderIds: [first.orderId, second.orderId, third.orderId, guest.orderId] };
}

async function rejection(p: Promise<unknown>): Promise<{ code: string; message: string; details: unknown }> {
  try {
    await p;
  } catch (e) {
    // A tRPC error carries the AppError as its cause; a service called directly throws the AppError itself.
    const err = e as { code: string; message: string; cause?: unknown; details?: unknown };
    return { code: err.code, message: err.message, details: (err.cause as AppError | undefined)?.details ?? err.details };
  }
  throw new Error('expected the call to fail');
}

const deletionToken = (to: string) => {
  const mail = rig.mailer.sent.filter((m) => m.to === to && /deleteAccount=/.test(m.text)).at(-1);
  const m = mail ? /account\/profile\?deleteAccount=([A-Za-z0-9_-]+)/.exec(mail.text) : null;
  if (!m) throw new Error(`no deletion link sent to ${to}`);
  return m[1]!;
};

/**
 * Tables the walk leaves out, and why:
 *  - demo_*: the demo payment service's own store. It stands in for Stripe, which keeps its payment
 *    records itself under its own legal duties; the shop cannot erase those and does not pretend to.
 *  - rate_limit_counters, login_throttle: per-network abuse counters keyed by IP, which expire with
 *    their window (an hour at most). Erasing them on request would let anyone reset their limits
 *    by deleting an account.
 */
const NOT_WALKED = /^(demo_|rate_limit_counters$|login_throttle$)/;

/** Every text value in every table (the schema walk), as [table, column, value]. */
async function everyTextValue(): Promise<Array<[string, string, string]>> {
  const tables = (
    await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(rig.db)
  ).rows.map((r) => r.name);
  const out: Array<[string, string, string]> = [];
  for (const table of tables) {
    if (NOT_WALKED.test(table)) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(rig.db)).rows;
    for (const row of rows)
      for (const [column, value] of Object.entries(row)) if (typeof value === 'string') out.push([table, column, value]);
  }
  return out;
}

describe('data export', () => {
  it('holds every kind of record, and no secret', async () => {
    const { browser, orderIds } = await fullTraveller();
    const data = await (await browser.caller()).users.exportData();
    expect(data).toMatchObject({ format: 'esim-shop-data-export', version: 1 });
    expect(data.account).toMatchObject({
      username: PERSON.username,
      email: PERSON.email,
      full_name: PERSON.fullName,
      mobile: PERSON.mobile,
    });
    expect(data.orders.map((o) => o.public_id).sort()).toEqual([...orderIds].sort());
    // The purchase's client (issue 31's dispute evidence) is the person's data too.
    expect(data.orders.filter((o) => o.purchase_ip === PERSON.ip).length).toBeGreaterThan(0);
    expect(data.esims.length).toBeGreaterThanOrEqual(2);
    expect(data.esimUsageDays.length).toBeGreaterThan(0);
    expect(data.pointsLedger.length).toBeGreaterThan(0);
    expect(data.checkIns).toMatchObject([{ location_name: 'Shibuya, near the flat', region_code: 'JP' }]);
    expect(data.achievements.length).toBeGreaterThan(0);
    expect(data.supportMessages).toMatchObject([{ subject: 'My eSIM' }]);
    // The contact message opened a ticket (issue 30): it and its thread are in the export.
    expect(data.tickets).toMatchObject([{ subject: 'My eSIM', email: PERSON.email }]);
    expect(data.ticketMessages.map((m) => m.body)).toContain(`Call me on ${PERSON.mobile}`);
    expect(data.gifts.map((g) => g.recipient_email).sort()).toEqual(['a.friend@example.org', PERSON.email]);
    expect(data.chats).toMatchObject([{ email: PERSON.email }]);
    expect(data.chatMessages.map((m) => m.body)).toEqual([`Chat: call me on ${PERSON.mobile}`]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).toMatchObject({ ip: PERSON.ip });
    expect(data.signInHistory.length).toBeGreaterThan(0);
    const text = JSON.stringify(data);
    for (const secret of ['password_hash', 'token_hash', 'secret_hex', 'access_token', '$argon2']) expect(text).not.toContain(secret);
    // Logged without the person's data.
    expect(await rig.db.selectFrom('data_requests').select(['kind', 'actor']).execute()).toEqual([{ kind: 'export', actor: 'traveller' }]);
  });

  it('needs a session', async () => {
    expect((await rejection((await rig.browser().caller()).users.exportData())).code).toBe('UNAUTHORIZED');
  });
});

describe('account deletion', () => {
  it('password, then the link: no personal field left in any table, the orders kept without the person, signed out', async () => {
    const { browser, userId, orderIds } = await fullTraveller();
    const api = await browser.caller();
    expect(await rejection(api.users.requestDeletion({ password: 'not it' }))).toMatchObject({
      code: 'BAD_REQUEST',
      details: { field: 'password' },
    });
    expect(await api.users.requestDeletion({ password: PERSON.password })).toEqual({ ok: true, to: PERSON.email });
    // Nothing is gone before the link is opened.
    expect(await rig.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeTruthy();
    const token = deletionToken(PERSON.email);
    // The link alone deletes nothing: it needs the account's own session.
    expect((await rejection((await rig.browser().caller()).users.confirmDeletion({ token }))).code).toBe('UNAUTHORIZED');
    const other = rig.browser();
    await (await other.caller()).auth.register(account());
    expect(await rejection((await other.caller()).users.confirmDeletion({ token }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await (await browser.caller()).users.confirmDeletion({ token })).toEqual({ ok: true });

    const needles = [PERSON.email, PERSON.username, PERSON.fullName, PERSON.mobile, PERSON.ip, 'Shibuya, near the flat'];
    const left = (await everyTextValue()).filter(([, , v]) => needles.some((n) => v.toLowerCase().includes(n.toLowerCase())));
    expect(left).toEqual([]);
    // The invoices and payment records stay, without the person.
    const orders = await rig.db
      .selectFrom('orders')
      .select(['public_id', 'user_id', 'email', 'total_amount_minor'])
      .where('public_id', 'in', orderIds)
      .execute();
    expect(orders).toHaveLength(4);
    for (const o of orders) expect(o).toMatchObject({ user_id: null, email: ERASED_EMAIL });
    expect(await rig.db.selectFrom('data_requests').select(['kind', 'subject_user_id']).where('kind', '=', 'erasure').execute()).toEqual([
      { kind: 'erasure', subject_user_id: userId },
    ]);
    // Signed out everywhere; the link does not work twice; the account cannot sign in.
    expect((await rejection((await browser.caller()).users.exportData())).code).toBe('UNAUTHORIZED');
    expect((await rejection((await browser.caller()).users.confirmDeletion({ token }))).code).toBe('UNAUTHORIZED');
    expect(await rejection((await other.caller()).users.confirmDeletion({ token }))).toMatchObject({
      code: 'BAD_REQUEST',
      details: { field: 'token', reason: 'invalid' },
    });
    expect(
      (await rejection((await rig.browser().caller()).auth.login({ username: PERSON.username, password: PERSON.password }))).code,
    ).toBe('UNAUTHORIZED');
  });

  it('an expired or replaced link does nothing', async () => {
    const { browser, userId } = await fullTraveller();
    const api = await browser.caller();
    await api.users.requestDeletion({ password: PERSON.password });
    const old = deletionToken(PERSON.email);
    await api.users.requestDeletion({ password: PERSON.password });
    const fresh = deletionToken(PERSON.email);
    expect(await rejection((await browser.caller()).users.confirmDeletion({ token: old }))).toMatchObject({
      details: { reason: 'superseded' },
    });
    rig.clock.advance(DELETION_LINK_TTL_MS + 1000);
    expect(await rejection((await browser.caller()).users.confirmDeletion({ token: fresh }))).toMatchObject({
      details: { reason: 'expired' },
    });
    expect(await rig.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeTruthy();
  });

  it('with an order being delivered: 409 with what to do, nothing erased', async () => {
    const { browser, userId } = await fullTraveller();
    const api = await browser.caller();
    const [order] = await rig.db.selectFrom('orders').select('id').where('user_id', '=', userId).limit(1).execute();
    await rig.db.updateTable('orders').set({ status: 'provisioning' }).where('id', '=', order!.id).execute();
    const refused = await rejection(api.users.requestDeletion({ password: PERSON.password }));
    expect(refused).toMatchObject({ code: 'CONFLICT', details: { reason: 'order_in_flight' } });
    expect(refused.message).toMatch(/try again in a few minutes/);
    expect(await rig.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeTruthy();
  });
});

describe("a guest's data (no account)", () => {
  const GUEST = { email: 'grace.hopper@example.net', name: 'Grace Brewster Hopper', ip: '203.0.113.9' };

  /** A guest with two orders (one eSIM used), a message to support, a ticket and the newsletter, plus someone else's order. */
  async function fullGuest() {
    const browser = rig.browser({ ip: GUEST.ip });
    const first = await buy(rig, browser, rig.plans.japan1.id, { email: GUEST.email });
    const second = await buy(rig, browser, rig.plans.japan5.id, { email: GUEST.email.toUpperCase() });
    const api = await browser.caller();
    await api.support.contact({ name: GUEST.name, email: GUEST.email, subject: 'My Japan eSIM', message: `It is ${GUEST.name}` });
    await api.support.subscribe({ email: GUEST.email });
    const other = await buy(rig, rig.browser(), rig.plans.japan1.id, { email: 'someone.else@example.net' });
    await rig.settle();
    return { orderIds: [first.orderId, second.orderId], other: other.orderId };
  }

  it('the export holds its orders, eSIMs, messages and consent and nobody else’s; the erasure leaves no trace of the address and keeps the invoices', async () => {
    const { orderIds, other } = await fullGuest();
    // The guest bought through someone's referral link (issue 29): the referrer's record names them.
    const referrer = rig.browser();
    await (await referrer.caller()).auth.register(account({ username: 'the_referrer', email: 'referrer@example.net' }));
    const referrerId = (await rig.db.selectFrom('users').select('id').where('username', '=', 'the_referrer').executeTakeFirstOrThrow()).id;
    const firstOrder = await rig.db.selectFrom('orders').select('id').where('public_id', '=', orderIds[0]!).executeTakeFirstOrThrow();
    await rig.db
      .insertInto('referrals')
      .values({
        referrer_user_id: referrerId,
        order_id: firstOrder.id,
        friend_user_id: null,
        friend_email_norm: GUEST.email,
        friend_device_hash: 'd'.repeat(64),
        status: 'pending',
        reason: null,
        currency: 'USD',
        discount_minor: 100,
        created_at: rig.clock.now.toISOString(),
        decided_at: null,
      } as never)
      .execute();
    // A gift not delivered yet on one of the guest's orders (issue 29, 'This is a gift' at checkout).
    await rig.db
      .insertInto('checkout_gifts')
      .values({
        order_id: firstOrder.id,
        recipient_email: 'a.pal@elsewhere.example',
        message: `With love, ${GUEST.name}`,
        locale: 'en',
        deliver_at: null,
        created_at: rig.clock.now.toISOString(),
      })
      .execute();
    const data = await exportGuestData(rig.db, rig.services, `  ${GUEST.email.toUpperCase()} `);
    expect(data.pendingGifts).toMatchObject([{ recipient_email: 'a.pal@elsewhere.example', message: `With love, ${GUEST.name}` }]);
    expect(data.gifts).toEqual([]);
    expect(data.guestEmail).toBe(GUEST.email);
    expect(data.orders.map((o) => o.public_id).sort()).toEqual([...orderIds].sort());
    // The purchase's client (issue 31's dispute evidence) is the person's data too.
    expect(data.orders.filter((o) => o.purchase_ip !== null).length).toBeGreaterThan(0);
    expect(data.esims).toHaveLength(2);
    expect(data.supportMessages.length + data.tickets.length).toBeGreaterThan(0);
    expect(data.newsletter).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('someone.else');
    expect(JSON.stringify(data)).not.toMatch(/token_hash|access_token/);

    expect(await eraseGuest(rig.db, rig.services, GUEST.email)).toMatchObject({ erased: true, orders: 2 });
    // The friend's device hash (issue 29's same-device rule) goes with the friend.
    expect(await rig.db.selectFrom('referrals').select('friend_device_hash').where('order_id', '=', firstOrder.id).execute()).toEqual([
      { friend_device_hash: null },
    ]);
    const needles = [GUEST.email, GUEST.name];
    expect((await everyTextValue()).filter(([, , v]) => needles.some((n) => v.toLowerCase().includes(n.toLowerCase())))).toEqual([]);
    const orders = await rig.db
      .selectFrom('orders')
      .select(['public_id', 'email', 'status'])
      .where('public_id', 'in', [...orderIds, other])
      .execute();
    expect(
      orders
        .filter((o) => o.email === ERASED_EMAIL)
        .map((o) => o.public_id)
        .sort(),
    ).toEqual([...orderIds].sort());
    expect(orders.find((o) => o.public_id === other)?.email).toBe('someone.else@example.net');
    // Nothing is left under the address: the second try is 404, with what it means.
    expect(await rejection(eraseGuest(rig.db, rig.services, GUEST.email))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(exportGuestData(rig.db, rig.services, GUEST.email))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("refuses an account's address (409 naming the account), a malformed one (400), and erases nothing while an order is being delivered (409)", async () => {
    await (await rig.browser().caller()).auth.register(account({ username: 'has_account', email: 'has.account@example.net' }));
    const refusedAccount = await rejection(eraseGuest(rig.db, rig.services, 'Has.Account@example.net'));
    expect(refusedAccount).toMatchObject({ code: 'CONFLICT', details: { reason: 'has_account' } });
    expect(refusedAccount.message).toMatch(/belongs to account #\d+/);
    expect(await rejection(exportGuestData(rig.db, rig.services, 'not an address'))).toMatchObject({
      code: 'BAD_INPUT',
      details: { field: 'email' },
    });
    expect(await rejection(eraseGuest(rig.db, rig.services, ERASED_EMAIL))).toMatchObject({ code: 'BAD_INPUT' });

    const { orderIds } = await fullGuest();
    await rig.db.updateTable('orders').set({ status: 'provisioning' }).where('public_id', '=', orderIds[0]!).execute();
    expect(await rejection(eraseGuest(rig.db, rig.services, GUEST.email))).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'order_in_flight' },
    });
    expect(await rig.db.selectFrom('orders').select('id').where('email', '=', GUEST.email).execute()).toHaveLength(2);
  });
});
