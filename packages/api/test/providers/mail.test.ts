import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActivationCode } from '../../src/domain/activation-code.ts';
import { composeEsimMail, createMailer, createOutboxMailer, createSmtpMailer, describeSmtpUrl } from '../../src/providers/mail/index.ts';
import type { EsimMailInput } from '../../src/providers/mail/index.ts';
import { leaves, parseMime } from './eml.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const code = buildActivationCode({ smdpAddress: 'smdp.sim.example', matchingId: '04386-AGYFT-A74Y8-3F815' });

const esimMail = (over: Partial<EsimMailInput> = {}): EsimMailInput => ({
  to: 'guest@traveller.example',
  productName: 'Travel eSIM',
  supportEmail: 'help@shop.example',
  order: {
    id: 'ord_42',
    plan: { name: 'Japan 5GB', dataAmount: '5GB', validityDays: 10 },
    totalMinor: 1999,
    currency: 'USD',
    purchasedAt: new Date(Date.UTC(2026, 4, 17, 9, 30)),
  },
  esim: {
    iccid: '8999912345678901230',
    activationCode: code,
    smdpAddress: 'smdp.sim.example',
    matchingId: '04386-AGYFT-A74Y8-3F815',
    confirmationCodeRequired: false,
    apn: 'globaldata',
  },
  locale: 'en',
  ...over,
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'esim-outbox-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function checkEsimMessage(raw: string) {
  const root = parseMime(raw);
  expect(root.headers.get('subject')).toContain('Japan 5GB');
  expect(root.headers.get('to')).toBe('guest@traveller.example');
  const parts = leaves(root);
  const text = parts.find((p) => p.headers.get('content-type')?.startsWith('text/plain'));
  const html = parts.find((p) => p.headers.get('content-type')?.startsWith('text/html'));
  const image = parts.find((p) => p.headers.get('content-type')?.startsWith('image/png'));
  expect(text?.body.toString('utf8')).toContain(code);
  expect(html?.body.toString('utf8')).toContain('src="cid:qr-ord_42@esim"');
  expect(image?.headers.get('content-id')).toBe('<qr-ord_42@esim>');
  expect(image?.headers.get('content-disposition')).toMatch(/^inline/);
  expect(image?.body.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
}

describe('outbox mailer', () => {
  it('writes a parseable .eml named <timestamp>-<order id>.eml and returns its path', async () => {
    const mailer = createOutboxMailer({
      dir,
      from: '"Travel eSIM" <orders@shop.example>',
      now: () => new Date(Date.UTC(2026, 4, 17, 9, 30)),
    });
    const result = await mailer.send(await composeEsimMail(esimMail()));
    expect(result.location).toBe(join(dir, '2026-05-17T09-30-00-000Z-ord_42.eml'));
    expect(result.messageId).toMatch(/^<.+@.+>$/);
    const raw = await readFile(result.location!, 'utf8');
    expect(raw).toContain('\r\n'); // RFC 822 line ends
    expect(parseMime(raw).headers.get('from')).toMatch(/^"?Travel eSIM"? <orders@shop\.example>$/);
    checkEsimMessage(raw);
    await mailer.close();
  });

  it('never overwrites, and keeps the tag to a safe file name', async () => {
    const sub = join(dir, 'same-ms');
    const mailer = createOutboxMailer({ dir: sub, from: 'a@shop.example', now: () => new Date(0) });
    const msg = { to: 'x@y.example', subject: 's', text: 't', html: '<p>t</p>', tag: 'ord/../1' };
    const a = await mailer.send(msg);
    const b = await mailer.send(msg);
    expect(a.location).not.toBe(b.location);
    expect((await readdir(sub)).sort()).toEqual(['1970-01-01T00-00-00-000Z-ord____1-2.eml', '1970-01-01T00-00-00-000Z-ord____1.eml']);
  });

  it('a keyed message is written once however often it is sent: same file, same Message-ID, no temporary file left', async () => {
    const sub = join(dir, 'keyed');
    const mailer = createOutboxMailer({ dir: sub, from: '"Travel eSIM" <orders@shop.example>' });
    const msg = {
      to: 'x@y.example',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
      tag: 'ORD-1',
      idempotencyKey: 'email-outbox:1',
      date: new Date(0),
    };
    const a = await mailer.send(msg);
    const b = await mailer.send(msg);
    expect(b).toEqual(a);
    expect(a.messageId).toMatch(/^<[0-9a-f]{32}@shop\.example>$/);
    expect(parseMime(await readFile(a.location!, 'utf8')).headers.get('message-id')).toBe(a.messageId);
    // Another key that lands on the same name is another message.
    const c = await mailer.send({ ...msg, idempotencyKey: 'email-outbox:2' });
    expect(c.messageId).not.toBe(a.messageId);
    expect(await readdir(sub)).toEqual(['1970-01-01T00-00-00-000Z-ORD-1-2.eml', '1970-01-01T00-00-00-000Z-ORD-1.eml']);
  });

  it('a list e-mail carries List-Unsubscribe with its one-click URL and List-Unsubscribe-Post (RFC 8058 §3.1); others carry neither', async () => {
    const sub = join(dir, 'list');
    const mailer = createOutboxMailer({ dir: sub, from: 'news@shop.example' });
    const oneClick = 'https://shop.example/api/newsletter/unsubscribe/u.abc.def';
    const list = await mailer.send({ to: 'x@y.example', subject: 's', text: 't', html: 't', listUnsubscribe: { oneClick } });
    const head = parseMime(await readFile(list.location!, 'utf8')).headers;
    expect(head.get('list-unsubscribe')).toBe(`<${oneClick}>`);
    expect(head.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const plain = await mailer.send({ to: 'x@y.example', subject: 's', text: 't', html: 't' });
    const plainHead = parseMime(await readFile(plain.location!, 'utf8')).headers;
    expect(plainHead.get('list-unsubscribe')).toBeUndefined();
    expect(plainHead.get('list-unsubscribe-post')).toBeUndefined();
  });

  it('names untagged messages randomly', async () => {
    const sub = join(dir, 'untagged');
    const r = await createOutboxMailer({ dir: sub, from: 'a@shop.example' }).send({
      to: 'x@y.example',
      subject: 's',
      text: 't',
      html: 't',
    });
    expect(r.location).toMatch(/-[0-9a-f]{12}\.eml$/);
  });
});

describe('SMTP mailer against a local smtp-server', () => {
  const received: { from: string | undefined; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom;
          received.push({
            from: from ? from.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the eSIM e-mail with its inline QR', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'orders@shop.example' });
    const result = await mailer.send(await composeEsimMail(esimMail()));
    expect(result.location).toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('orders@shop.example');
    expect(received[0]?.to).toEqual(['guest@traveller.example']);
    checkEsimMessage(received[0]!.raw);
    expect(received[0]!.raw).toContain(result.messageId);
    // A keyed resend is the same message to the receiving side (one Message-ID, one Date).
    const keyed = { ...(await composeEsimMail(esimMail())), idempotencyKey: 'email-outbox:7', date: new Date(Date.UTC(2026, 4, 17)) };
    const first = await mailer.send(keyed);
    const again = await mailer.send(keyed);
    expect(again.messageId).toBe(first.messageId);
    expect(parseMime(received[2]!.raw).headers.get('message-id')).toBe(first.messageId);
    expect(parseMime(received[2]!.raw).headers.get('date')).toBe('Sun, 17 May 2026 00:00:00 +0000');
    await mailer.close();
  });

  it('createMailer uses SMTP when SMTP_URL is set, else the outbox', async () => {
    expect(createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'a@shop.example' }).kind).toBe('smtp');
    expect(createMailer({ smtpUrl: '  ', outboxDir: dir, from: 'a@shop.example' }).kind).toBe('outbox');
    expect(createMailer({ from: 'a@shop.example' }).kind).toBe('outbox');
  });

  it('fails (for the caller to retry) when the server is unreachable', async () => {
    const closed = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${deadPort}`, from: 'a@shop.example' });
    await expect(mailer.send({ to: 'x@y.example', subject: 's', text: 't', html: 't' })).rejects.toThrow();
  });
});

describe('describeSmtpUrl', () => {
  it('hides credentials', () => {
    expect(describeSmtpUrl('smtp://user:secret@mail.example:587')).toBe('smtp://mail.example:587');
    expect(describeSmtpUrl('not a url')).not.toContain('not a url');
  });
});
