// Support tickets (issue 30) through createCaller on a migrated in-memory SQLite: a contact message
// opens a numbered ticket and e-mails the acknowledgement in the traveller's language; the guest's
// signed link opens the thread (a forged one 404, an expired one 403); the back office (support
// role) answers, notes, assigns and changes the status, each audited; nobody reads another's ticket;
// inbound e-mail (the fake: Postmark's inbound JSON) threads by the signed plus address or by the
// subject's number from the ticket's own address, once per MessageID.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRole } from '../src/services/accounts/users.ts';
import { receiveInboundEmail, type TPostmarkInbound } from '../src/services/support/ticket-inbound.ts';
import { TICKET_LINK_TTL_MS } from '../src/services/support/tickets.ts';
import { adminRig, auditRows, refusal, signedIn, type OrdersRig, type Person } from './admin-helpers-b.ts';

let rig: OrdersRig;
let owner: Person;
let customer: Person;

beforeEach(async () => {
  ({ rig, admin: owner, customer } = await adminRig());
});
afterEach(async () => {
  await rig.close();
});

const MESSAGE = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'No internet in Tokyo', message: 'My eSIM shows no data.' };

async function supportAgent(username = 'sam'): Promise<Person> {
  const agent = await signedIn(rig, 'admin', { username });
  await setRole(rig.db, agent.id, 'support', rig.clock.now);
  return agent;
}

/** The signed link in an e-mail's text part. */
function linkToken(text: string): string {
  const m = /\/support\?ticket=([^\s]+)/.exec(text);
  if (!m) throw new Error(`no ticket link in: ${text}`);
  return decodeURIComponent(m[1]!);
}

const ticketId = (number: string) => Number(number.slice(2));

describe('a guest ticket, from contact form to answer and reply', () => {
  it('numbers the ticket, e-mails the acknowledgement in Arabic, and threads the guest, the agent and a note', async () => {
    const guest = await rig.browser({ locale: 'ar' }).caller();
    const out = await guest.support.contact(MESSAGE);
    expect(out.ticketNumber).toMatch(/^T-\d{6}$/);
    expect(out.id).toEqual(expect.any(Number));

    const ack = rig.mailer.sent.at(-1)!;
    expect(ack.to).toBe('ada@example.com');
    expect(ack.subject).toBe(`استلمنا طلبك [${out.ticketNumber}]`);
    expect(ack.text).toContain(out.ticketNumber);
    expect(ack.html).toContain('dir="rtl"');
    expect(ack.replyTo).toBeUndefined(); // no inbound route configured: the e-mail links back
    const token = linkToken(ack.text);
    expect(ack.text).toContain('/ar/support?ticket=');

    const thread = await guest.tickets.byLink({ token });
    expect(thread).toMatchObject({ number: out.ticketNumber, subject: MESSAGE.subject, status: 'open', lastAuthor: 'customer' });
    expect(thread.messages.map((m) => [m.author, m.body])).toEqual([['customer', MESSAGE.message]]);

    // The support role answers from the back office, with an internal note.
    const agent = await supportAgent();
    const api = await agent.api();
    const id = ticketId(out.ticketNumber);
    const inbox = await api.admin.tickets.list({});
    expect(inbox.counts).toMatchObject({ open: 1, waiting: 0, solved: 0, unassigned: 1 });
    expect(inbox.rows.map((r) => r.number)).toEqual([out.ticketNumber]);
    await api.admin.tickets.note({ id, body: 'Roaming probably off.' });
    const answered = await api.admin.tickets.answer({ id, body: 'Please turn on data roaming.\n\nThen restart.' });
    expect(answered.status).toBe('waiting');
    expect(answered.assignee).toEqual({ id: agent.id, username: 'sam' });
    expect(answered.messages.map((m) => m.author)).toEqual(['customer', 'note', 'agent']);
    const mail = rig.mailer.sent.at(-1)!;
    expect(mail.subject).toBe(`ردّنا على طلبك [${out.ticketNumber}]`);
    expect(mail.text).toContain('Please turn on data roaming.');
    expect(mail.text).not.toContain('Roaming probably off.');

    // The guest reads the answer (never the note) and replies through the newest link: open again.
    const token2 = linkToken(mail.text);
    const seen = await guest.tickets.byLink({ token: token2 });
    expect(seen.status).toBe('waiting');
    expect(seen.messages.map((m) => m.author)).toEqual(['customer', 'agent']);
    expect(JSON.stringify(seen)).not.toContain('Roaming probably off.');
    const replied = await guest.tickets.replyByLink({ token: token2, body: 'It works now, thanks!' });
    expect(replied.status).toBe('open');
    expect(replied.messages.at(-1)).toMatchObject({ author: 'customer', body: 'It works now, thanks!' });

    await api.admin.tickets.setStatus({ id, status: 'solved' });
    const detail = await api.admin.tickets.get({ id });
    expect(detail.events.map((e) => `${e.from ?? '∅'}→${e.to}:${e.actor}`)).toEqual([
      '∅→open:system',
      'open→waiting:agent',
      'waiting→open:traveller',
      'open→solved:agent',
    ]);
    const audit = (await auditRows(rig)).filter((r) => r.entity === 'ticket');
    expect(audit.map((r) => [r.action, r.actor_id, r.entity_id])).toEqual([
      ['ticket.note', agent.id, out.ticketNumber],
      ['ticket.answer', agent.id, out.ticketNumber],
      ['ticket.status', agent.id, out.ticketNumber],
    ]);
  });

  it('refuses a forged, altered or expired link (404, 404, 403) and an empty reply (400), writing nothing', async () => {
    const guest = await rig.browser().caller();
    const out = await guest.support.contact(MESSAGE);
    const token = linkToken(rig.mailer.sent.at(-1)!.text);
    const [id, expires, sig] = token.split('.') as [string, string, string];
    const other = await guest.support.contact({ ...MESSAGE, email: 'eve@example.com', subject: 'Other' });

    // Another ticket's number under this signature, a later date, a flipped character, nonsense.
    for (const bad of [
      `${ticketId(other.ticketNumber)}.${expires}.${sig}`,
      `${id}.${Number(expires) + 1}.${sig}`,
      `${id}.${expires}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      'nonsense',
    ]) {
      expect((await refusal(guest.tickets.byLink({ token: bad }))).code).toBe('NOT_FOUND');
      expect((await refusal(guest.tickets.replyByLink({ token: bad, body: 'hi' }))).code).toBe('NOT_FOUND');
    }
    expect((await refusal(guest.tickets.replyByLink({ token, body: '   ' }))).code).toBe('BAD_REQUEST');

    rig.clock.advance(TICKET_LINK_TTL_MS + 1000);
    const expired = await refusal(guest.tickets.byLink({ token }));
    expect(expired.code).toBe('FORBIDDEN');
    expect((expired.cause as { code?: string }).code).toBe('TICKET_LINK_EXPIRED');
    expect((await refusal(guest.tickets.replyByLink({ token, body: 'late' }))).code).toBe('FORBIDDEN');
    const count = await rig.db
      .selectFrom('ticket_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
    void out;
  });
});

describe('signed-in travellers', () => {
  it('see only their own tickets, reply in the account, and the tile counts tickets not solved', async () => {
    const mine = await customer.api();
    const a = await mine.support.contact({ ...MESSAGE, email: customer.email, subject: 'First' });
    const b = await mine.support.contact({ ...MESSAGE, email: customer.email, subject: 'Second' });
    await (await rig.browser().caller()).support.contact({ ...MESSAGE, subject: 'A guest' });
    expect(rig.mailer.sent.find((m) => m.subject.includes(a.ticketNumber))!.text).toContain(`/account/tickets?number=${a.ticketNumber}`);

    expect((await mine.tickets.mine()).map((t) => t.number).sort()).toEqual([a.ticketNumber, b.ticketNumber].sort());
    expect(await mine.tickets.openCount()).toEqual({ open: 2 });
    const reply = await mine.tickets.reply({ number: a.ticketNumber, body: 'More details.' });
    expect(reply.messages.map((m) => m.author)).toEqual(['customer', 'customer']);

    const agent = await (await supportAgent()).api();
    await agent.admin.tickets.answer({ id: ticketId(b.ticketNumber), body: 'Done.', status: 'solved' });
    expect(await mine.tickets.openCount()).toEqual({ open: 1 });
    expect((await mine.tickets.get({ number: b.ticketNumber })).lastAuthor).toBe('agent');

    // Someone else: the same 404 as a number that does not exist; a guest: 401.
    const stranger = await signedIn(rig, 'customer', { username: 'mallory' });
    const theirs = await stranger.api();
    expect((await refusal(theirs.tickets.get({ number: a.ticketNumber }))).code).toBe('NOT_FOUND');
    expect((await refusal(theirs.tickets.get({ number: 'T-999999' }))).code).toBe('NOT_FOUND');
    expect((await refusal(theirs.tickets.reply({ number: a.ticketNumber, body: 'hi' }))).code).toBe('NOT_FOUND');
    expect(await theirs.tickets.mine()).toEqual([]);
    expect(await theirs.tickets.openCount()).toEqual({ open: 0 });
    const guest = await rig.browser().caller();
    expect((await refusal(guest.tickets.get({ number: a.ticketNumber }))).code).toBe('UNAUTHORIZED');
    expect((await refusal(guest.tickets.mine())).code).toBe('UNAUTHORIZED');
    expect((await refusal(theirs.tickets.get({ number: 'ticket' }))).code).toBe('BAD_REQUEST');
  });

  it("a 'get help' from the eSIM page attaches the traveller's own eSIM only", async () => {
    const mine = await customer.api();
    const t = await mine.support.contact({ ...MESSAGE, subject: 'Help', iccid: '8988247000001234567' });
    const row = await rig.db.selectFrom('tickets').selectAll().where('id', '=', ticketId(t.ticketNumber)).executeTakeFirstOrThrow();
    expect([row.source, row.esim_id]).toEqual(['contact', null]); // no such eSIM of theirs
    expect((await refusal(mine.support.contact({ ...MESSAGE, iccid: 'abc' }))).code).toBe('BAD_REQUEST');
  });
});

describe('the back office', () => {
  it('is for the owner and the support role; customers and the catalogue role are refused', async () => {
    const { ticketNumber } = await (await rig.browser().caller()).support.contact(MESSAGE);
    const id = ticketId(ticketNumber);
    expect((await refusal((await customer.api()).admin.tickets.list({}))).code).toBe('FORBIDDEN');
    const cat = await signedIn(rig, 'admin', { username: 'cathy' });
    await setRole(rig.db, cat.id, 'catalogue', rig.clock.now);
    expect((await refusal((await cat.api()).admin.tickets.get({ id }))).code).toBe('FORBIDDEN');
    const agent = await supportAgent();
    expect((await (await agent.api()).admin.tickets.get({ id })).number).toBe(ticketNumber);
    // Canned answers: support reads, only the owner edits.
    const canned = await (await agent.api()).admin.tickets.canned({ locale: 'ar' });
    expect(canned.length).toBeGreaterThanOrEqual(2);
    expect((await refusal((await agent.api()).admin.tickets.saveCanned({ locale: 'en', title: 'x', body: 'y' }))).code).toBe('FORBIDDEN');
    const saved = await (await owner.api()).admin.tickets.saveCanned({ locale: 'en', title: 'Refunds', body: 'We refund within 5 days.' });
    expect((await (await agent.api()).admin.tickets.canned({ locale: 'en' })).map((c) => c.title)).toContain('Refunds');
    await (await owner.api()).admin.tickets.deleteCanned({ id: saved.id });
    expect((await auditRows(rig)).filter((r) => r.entity === 'canned_answer').map((r) => r.action)).toEqual([
      'canned_answer.create',
      'canned_answer.delete',
    ]);
  });

  it('assigns to an agent (audited), filters by status and assignee, and refuses a customer as assignee', async () => {
    const guest = await rig.browser().caller();
    const one = ticketId((await guest.support.contact(MESSAGE)).ticketNumber);
    const two = ticketId((await guest.support.contact({ ...MESSAGE, subject: 'Refund please' })).ticketNumber);
    const agent = await supportAgent();
    const api = await agent.api();
    await api.admin.tickets.assign({ id: one, assigneeId: agent.id });
    expect((await api.admin.tickets.list({ assignee: 'me' })).rows.map((r) => r.id)).toEqual([one]);
    expect((await api.admin.tickets.list({ assignee: 'none' })).rows.map((r) => r.id)).toEqual([two]);
    expect((await api.admin.tickets.list({ q: 'refund' })).rows.map((r) => r.id)).toEqual([two]);
    await api.admin.tickets.setStatus({ id: two, status: 'solved' });
    const list = await api.admin.tickets.list({ status: 'open' });
    expect(list.rows.map((r) => r.id)).toEqual([one]);
    expect(list.counts).toMatchObject({ open: 1, solved: 1, mine: 1, unassigned: 0 });
    const bad = await refusal(api.admin.tickets.assign({ id: one, assigneeId: customer.id }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect((await auditRows(rig)).filter((r) => r.action === 'ticket.assign')).toHaveLength(1);
    expect((await refusal(api.admin.tickets.get({ id: 987654 }))).code).toBe('NOT_FOUND');
  });
});

describe('inbound e-mail (Postmark inbound webhook JSON)', () => {
  /** Postmark's documented fields (https://postmarkapp.com/developer/webhooks/inbound-webhook). */
  function postmark(over: Partial<TPostmarkInbound> & { hash?: string }): TPostmarkInbound {
    const hash = over.hash ?? '';
    return {
      From: 'ada@example.com',
      FromFull: { Email: 'ada@example.com', Name: 'Ada Lovelace', MailboxHash: '' },
      ToFull: [{ Email: hash ? `support+${hash}@inbound.shop.example` : 'support@inbound.shop.example', Name: '', MailboxHash: hash }],
      MailboxHash: hash,
      Subject: 'Re: Our answer',
      MessageID: over.MessageID ?? '73e6d360-66eb-11e1-8e72-a8904824019b',
      TextBody: 'Thanks, that fixed it.\n\nOn Tue, 1 Mar 2026 Support wrote:\n> Please turn on data roaming.',
      StrippedTextReply: 'Thanks, that fixed it.',
      ...over,
    };
  }

  it('threads a reply by the signed plus address (Reply-To of the e-mails), once per MessageID; a forged hash is ignored', async () => {
    rig.services.supportMail = { inboundAddress: 'support@inbound.shop.example' };
    const guest = await rig.browser().caller();
    const { ticketNumber } = await guest.support.contact(MESSAGE);
    const replyTo = rig.mailer.sent.at(-1)!.replyTo!;
    expect(replyTo).toMatch(/^support\+t\d+-[0-9a-f]{20}@inbound\.shop\.example$/);
    expect(rig.mailer.sent.at(-1)!.text).not.toContain('are not read');
    const hash = /\+([^@]+)@/.exec(replyTo)![1]!;
    const agent = await (await supportAgent()).api();
    await agent.admin.tickets.answer({ id: ticketId(ticketNumber), body: 'Please turn on data roaming.' });

    expect(await receiveInboundEmail(rig.db, rig.services, postmark({ hash }))).toEqual({ outcome: 'added', ticket: ticketNumber });
    expect(await receiveInboundEmail(rig.db, rig.services, postmark({ hash }))).toEqual({ outcome: 'duplicate', ticket: ticketNumber });
    const forged = hash.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(await receiveInboundEmail(rig.db, rig.services, postmark({ hash: forged, MessageID: 'other-1', Subject: 'hello' }))).toEqual({
      outcome: 'unmatched',
    });
    const thread = await agent.admin.tickets.get({ id: ticketId(ticketNumber) });
    expect(thread.status).toBe('open');
    expect(thread.messages.map((m) => [m.author, m.via, m.body])).toEqual([
      ['customer', 'web', MESSAGE.message],
      ['agent', 'web', 'Please turn on data roaming.'],
      ['customer', 'email', 'Thanks, that fixed it.'],
    ]);
  });

  it("threads by '[T-…]' in the subject only from the ticket's own address; strips the quoted history without StrippedTextReply", async () => {
    const { ticketNumber } = await (await rig.browser().caller()).support.contact(MESSAGE);
    const subject = `Re: Our answer to your request [${ticketNumber}]`;
    expect(
      await receiveInboundEmail(
        rig.db,
        rig.services,
        postmark({ Subject: subject, From: 'eve@example.com', FromFull: { Email: 'eve@example.com' }, MessageID: 'm-eve' }),
      ),
    ).toEqual({ outcome: 'unmatched' });
    expect(
      await receiveInboundEmail(
        rig.db,
        rig.services,
        postmark({
          Subject: subject,
          From: 'Ada <ADA@example.com>',
          FromFull: undefined,
          StrippedTextReply: undefined,
          MessageID: 'm-ada',
        }),
      ),
    ).toEqual({ outcome: 'added', ticket: ticketNumber });
    const last = await rig.db.selectFrom('ticket_messages').select(['body', 'via']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toEqual({ body: 'Thanks, that fixed it.', via: 'email' });
  });
});
