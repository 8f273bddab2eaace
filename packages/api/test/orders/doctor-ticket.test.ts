// The connection doctor's 'Still need help' (issue 30), tickets.doctor through createCaller on a
// migrated in-memory SQLite with the demo payments and the eSIM simulator: a signed-in traveller's
// ticket about their own eSIM carries the answers, the ICCID, the states the server reads (not the
// browser's) and the device; a guest's only through the eSIM's signed link; nobody else's ICCID
// (the same 404 as an unknown one); bad input is 400 and writes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueEsimLink } from '../../src/services/esims/esim-links.ts';
import { CARDS, account, createOrdersRig, type Browser, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';

async function buys(b: Browser, email?: string) {
  const api = await b.caller();
  const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, ...(email ? { email } : {}) } as never);
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  const order = await rig.db
    .selectFrom('orders')
    .select(['id', 'public_id'])
    .where('public_id', '=', intent.orderId)
    .executeTakeFirstOrThrow();
  const esim = await rig.db.selectFrom('esims').select(['id', 'iccid']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
  return { order, esim };
}

async function signedIn(opts: Parameters<OrdersRig['browser']>[0] = {}) {
  const b = rig.browser(opts);
  const who = account();
  await (await b.caller()).auth.register(who);
  return { b, who };
}

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('expected the call to fail');
}

const ANSWERS = [
  { step: 'dataLine', answer: 'notFixed' },
  { step: 'roaming', answer: 'notFixed' },
  { step: 'network', answer: 'notFixed' },
  { step: 'restart', answer: 'notFixed' },
] as const;

const ticketCount = async () =>
  Number(
    (
      await rig.db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function firstMessage(number: string) {
  const id = Number(number.slice(2));
  const ticket = await rig.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const msg = await rig.db.selectFrom('ticket_messages').selectAll().where('ticket_id', '=', id).orderBy('id').executeTakeFirstOrThrow();
  return { ticket, body: msg.body };
}

describe('tickets.doctor', () => {
  it("a signed-in traveller's own eSIM: the answers, ICCID, states the server reads and device are in the ticket", async () => {
    const { b, who } = await signedIn({ userAgent: ANDROID_UA, locale: 'es' });
    const { esim } = await buys(b);
    // The provider says the eSIM is installed and the data is used up.
    await rig.db
      .updateTable('esims')
      .set({ profile_state: 'enabled', plan_state: 'finished', data_total_mb: 1024, data_used_mb: 1024 })
      .where('id', '=', esim.id)
      .execute();
    const api = await b.caller();
    const out = await api.tickets.doctor({
      iccid: esim.iccid,
      platform: 'android',
      answers: [{ step: 'usedUp', answer: 'notFixed' }],
      subject: 'Sin internet',
      note: 'Compré más datos y sigue sin funcionar',
    });
    expect(out.ticketNumber).toMatch(/^T-\d{6}$/);
    const { ticket, body } = await firstMessage(out.ticketNumber);
    expect(ticket).toMatchObject({
      source: 'esim',
      esim_id: esim.id,
      email: who.email,
      name: who.fullName,
      subject: 'Sin internet',
      locale: 'es',
    });
    expect(ticket.user_id).not.toBeNull();
    expect(body.startsWith('Compré más datos y sigue sin funcionar\n\n---\nConnection doctor: still no internet')).toBe(true);
    expect(body).toContain(`ICCID: ${esim.iccid}`);
    expect(body).toContain('Status: depleted (profile enabled, plan finished)');
    expect(body).toContain('Device: Android');
    expect(body).toContain(`Browser: ${ANDROID_UA}`);
    expect(body).toContain('1. Data used up: still no internet');
    // It is theirs in the account, with the eSIM named; the acknowledgement went to their address.
    expect((await api.tickets.get({ number: out.ticketNumber })).iccid).toBe(esim.iccid);
    expect(rig.mailer.sent.at(-1)!.to).toBe(who.email);
    expect(rig.mailer.sent.at(-1)!.subject).toContain(out.ticketNumber);
  });

  it("a guest only through the eSIM's signed link; the ticket goes to the order's address", async () => {
    const guest = rig.browser();
    const { order, esim } = await buys(guest, 'guest@traveller.example');
    const token = await issueEsimLink(rig.db, order.id, rig.services.now());
    const api = await guest.caller();
    const out = await api.tickets.doctor({ linkToken: token, platform: 'ios', answers: [...ANSWERS], subject: 'No internet' });
    const { ticket, body } = await firstMessage(out.ticketNumber);
    expect(ticket).toMatchObject({ source: 'esim', esim_id: esim.id, email: 'guest@traveller.example', user_id: null, name: 'guest' });
    expect(body).toContain(`ICCID: ${esim.iccid}`);
    expect(body).toContain('Device: iPhone / iPad (iOS)');
    expect(body).toContain('2. Data roaming on: still no internet');
    expect(body).toContain('4. Airplane mode / restart: still no internet');
    // The link's own ICCID beside it is fine; another's is the 404 of an unknown eSIM.
    await api.tickets.doctor({ linkToken: token, iccid: esim.iccid, platform: 'ios', answers: [], subject: 'x' });
    const before = await ticketCount();
    const other = await buys(rig.browser(), 'other@traveller.example');
    const withOther = await failure(
      api.tickets.doctor({ linkToken: token, iccid: other.esim.iccid, platform: 'ios', answers: [], subject: 'x' }),
    );
    expect(withOther.code).toBe('NOT_FOUND');
    // Without a link a guest names no eSIM: 401; a made-up link 404.
    expect((await failure(api.tickets.doctor({ iccid: esim.iccid, platform: 'ios', answers: [], subject: 'x' }))).code).toBe(
      'UNAUTHORIZED',
    );
    const madeUp = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await failure(api.tickets.doctor({ linkToken: madeUp, platform: 'ios', answers: [], subject: 'x' }))).code).toBe('NOT_FOUND');
    expect(await ticketCount()).toBe(before);
  });

  it("nobody else's ICCID: a signed-in stranger gets the same 404 as for an unknown ICCID, and nothing is written", async () => {
    const owner = await signedIn();
    const { esim } = await buys(owner.b);
    const stranger = await signedIn();
    const api = await stranger.b.caller();
    const before = await ticketCount();
    const theirs = await failure(api.tickets.doctor({ iccid: esim.iccid, platform: 'ios', answers: [...ANSWERS], subject: 'x' }));
    const unknown = await failure(
      api.tickets.doctor({ iccid: '8988247000009999999', platform: 'ios', answers: [...ANSWERS], subject: 'x' }),
    );
    expect(theirs.code).toBe('NOT_FOUND');
    expect({ code: unknown.code, message: unknown.message }).toEqual({ code: theirs.code, message: theirs.message });
    expect(await ticketCount()).toBe(before);
  });

  it('bad input is a 400 naming the problem, and writes nothing', async () => {
    const { b } = await signedIn();
    const { esim } = await buys(b);
    const api = await b.caller();
    const before = await ticketCount();
    const cases: unknown[] = [
      { iccid: esim.iccid, platform: 'windows', answers: [], subject: 'x' },
      { iccid: esim.iccid, platform: 'ios', answers: [{ step: 'pray', answer: 'notFixed' }], subject: 'x' },
      { iccid: esim.iccid, platform: 'ios', answers: [{ step: 'roaming', answer: 'maybe' }], subject: 'x' },
      { iccid: esim.iccid, platform: 'ios', answers: [ANSWERS[1], ANSWERS[1]], subject: 'x' },
      { iccid: esim.iccid, platform: 'ios', answers: [], subject: '   ' },
      { iccid: esim.iccid, platform: 'ios', answers: [], subject: 'x', note: 'n'.repeat(2001) },
      { iccid: 'abc', platform: 'ios', answers: [], subject: 'x' },
      { platform: 'ios', answers: [], subject: 'x' },
      { iccid: esim.iccid, platform: 'ios', answers: Array.from({ length: 11 }, () => ANSWERS[0]), subject: 'x' },
    ];
    for (const input of cases) {
      const f = await failure(api.tickets.doctor(input as never));
      expect(f.code, JSON.stringify(input).slice(0, 80)).toBe('BAD_REQUEST');
    }
    expect(await ticketCount()).toBe(before);
  });
});
