// The live chat (issue 30) through createCaller on a migrated in-memory SQLite: a guest's chat is
// bound to its signed token and a traveller's to their account (nobody reads another's chat); an
// agent (owner or support role; never a customer or the catalogue role) answers, types and reads;
// the badge says 'available' only while an agent's heartbeat is fresh; a chat nobody answers
// within the owner's timeout becomes a ticket answered by e-mail (a guest is asked for an e-mail
// first), once, however many sweeps race for it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRole } from '../src/services/accounts/users.ts';
import { escalateDueChats } from '../src/services/support/chat.ts';
import { adminRig, auditRows, refusal, signedIn, type OrdersRig, type Person } from './admin-helpers-b.ts';

let rig: OrdersRig;
let owner: Person;
let customer: Person;

beforeEach(async () => {
  ({ rig, admin: owner, customer } = await adminRig());
  // 2026-03-01 12:00 UTC is a Sunday: outside the default office hours.
});
afterEach(async () => {
  await rig.close();
});

async function agentOf(role: 'support' | 'catalogue', username: string): Promise<Person> {
  const agent = await signedIn(rig, 'admin', { username });
  await setRole(rig.db, agent.id, role, rig.clock.now);
  return agent;
}

describe('who reads a chat', () => {
  it("binds a guest's chat to its token and a traveller's to their account", async () => {
    const guest = await rig.browser().caller();
    const started = await guest.chat.start({});
    expect(started.token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const token = started.token!;
    await guest.chat.send({ token, body: 'Hello, my eSIM has no data' });
    expect((await guest.chat.get({ token })).messages.map((m) => m.body)).toEqual(['Hello, my eSIM has no data']);

    // Another browser without the token, with a forged one, or with another chat's id: 404.
    const stranger = await rig.browser().caller();
    expect((await refusal(stranger.chat.get({}))).code).toBe('NOT_FOUND');
    const [id] = token.split('.');
    expect((await refusal(stranger.chat.get({ token: `${id}.${'A'.repeat(43)}` }))).code).toBe('NOT_FOUND');
    expect((await refusal(stranger.chat.send({ token: `${Number(id) + 1}.${token.split('.')[1]}`, body: 'x' }))).code).toBe('NOT_FOUND');

    // A traveller's chat: no token; another traveller cannot reach it, not even with its id signed.
    const mine = await (await customer.api()).chat.start({});
    expect(mine.token).toBeNull();
    await (await customer.api()).chat.send({ body: 'Bob here' });
    const other = await signedIn(rig, 'customer', { username: 'eve' });
    const evesOwn = await (await other.api()).chat.start({});
    expect(evesOwn.id).not.toBe(mine.id);
    expect((await (await other.api()).chat.get({})).messages).toEqual([]);
    // A guest's token is the key to that guest chat (whoever holds it, as on the browser that
    // started it); a traveller's chat is never opened by a token alone, even one signed for its id.
    expect((await (await other.api()).chat.get({ token })).id).toBe(started.id);
    expect((await refusal(stranger.chat.get({ token: `${mine.id}.${token.split('.')[1]}` }))).code).toBe('NOT_FOUND');
  });

  it('lets the owner and the support role answer, and refuses customers and the catalogue role', async () => {
    const guest = await rig.browser().caller();
    const { token, id } = await guest.chat.start({});
    await guest.chat.send({ token: token!, body: 'Hi' });
    const support = await agentOf('support', 'sam');
    const catalogue = await agentOf('catalogue', 'cat');
    expect((await refusal((await customer.api()).admin.chat.list())).code).toBe('FORBIDDEN');
    expect((await refusal((await catalogue.api()).admin.chat.get({ id }))).code).toBe('FORBIDDEN');
    expect(
      (
        await refusal(
          (
            await support.api()
          ).admin.chat.saveSettings({
            hours: { alwaysOpen: true, timeZone: 'UTC', days: [], open: '09:00', close: '18:00' },
            answerTimeoutMs: 60_000,
          }),
        )
      ).code,
    ).toBe('FORBIDDEN');

    const list = await (await support.api()).admin.chat.list();
    expect(list).toMatchObject([{ id, unread: 1, guest: true, lastMessage: 'Hi', status: 'open' }]);
    await (await support.api()).admin.chat.typing({ id });
    expect((await guest.chat.get({ token: token! })).state.typing).toBe(true);
    rig.clock.advance(7_000);
    expect((await guest.chat.get({ token: token! })).state.typing).toBe(false);
    const answer = await (await support.api()).admin.chat.answer({ id, body: 'Hello! Is data roaming on?' });
    await (await support.api()).admin.chat.read({ id, lastId: answer.id });
    const thread = await guest.chat.get({ token: token! });
    expect(thread.messages.map((m) => [m.author, m.body])).toEqual([
      ['customer', 'Hi'],
      ['agent', 'Hello! Is data roaming on?'],
    ]);
    expect(thread.state.readId).toBe(answer.id); // the agent has read the traveller's message
    await guest.chat.read({ token: token!, lastId: answer.id + 100 }); // never past the thread's end
    expect((await (await support.api()).admin.chat.get({ id })).state.readId).toBe(answer.id);
    expect((await (await support.api()).admin.chat.list())[0]!.unread).toBe(0);
  });

  it('refuses empty and oversized messages with 400', async () => {
    const guest = await rig.browser().caller();
    const { token } = await guest.chat.start({});
    expect((await refusal(guest.chat.send({ token: token!, body: '   ' }))).code).toBe('BAD_REQUEST');
    expect((await refusal(guest.chat.send({ token: token!, body: 'x'.repeat(2001) }))).code).toBe('BAD_REQUEST');
  });
});

describe('the badge', () => {
  it("says 'available' only while an agent's chat view is open (heartbeat), else when a person answers", async () => {
    const guest = await rig.browser().caller();
    // Sunday 12:00 UTC, default hours Mon–Fri 09:00–18:00 UTC.
    expect(await guest.chat.availability()).toEqual({ kind: 'opens', at: '2026-03-02T09:00:00.000Z' });
    await (await owner.api()).admin.chat.heartbeat();
    expect(await guest.chat.availability()).toEqual({ kind: 'available' });
    rig.clock.advance(31_000);
    expect((await guest.chat.availability()).kind).toBe('opens');
    await (await owner.api()).admin.chat.saveSettings({
      hours: { alwaysOpen: true, timeZone: 'UTC', days: [], open: '09:00', close: '18:00' },
      answerTimeoutMs: 120_000,
    });
    expect(await guest.chat.availability()).toEqual({ kind: 'soon', withinMinutes: 2 });
    expect((await auditRows(rig)).at(-1)).toMatchObject({ action: 'chat.settings', actor_username: 'alice' });
  });
});

describe('nobody answers', () => {
  it('asks a guest for an e-mail, then opens a ticket with the transcript and e-mails its number', async () => {
    const guest = await rig.browser({ locale: 'ar' }).caller();
    const { token, id } = await guest.chat.start({});
    await guest.chat.send({ token: token!, body: 'No internet in Dubai' });
    rig.clock.advance(4 * 60_000);
    expect(await escalateDueChats(rig.db, rig.services)).toBe(0);
    rig.clock.advance(60_000);
    expect(await escalateDueChats(rig.db, rig.services)).toBe(1);
    let thread = await guest.chat.get({ token: token! });
    expect(thread.state).toMatchObject({ status: 'needs_email', hasEmail: false, ticketNumber: null });
    expect(JSON.parse(thread.messages.at(-1)!.body)).toEqual({ key: 'askEmail' });
    expect((await refusal(guest.chat.giveEmail({ token: token!, email: 'not-an-address' }))).code).toBe('BAD_REQUEST');
    thread = await guest.chat.giveEmail({ token: token!, email: ' Guest@Example.com ' });
    expect(thread.state.status).toBe('ticket');
    const number = thread.state.ticketNumber!;
    expect(JSON.parse(thread.messages.at(-1)!.body)).toEqual({ key: 'ticket', number });
    const ticket = await rig.db.selectFrom('tickets').selectAll().executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ source: 'chat', email: 'guest@example.com', locale: 'ar', status: 'open', user_id: null });
    const first = await rig.db.selectFrom('ticket_messages').select('body').where('ticket_id', '=', ticket.id).executeTakeFirstOrThrow();
    expect(first.body).toContain('Traveller: No internet in Dubai');
    const ack = rig.mailer.sent.at(-1)!;
    expect(ack.to).toBe('guest@example.com');
    expect(ack.subject).toContain(number);
    // The agent can no longer answer in the chat; the ticket inbox has it.
    expect((await refusal((await owner.api()).admin.chat.answer({ id, body: 'late' }))).code).toBe('CONFLICT');
    // The traveller's next chat message joins the ticket's thread.
    await guest.chat.send({ token: token!, body: 'Still nothing' });
    expect(
      await rig.db.selectFrom('ticket_messages').select('body').where('ticket_id', '=', ticket.id).orderBy('id').execute(),
    ).toHaveLength(2);
    // The next 'Start chat' is a new chat with a new token; the old token still reads the old one.
    const next = await guest.chat.start({ token: token! });
    expect(next.id).not.toBe(id);
    expect(next.token).not.toBe(token);
    expect(next.messages).toEqual([]);
    expect((await guest.chat.get({ token: token! })).state.status).toBe('ticket');
  });

  it("a signed-in traveller's chat becomes a ticket at once, and an answer in time stops the clock", async () => {
    await (await owner.api()).admin.chat.saveSettings({
      hours: { alwaysOpen: false, timeZone: 'UTC', days: [1, 2, 3, 4, 5], open: '09:00', close: '18:00' },
      answerTimeoutMs: 10_000,
    });
    const bob = await customer.api();
    const { id } = await bob.chat.start({});
    await bob.chat.send({ body: 'Help' });
    rig.clock.advance(9_000);
    await (await owner.api()).admin.chat.answer({ id, body: 'Here' });
    rig.clock.advance(60_000);
    expect(await escalateDueChats(rig.db, rig.services)).toBe(0);
    await bob.chat.send({ body: 'Still there?' });
    rig.clock.advance(10_000);
    // Two sweeps at once (two instances): one ticket.
    const moved = await Promise.all([escalateDueChats(rig.db, rig.services), escalateDueChats(rig.db, rig.services)]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(1);
    const tickets = await rig.db.selectFrom('tickets').selectAll().execute();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ user_id: customer.id, email: customer.email, source: 'chat' });
    expect((await bob.chat.get({})).state.status).toBe('ticket');
    expect(await (await owner.api()).admin.chat.list()).toEqual([]);
  });
});

describe('limits', () => {
  it('refuses a flood of new chats from one client and of messages in one chat with 429', async () => {
    for (let i = 0; i < 10; i += 1) await (await rig.browser({ ip: '198.51.100.7' }).caller()).chat.start({});
    const refused = await refusal((await rig.browser({ ip: '198.51.100.7' }).caller()).chat.start({}));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    const guest = await rig.browser({ ip: '198.51.100.8' }).caller();
    const { token } = await guest.chat.start({});
    for (let i = 0; i < 60; i += 1) await guest.chat.send({ token: token!, body: `m${i}` });
    expect((await refusal(guest.chat.send({ token: token!, body: 'one more' }))).code).toBe('TOO_MANY_REQUESTS');
    expect(await rig.db.selectFrom('chat_messages').select('id').execute()).toHaveLength(60);
  });
});

describe('closing', () => {
  it('an agent closes a chat (audited); the traveller is told and the next Start chat is a new chat', async () => {
    const guest = await rig.browser().caller();
    const { token, id } = await guest.chat.start({});
    await guest.chat.send({ token: token!, body: 'Thanks, all good' });
    await (await owner.api()).admin.chat.close({ id });
    const thread = await guest.chat.get({ token: token! });
    expect(thread.state.status).toBe('closed');
    expect(JSON.parse(thread.messages.at(-1)!.body)).toEqual({ key: 'closed' });
    expect((await refusal(guest.chat.send({ token: token!, body: 'one more' }))).code).toBe('CONFLICT');
    expect((await refusal((await owner.api()).admin.chat.close({ id }))).code).toBe('CONFLICT');
    expect((await refusal((await owner.api()).admin.chat.close({ id: id + 99 }))).code).toBe('NOT_FOUND');
    expect((await auditRows(rig)).at(-1)).toMatchObject({ action: 'chat.close', entity_id: String(id) });
    expect(await (await owner.api()).admin.chat.list()).toEqual([]);
    expect((await guest.chat.start({ token: token! })).id).not.toBe(id);
  });
});
