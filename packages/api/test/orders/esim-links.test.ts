// Issue 26: the 'Manage your eSIM' link and 'Find my order', through the procedures on a migrated
// in-memory SQLite with the demo payments and the eSIM simulator: a guest's link opens the eSIM
// without an account; only the token's hash is stored; a revoked, someone else's or made-up token is
// the same 404; 'Find my order' answers the same whether the order exists or not, and is throttled.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_LINK_SENT_MESSAGE, REFUND_CODE_TTL_MS, issueEsimLink, revokeOrderLinks } from '../../src/services/esims/esim-links.ts';
import { sha256Hex } from '../../src/services/shared/tokens.ts';
import { CARDS, createOrdersRig, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function guestBuys(email: string) {
  const api = await rig.browser().caller();
  const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, email } as never);
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  const order = await rig.db
    .selectFrom('orders')
    .select(['id', 'public_id'])
    .where('public_id', '=', intent.orderId)
    .executeTakeFirstOrThrow();
  const esim = await rig.db.selectFrom('esims').select(['iccid']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
  return { order, esim };
}

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code: string; message: string };
    return { code: err.code, message: err.message };
  }
  throw new Error('expected the call to fail');
}

const linksIn = (to: string) =>
  rig.mailer.sent.filter((m) => m.to === to).flatMap((m) => [...m.text.matchAll(/\/esim-link\?token=([A-Za-z0-9_-]+)/g)].map((x) => x[1]!));

describe('the Manage your eSIM link', () => {
  it("opens the guest's eSIM without an account; only the token's hash is stored", async () => {
    const { order, esim } = await guestBuys('guest@traveller.example');
    const token = await issueEsimLink(rig.db, order.id, rig.services.now());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await rig.db.selectFrom('esim_links').selectAll().execute();
    expect(rows.filter((r) => r.token_hash === sha256Hex(token))).toHaveLength(1);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);

    const view = await (await rig.browser().caller()).esimLinks.get({ token });
    expect(view.iccid).toBe(esim.iccid);
    expect(view.orderId).toBe(order.public_id);
  });

  it("another order's token shows only that order; a made-up or revoked token is the same 404", async () => {
    const a = await guestBuys('a@traveller.example');
    const b = await guestBuys('b@traveller.example');
    const tokenA = await issueEsimLink(rig.db, a.order.id, rig.services.now());
    const tokenB = await issueEsimLink(rig.db, b.order.id, rig.services.now());
    const api = await rig.browser().caller();
    expect((await api.esimLinks.get({ token: tokenB })).iccid).toBe(b.esim.iccid);
    expect((await api.esimLinks.get({ token: tokenA })).iccid).toBe(a.esim.iccid);

    const madeUp = await failure(api.esimLinks.get({ token: `${tokenA.slice(0, -1)}${tokenA.endsWith('A') ? 'B' : 'A'}` }));
    const garbage = await failure(api.esimLinks.get({ token: 'not-a-token' }));
    // The delivery e-mail's link and the one made here.
    const ofA = await rig.db.selectFrom('esim_links').select('id').where('order_id', '=', a.order.id).execute();
    expect(ofA.length).toBeGreaterThanOrEqual(2);
    expect(await revokeOrderLinks(rig.db, a.order.id, rig.services.now())).toBe(ofA.length);
    const revoked = await failure(api.esimLinks.get({ token: tokenA }));
    for (const f of [madeUp, garbage, revoked]) expect(f).toEqual(madeUp);
    expect(madeUp.code).toBe('NOT_FOUND');
    // B's link is untouched by A's revocation.
    expect((await api.esimLinks.get({ token: tokenB })).iccid).toBe(b.esim.iccid);
  });

  it('the holder revokes the link: it stops working and a new one is e-mailed to the order address', async () => {
    const { order, esim } = await guestBuys('holder@traveller.example');
    const token = await issueEsimLink(rig.db, order.id, rig.services.now());
    const api = await rig.browser().caller();
    const before = linksIn('holder@traveller.example');
    await api.esimLinks.revoke({ token });
    await rig.settle();
    expect((await failure(api.esimLinks.get({ token }))).code).toBe('NOT_FOUND');
    const fresh = linksIn('holder@traveller.example').filter((t) => !before.includes(t));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).not.toBe(token);
    expect((await api.esimLinks.get({ token: fresh[0]! })).iccid).toBe(esim.iccid);
    // A revoked link cannot revoke again.
    expect((await failure(api.esimLinks.revoke({ token }))).code).toBe('NOT_FOUND');
  });
});

describe('order e-mails carry the link', () => {
  it("the guest's delivery e-mail has a working 'Manage your eSIM' link; sending again does not make another", async () => {
    const { esim } = await guestBuys('mailed@traveller.example');
    const mails = rig.mailer.sent.filter((m) => m.to === 'mailed@traveller.example');
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(m.text).toContain('Manage your eSIM');
      expect(m.html).toMatch(/href="http:\/\/localhost:3000\/esim-link\?token=[A-Za-z0-9_-]{43}"/);
    }
    // Every e-mail of the order carries the one link of the order, stored once.
    const tokens = linksIn('mailed@traveller.example');
    expect(new Set(tokens).size).toBe(1);
    expect((await (await rig.browser().caller()).esimLinks.get({ token: tokens[0]! })).iccid).toBe(esim.iccid);
    expect(await rig.db.selectFrom('esim_links').select('id').execute()).toHaveLength(1);
  });

  it('the link is in the language of the order (Arabic, right to left)', async () => {
    const api = await rig.browser({ locale: 'ar' }).caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, email: 'ar@traveller.example' } as never);
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const [mail] = rig.mailer.sent.filter((m) => m.to === 'ar@traveller.example');
    expect(mail!.text).toContain('إدارة شريحة eSIM');
    expect(mail!.html).toContain('<div dir="rtl"');
  });
});

describe("the guest's delivery e-mail offers an account", () => {
  const invite = (to: string) =>
    rig.mailer.sent.filter((m) => m.to === to).map((m) => m.text.match(/Create an account with this e-mail: (\S+)/)?.[1] ?? null);

  it("once, in the delivery e-mail, with the register page's address filled in; not when an account has the address", async () => {
    await guestBuys('newbie@traveller.example');
    const links = invite('newbie@traveller.example').filter((u) => u !== null);
    expect(links).toEqual(['http://localhost:3000/register#email=newbie%40traveller.example']);

    // An account with that address already (any case): no invitation.
    await (await rig.browser().caller()).auth.register({
      username: 'known_one',
      email: 'known@traveller.example',
      password: 'correct horse battery staple',
    });
    await rig.db.updateTable('users').set({ email: 'Known@Traveller.example' }).where('username', '=', 'known_one').execute();
    rig.mailer.sent.length = 0;
    await guestBuys('known@traveller.example');
    expect(invite('known@traveller.example').filter((u) => u !== null)).toEqual([]);
  });

  it('the install moment comes first: install details, manual details and roaming before the receipt, the link and the invitation', async () => {
    const { esim } = await guestBuys('install.first@traveller.example');
    const row = await rig.db.selectFrom('esims').selectAll().where('iccid', '=', esim.iccid).executeTakeFirstOrThrow();
    const mail = rig.mailer.sent.find((m) => m.to === 'install.first@traveller.example' && m.text.includes(row.activation_code))!;
    expect(mail).toBeDefined();
    for (const doc of [mail.text, mail.html]) {
      const at = [
        row.activation_code,
        row.apn,
        'roaming',
        doc === mail.text ? 'RECEIPT' : 'Receipt',
        'Manage your eSIM',
        'Create an account with this e-mail',
      ].map((m) => doc.indexOf(m, doc === mail.html ? doc.indexOf('role="article"') : 0));
      expect(at.every((n) => n >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
  });

  it("in the order's language, to the register page under that language", async () => {
    const api = await rig.browser({ locale: 'ar' }).caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, email: 'ar.invite@traveller.example' } as never);
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const [mail] = rig.mailer.sent.filter((m) => m.to === 'ar.invite@traveller.example');
    expect(mail!.text).toContain(
      'أنشئ حسابًا بهذا البريد الإلكتروني: http://localhost:3000/ar/register#email=ar.invite%40traveller.example',
    );
  });
});

describe('Find my order', () => {
  it('same answer whether the order exists or not; only a match e-mails a working link', async () => {
    const { order, esim } = await guestBuys('finder@traveller.example');
    const delivered = linksIn('finder@traveller.example');
    const api = await rig.browser({ ip: '198.51.100.7' }).caller();
    const hit = await api.esimLinks.findOrder({ email: ' Finder@Traveller.example ', orderNumber: order.public_id.toLowerCase() });
    const wrongNumber = await api.esimLinks.findOrder({ email: 'finder@traveller.example', orderNumber: 'ORD-0000000000' });
    const wrongAddress = await api.esimLinks.findOrder({ email: 'someone@else.example', orderNumber: order.public_id });
    await rig.settle();
    expect(hit).toEqual({ ok: true, message: ORDER_LINK_SENT_MESSAGE });
    expect(wrongNumber).toEqual(hit);
    expect(wrongAddress).toEqual(hit);
    expect(rig.mailer.sent.filter((m) => m.to === 'someone@else.example')).toHaveLength(0);
    const links = linksIn('finder@traveller.example').filter((t) => !delivered.includes(t));
    expect(links).toHaveLength(1);
    expect((await api.esimLinks.get({ token: links[0]! })).iccid).toBe(esim.iccid);
  });

  it('is throttled per typed address (429 with a retry time), whether or not it has an order', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 4; i++) {
      const api = await rig.browser({ ip: `203.0.113.${i + 1}` }).caller();
      const r = await failure(api.esimLinks.findOrder({ email: 'nobody@traveller.example', orderNumber: 'ORD-0000000000' })).catch(
        () => null,
      );
      statuses.push(r?.code ?? 'ok');
    }
    expect(statuses).toEqual(['ok', 'ok', 'ok', 'TOO_MANY_REQUESTS']);
  });

  it('bad input is a 400, not a 500', async () => {
    const api = await rig.browser().caller();
    expect((await failure(api.esimLinks.findOrder({ email: 'not an address', orderNumber: 'ORD-1' }))).code).toBe('BAD_REQUEST');
    expect((await failure(api.esimLinks.get({ token: '' }))).code).toBe('BAD_REQUEST');
  });
});

describe('refund through the link, with an e-mailed code', () => {
  const codesTo = (to: string) =>
    rig.mailer.sent.filter((m) => m.to === to && m.tag?.startsWith('refund-code-')).map((m) => /: (\d{6})$/.exec(m.subject)![1]!);

  it("the code and the 'Find my order' link come in the order's language (Arabic, right to left)", async () => {
    const api = await rig.browser({ locale: 'ar' }).caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, email: 'ar.code@traveller.example' } as never);
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const order = await rig.db.selectFrom('orders').select('id').where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
    const token = await issueEsimLink(rig.db, order.id, rig.services.now());
    await api.esimLinks.refundCode({ token });
    await api.esimLinks.findOrder({ email: 'ar.code@traveller.example', orderNumber: intent.orderId });
    await rig.settle();
    const [codeMail] = rig.mailer.sent.filter((m) => m.tag?.startsWith('refund-code-'));
    expect(codeMail!.subject).toMatch(new RegExp(`^رمز الاسترداد للطلب ${intent.orderId}: \\d{6}$`));
    expect(codeMail!.html).toContain('dir="rtl"');
    const linkMail = rig.mailer.sent.find((m) => m.tag === `esim-link-${intent.orderId}`)!;
    expect(linkMail.subject).toBe(`إدارة شريحة eSIM — الطلب ${intent.orderId}`);
    expect(linkMail.html).toMatch(/href="http:\/\/localhost:3000\/esim-link\?token=[A-Za-z0-9_-]{43}"/);
  });

  it('a wrong code is refused; the right one refunds once through the refund engine as the traveller; it cannot be used again', async () => {
    const { order } = await guestBuys('refund@traveller.example');
    const token = await issueEsimLink(rig.db, order.id, rig.services.now());
    const api = await rig.browser().caller();
    expect(await api.esimLinks.refundCode({ token })).toEqual({ ok: true, minutes: 15 });
    await rig.settle();
    const [code] = codesTo('refund@traveller.example');
    expect(code).toMatch(/^\d{6}$/);
    const stored = await rig.db.selectFrom('refund_codes').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code!);

    const wrong = code === '000000' ? '000001' : '000000';
    expect((await failure(api.esimLinks.refund({ token, code: wrong }))).code).toBe('BAD_REQUEST');
    const result = await api.esimLinks.refund({ token, code: code! });
    await rig.settle();
    expect(result).toMatchObject({ orderId: order.public_id });
    const refunds = await rig.db.selectFrom('refunds').select(['actor', 'full']).where('order_id', '=', order.id).execute();
    expect(refunds).toEqual([{ actor: 'traveller', full: 1 }]);
    expect((await rig.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe(
      'refunded',
    );
    expect((await failure(api.esimLinks.refund({ token, code: code! }))).code).toBe('BAD_REQUEST');
  });

  it('a code expires; five wrong tries end it; a new code ends the old one', async () => {
    const { order } = await guestBuys('expiry@traveller.example');
    const token = await issueEsimLink(rig.db, order.id, rig.services.now());
    const api = await rig.browser().caller();
    await api.esimLinks.refundCode({ token });
    await rig.settle();
    rig.clock.advance(REFUND_CODE_TTL_MS + 1000);
    const [expired] = codesTo('expiry@traveller.example');
    expect((await failure(api.esimLinks.refund({ token, code: expired! }))).code).toBe('BAD_REQUEST');

    await api.esimLinks.refundCode({ token });
    await rig.settle();
    const second = codesTo('expiry@traveller.example')[1]!;
    await api.esimLinks.refundCode({ token });
    await rig.settle();
    const third = codesTo('expiry@traveller.example')[2]!;
    if (second !== third) expect((await failure(api.esimLinks.refund({ token, code: second }))).code).toBe('BAD_REQUEST');
    const wrong = third === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await failure(api.esimLinks.refund({ token, code: wrong }));
    expect((await failure(api.esimLinks.refund({ token, code: third }))).code).toBe('BAD_REQUEST');
    expect(await rig.db.selectFrom('refunds').select('id').where('order_id', '=', order.id).execute()).toHaveLength(0);
  });

  it('codes are throttled per order (429 past three an hour); a revoked link cannot ask', async () => {
    const { order } = await guestBuys('throttle@traveller.example');
    const token = await issueEsimLink(rig.db, order.id, rig.services.now());
    const api = await rig.browser().caller();
    for (let i = 0; i < 3; i++) await api.esimLinks.refundCode({ token });
    expect((await failure(api.esimLinks.refundCode({ token }))).code).toBe('TOO_MANY_REQUESTS');
    await revokeOrderLinks(rig.db, order.id, rig.services.now());
    expect((await failure(api.esimLinks.refundCode({ token }))).code).toBe('NOT_FOUND');
  });
});
