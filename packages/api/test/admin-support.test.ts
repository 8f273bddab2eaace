// admin.support.*: the inbox ('read' shows as new; the sender's account when signed in; status
// filter, search, counts), status changes with their audit row, subscribers paged and searched,
// and the CSV export (RFC 4180 quoting, formula cells defused).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvCell } from '../src/services/admin/support.ts';
import { adminRig, auditRows, refusal, type OrdersRig, type Person } from './admin-helpers-b.ts';

let rig: OrdersRig;
let admin: Person;
let customer: Person;

beforeEach(async () => {
  ({ rig, admin, customer } = await adminRig());
});
afterEach(async () => {
  await rig.close();
});

const MESSAGE = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Refund', message: 'Please refund my unused plan.' };

async function contact(from: 'guest' | Person, over: Partial<typeof MESSAGE> = {}) {
  const api = from === 'guest' ? await rig.browser().caller() : await from.api();
  return api.support.contact({ ...MESSAGE, ...over });
}

describe('inbox', () => {
  it("lists newest first with the sender's account, 'read' as new, counts per status; filters and searches", async () => {
    const guest = await contact('guest');
    const signed = await contact(customer, { name: 'Bob', email: 'bob@shop.example', subject: 'eSIM not working in Kyoto' });
    const old = await contact('guest', { name: 'Old', email: 'old@example.com', subject: 'Old question' });
    await rig.db.updateTable('contact_messages').set({ status: 'read' }).where('id', '=', old.id).execute();
    const api = await admin.api();
    const inbox = await api.admin.support.messages({});
    expect(inbox.total).toBe(3);
    expect(inbox.counts).toEqual({ new: 3, answered: 0, closed: 0 });
    expect(inbox.rows.map((m) => [m.id, m.status, m.user])).toEqual([
      [old.id, 'new', null],
      [signed.id, 'new', { id: customer.id, username: 'bob' }],
      [guest.id, 'new', null],
    ]);
    expect(inbox.rows[1]).toMatchObject({
      subject: 'eSIM not working in Kyoto',
      statusChangedAt: null,
      createdAt: rig.clock.now.toISOString(),
    });
    await api.admin.support.setStatus({ id: guest.id, status: 'answered' });
    await api.admin.support.setStatus({ id: signed.id, status: 'closed' });
    const fresh = await api.admin.support.messages({ status: 'new' });
    expect(fresh.rows.map((m) => m.id)).toEqual([old.id]);
    expect(fresh.counts).toEqual({ new: 1, answered: 1, closed: 1 });
    expect((await api.admin.support.messages({ status: 'closed' })).rows.map((m) => m.id)).toEqual([signed.id]);
    expect((await api.admin.support.messages({ q: 'KYOTO' })).rows.map((m) => m.id)).toEqual([signed.id]);
    expect((await api.admin.support.messages({ q: 'ada@' })).rows.map((m) => m.id)).toEqual([guest.id]);
    const paged = await api.admin.support.messages({ page: 2, pageSize: 5 });
    expect(paged).toMatchObject({ rows: [], total: 3, page: 2 });
  });

  it('a status change is stamped and audited; the same status again changes nothing', async () => {
    const msg = await contact('guest');
    const api = await admin.api();
    rig.clock.advance(5 * 60_000);
    const answered = await api.admin.support.setStatus({ id: msg.id, status: 'answered' });
    expect(answered).toMatchObject({ id: msg.id, status: 'answered', statusChangedAt: rig.clock.now.toISOString() });
    await api.admin.support.setStatus({ id: msg.id, status: 'answered' });
    const audit = await auditRows(rig);
    expect(audit.map((a) => [a.action, a.entity, a.entity_id, a.summary])).toEqual([
      ['contact_message.status', 'contact_message', String(msg.id), "Message from ada@example.com ('Refund'): new → answered"],
    ]);
    const e = await refusal(api.admin.support.setStatus({ id: 999, status: 'closed' }));
    expect([e.code, e.message]).toEqual(['NOT_FOUND', 'No message has the id 999.']);
    const bad = await refusal(api.admin.support.setStatus({ id: msg.id, status: 'read' as never }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect((await rig.db.selectFrom('contact_messages').select('status').where('id', '=', msg.id).executeTakeFirstOrThrow()).status).toBe(
      'answered',
    );
  });
});

describe('newsletter', () => {
  /** Subscribes and opens the confirmation link of the e-mail (double opt-in, issue 30). */
  async function subscribe(email: string, source = 'blog', locale: 'en' | 'de' = 'en') {
    const api = await rig.browser({ locale }).caller();
    await api.support.subscribe({ email, source, locale });
    const token = /\/blog\?newsletter=([^\s&]+)/.exec(rig.mailer.sent.at(-1)!.text)![1]!;
    await api.support.confirmNewsletter({ token: decodeURIComponent(token) });
  }

  it('lists subscribers newest first, paged and searched', async () => {
    for (let i = 1; i <= 7; i++) await subscribe(`reader${i}@mail.example`);
    await subscribe('Someone@Work.example', 'footer', 'de');
    const api = await admin.api();
    const first = await api.admin.support.subscribers({ pageSize: 5 });
    expect(first.total).toBe(8);
    expect(first.rows[0]).toMatchObject({ email: 'someone@work.example', locale: 'de', source: 'footer' });
    expect(first.rows).toHaveLength(5);
    expect((await api.admin.support.subscribers({ page: 2, pageSize: 5 })).rows.map((r) => r.email)).toEqual([
      'reader3@mail.example',
      'reader2@mail.example',
      'reader1@mail.example',
    ]);
    expect((await api.admin.support.subscribers({ q: 'WORK' })).rows.map((r) => r.email)).toEqual(['someone@work.example']);
  });

  it('exports CSV: header, CRLF, RFC 4180 quoting, formula cells defused, dated file name', async () => {
    await subscribe('plain@mail.example');
    await rig.db
      .insertInto('newsletter_subscribers')
      .values([
        {
          email: '=cmd|"/c calc"!a1@evil.example',
          locale: 'en',
          source: '+sum(1,2)',
          created_at: rig.clock.now.toISOString(),
          confirmed_at: rig.clock.now.toISOString(),
        },
        {
          email: '@at@evil.example',
          locale: 'en',
          source: '-2',
          created_at: rig.clock.now.toISOString(),
          confirmed_at: rig.clock.now.toISOString(),
        },
        {
          email: 'tab@evil.example',
          locale: 'en',
          source: '\tx',
          created_at: rig.clock.now.toISOString(),
          confirmed_at: rig.clock.now.toISOString(),
        },
      ])
      .execute();
    const out = await (await admin.api()).admin.support.subscribersCsv();
    expect(out.filename).toBe('newsletter-subscribers-2026-03-01.csv');
    expect(out.count).toBe(4);
    const at = rig.clock.now.toISOString();
    // Each row ends with the reader's two unsubscribe URLs (tested over HTTP in apps/server admin-csv.test.ts).
    const withoutLinks = out.csv
      .split('\r\n')
      .map((line) =>
        line.replace(
          /,http:\/\/localhost:3000\/blog\?newsletter=u\.[^,]+,http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\/u\.[^,]+$/,
          '',
        ),
      );
    expect(withoutLinks).toEqual([
      'email,locale,source,subscribed_at,unsubscribe_url,list_unsubscribe_url',
      `plain@mail.example,en,blog,${at}`,
      `"'=cmd|""/c calc""!a1@evil.example",en,"'+sum(1,2)",${at}`,
      `'@at@evil.example,en,'-2,${at}`,
      `tab@evil.example,en,'\tx,${at}`,
      '',
    ]);
  });

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['a=1', 'a=1'],
    ['', ''],
  ])('csvCell(%j) is %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
