// The full fulfil path once against a real local SMTP server (smtp-server), including a refused
// first delivery that the worker retries; and exactly-once on PostgreSQL (skipped, with the
// reason, where no PostgreSQL binaries exist).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { createSmtpMailer } from '../../src/providers/mail/index.ts';
import { fulfilOrder } from '../../src/services/order-life/claim.ts';
import { reconcileOrders, runDueWork } from '../../src/services/order-life/due-work.ts';
import { decodeHeader, leaves, parseMime } from '../providers/eml.ts';
import { CARDS, counts, createOrdersRig } from './rig.ts';

describe('e-mail through a real SMTP server', () => {
  const received: { to: string[]; raw: string }[] = [];
  let refuseNext = 1;
  const socketErrors: string[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (refuseNext > 0) {
          refuseNext--;
          const err = new Error('mailbox busy, try later') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    // A client that drops the socket mid-transaction (nodemailer after the 451 may reset rather
    // than QUIT, depending on timing) makes smtp-server emit 'error'; unheard, that would be an
    // uncaught exception. Record them; the assertions below say whether delivery worked.
    server.on('error', (err: Error & { code?: string }) => socketErrors.push(err.code ?? err.message));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('checkout → demo payment → fulfilment → SMTP (retried after a 451) with the QR inline', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'orders@shop.example' });
    const rig = await createOrdersRig({ mailer });
    try {
      const api = await rig.browser().caller();
      const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'smtp@traveller.example', currency: 'GBP' });
      await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
      await rig.settle();
      expect(received).toHaveLength(0);
      expect(await rig.db.selectFrom('email_outbox').select(['status', 'attempts', 'last_error']).executeTakeFirstOrThrow()).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: expect.stringMatching(/451|busy|rejected/i),
      });
      rig.clock.advance(1000);
      expect((await runDueWork(rig.db, rig.services)).emails.sent).toBe(1);
      expect(received).toHaveLength(1);
      const view = await api.orders.byPaymentIntent({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret });
      const root = parseMime(received[0]!.raw);
      expect(received[0]!.to).toEqual(['smtp@traveller.example']);
      expect(decodeHeader(root.headers.get('subject') ?? '')).toContain(intent.orderId);
      const parts = leaves(root);
      const text = parts.find((p) => p.headers.get('content-type')?.startsWith('text/plain'))!.body.toString('utf8');
      const html = parts.find((p) => p.headers.get('content-type')?.startsWith('text/html'))!.body.toString('utf8');
      const png = parts.find((p) => p.headers.get('content-type')?.startsWith('image/png'))!;
      expect(text).toContain(view.activationCode!);
      expect(text).toContain('£15.79');
      expect(text).toContain(view.smdpAddress!);
      expect(text).toContain('esimsetup.apple.com');
      expect(html).toMatch(/src="cid:qr-ORD-[0-9A-Z]{10}@esim"/);
      expect(png.headers.get('content-disposition')).toMatch(/^inline/);
      expect(await counts(rig.db)).toMatchObject({ fulfilled: 1, esims: 1, emails: 1, sent: 1 });
      // Only a peer hanging up may show as a socket error, nothing else.
      expect(socketErrors.filter((c) => c !== 'ECONNRESET' && c !== 'EPIPE')).toEqual([]);
    } finally {
      await mailer.close();
      await rig.close();
    }
  });
});

const pgAvailable = findPgBinaries() !== null;
if (!pgAvailable) console.warn(`[@esim/api] skipping PostgreSQL order tests: ${pgUnavailableReason()}`);

describe.skipIf(!pgAvailable)('orders on PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('concurrent fulfil calls, duplicate events and the return page give one order, one eSIM, one e-mail; reconcile too', async () => {
    const handle = createDb(cluster!.url);
    await migrateToLatest(handle.db);
    const rig = await createOrdersRig({ handle });
    try {
      const carts = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const api = await rig.browser().caller();
          const intent = await api.payments.createIntent({
            planId: rig.plans.japan1.id,
            email: 'pg@traveller.example',
            checkoutToken: 'tok_pg_same_checkout',
          });
          return { api, intent };
        }),
      );
      expect(new Set(carts.map((c) => c.intent.paymentIntentId)).size).toBe(1);
      const { api, intent } = carts[0]!;
      const id = intent.paymentIntentId!;
      await Promise.all([
        api.payments.demoConfirm({ paymentIntentId: id, clientSecret: intent.clientSecret, card: CARDS.ok }),
        ...[1, 2, 3, 4, 5].map(() => fulfilOrder(rig.db, rig.services, id)),
        api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret }),
      ]);
      await rig.settle();
      await reconcileOrders(rig.db, rig.services);
      expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
      const view = await api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret });
      expect(view).toMatchObject({ ready: true, totalMinor: 450 });
    } finally {
      await rig.close();
    }
  }, 60_000);
});
