// POST /api/webhooks/inbound-mail over HTTP (app.request), with a fake of Postmark's inbound webhook:
// the JSON document of https://postmarkapp.com/developer/webhooks/inbound-webhook ("Inbound webhook
// data"), sent with HTTP Basic auth in the webhook URL as Postmark's "Protecting your webhook"
// describes. Wrong or missing credentials 401; not configured 404; not the JSON shape 400; a reply to
// a ticket's signed address joins its thread (200 added), the same MessageID again 200 duplicate.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN, createTestApp, type TestApp } from './auth-app.ts';

let t: TestApp;
const SECRET = 'inbound-secret-0123456789';
beforeEach(async () => {
  t = await createTestApp({ INBOUND_MAIL_SECRET: SECRET, INBOUND_MAIL_ADDRESS: 'support@inbound.shop.example' });
  t.services.supportMail = { inboundAddress: 'support@inbound.shop.example' };
});
afterEach(async () => {
  await t.close();
});

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

/** Postmark's inbound JSON for a reply to `hash` (its documented fields, trimmed of the ones we ignore). */
function postmarkJson(hash: string, messageId = 'a8c1040e-db1c-4e18-ac79-bc5f64c7ce2c') {
  return {
    FromName: 'Ada Lovelace',
    MessageStream: 'inbound',
    From: 'ada@example.com',
    FromFull: { Email: 'ada@example.com', Name: 'Ada Lovelace', MailboxHash: '' },
    To: `support+${hash}@inbound.shop.example`,
    ToFull: [{ Email: `support+${hash}@inbound.shop.example`, Name: '', MailboxHash: hash }],
    Cc: '',
    CcFull: [],
    Bcc: '',
    BccFull: [],
    OriginalRecipient: `support+${hash}@inbound.shop.example`,
    Subject: 'Re: We received your request',
    MessageID: messageId,
    ReplyTo: '',
    MailboxHash: hash,
    Date: 'Sun, 1 Mar 2026 12:00:00 +0000',
    TextBody: 'Still no signal.\n\nOn Sun, 1 Mar 2026, Support wrote:\n> We have your request',
    HtmlBody: '<p>Still no signal.</p>',
    StrippedTextReply: 'Still no signal.',
    Tag: '',
    Headers: [{ Name: 'X-Spam-Status', Value: 'No' }],
    Attachments: [],
  };
}

function deliver(body: unknown, authorization?: string) {
  return t.app.request(`${ORIGIN}/api/webhooks/inbound-mail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function openTicket(): Promise<{ number: string; hash: string }> {
  const res = await t.app.request(`${ORIGIN}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'No signal', message: 'Help' }),
  });
  expect(res.status).toBe(200);
  const { ticketNumber } = (await res.json()) as { ticketNumber: string };
  const sent = (t.services.mailer as unknown as { sent: Array<{ replyTo?: string }> }).sent;
  const hash = /\+([^@]+)@/.exec(sent.at(-1)!.replyTo!)![1]!;
  return { number: ticketNumber, hash };
}

describe('POST /api/webhooks/inbound-mail', () => {
  it('adds the reply to the thread once (200 added, then duplicate)', async () => {
    const { number, hash } = await openTicket();
    const first = await deliver(postmarkJson(hash), basic('postmark', SECRET));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'added', ticket: number });
    const again = await deliver(postmarkJson(hash), basic('postmark', SECRET));
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate', ticket: number });
    const rows = await t.db.selectFrom('ticket_messages').select(['author', 'via', 'body']).orderBy('id').execute();
    expect(rows).toEqual([
      { author: 'customer', via: 'web', body: 'Help' },
      { author: 'customer', via: 'email', body: 'Still no signal.' },
    ]);
  });

  it('401 without or with wrong credentials, 400 for a body that is not the documented JSON; nothing written', async () => {
    const { hash } = await openTicket();
    for (const auth of [undefined, basic('postmark', 'wrong'), `Bearer ${SECRET}`, basic('', `${SECRET}x`)]) {
      const res = await deliver(postmarkJson(hash), auth);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
    }
    expect((await deliver('not json', basic('p', SECRET))).status).toBe(400);
    const missing = await deliver({ Subject: 'x' }, basic('p', SECRET));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toContain('MessageID');
    const count = await t.db
      .selectFrom('ticket_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('404 when no secret is configured', async () => {
    await t.close();
    t = await createTestApp();
    expect((await deliver(postmarkJson('t1-00000000000000000000'), basic('p', 'x'))).status).toBe(404);
  });
});
