// Issue 26: a top-up through the 'Manage your eSIM' link, without an account. The link's token,
// not a session, authorises the checkout (payments.createIntent { topUpIccid, esimLinkToken }):
// it must name the order that bought the eSIM; the top-up is a guest order sent to that order's
// address whatever the form says; the price is the server's; demo payments pay it and the same
// fulfilment puts the package on the eSIM. A bad link or someone else's eSIM is a 4xx, never a 500,
// and writes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueEsimLink, revokeOrderLinks } from '../../src/services/esims/esim-links.ts';
import { CARDS, account, createOrdersRig, type OrdersRig } from './rig.ts';

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
  const esim = await rig.db.selectFrom('esims').select(['id', 'iccid']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
  const token = await issueEsimLink(rig.db, order.id, rig.services.now());
  return { order, esim, token };
}

const orderCount = async () =>
  Number(
    (
      await rig.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('top-up through the Manage your eSIM link', () => {
  it("lists the eSIM's top-ups and buys one without an account: guest order, the order's address, the server's price, fulfilled onto the eSIM", async () => {
    const { order, esim, token } = await guestBuys('linked@traveller.example');
    const api = await rig.browser().caller();
    rig.esim.offerTopUps(esim.iccid, [rig.plans.japan5.slug]);
    const options = await api.esimLinks.topUps({ token });
    expect(options.map((p) => p.id)).toEqual([rig.plans.japan5.id]);

    // The form's address (and any amount) is ignored: the top-up is bound to the linked order's address.
    const intent = await api.payments.createIntent({
      planId: rig.plans.japan5.id,
      topUpIccid: esim.iccid,
      esimLinkToken: token,
      email: 'someone-else@traveller.example',
      amount: 1,
      usePoints: true,
    } as never);
    expect(intent.topUpIccid).toBe(esim.iccid);
    expect(intent.amountMinor).toBe(rig.plans.japan5.price_minor);
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();

    const topUp = await rig.db.selectFrom('orders').selectAll().where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
    expect(topUp).toMatchObject({
      user_id: null,
      email: 'linked@traveller.example',
      topup_esim_id: esim.id,
      status: 'fulfilled',
      points_used: 0,
    });
    const pkgs = await rig.db.selectFrom('esim_packages').select(['order_id']).where('esim_id', '=', esim.id).execute();
    expect(pkgs.map((p) => p.order_id)).toContain(topUp.id);
    // No new eSIM: the data went onto the linked one.
    expect(await rig.db.selectFrom('esims').select('id').where('order_id', '=', topUp.id).execute()).toEqual([]);
    // The top-up's e-mails go to the order's address only, with the link to the same eSIM.
    expect(rig.mailer.sent.some((m) => m.to === 'someone-else@traveller.example')).toBe(false);
    const mails = rig.mailer.sent.filter((m) => m.to === 'linked@traveller.example' && m.tag?.startsWith(topUp.public_id));
    expect(mails.length).toBeGreaterThan(0);
    expect(order.id).not.toBe(topUp.id);
    // The linked page shows the new package.
    const view = await api.esimLinks.get({ token });
    expect(view.packages.length).toBeGreaterThanOrEqual(2);
  });

  it('a retried link checkout gets the same order back', async () => {
    const { esim, token } = await guestBuys('retry@traveller.example');
    const api = await rig.browser().caller();
    const input = {
      planId: rig.plans.japan5.id,
      topUpIccid: esim.iccid,
      esimLinkToken: token,
      checkoutToken: 'link-retry-token-0123456789',
    };
    const a = await api.payments.createIntent(input);
    const b = await api.payments.createIntent(input);
    expect(b.orderId).toBe(a.orderId);
    expect(b.paymentIntentId).toBe(a.paymentIntentId);
  });

  it("refuses (4xx, nothing written) a made-up or revoked link, another order's eSIM, a subscription, no eSIM named", async () => {
    const a = await guestBuys('a@traveller.example');
    const b = await guestBuys('b@traveller.example');
    const api = await rig.browser().caller();
    const before = await orderCount();
    const made = `${a.token.slice(0, -1)}${a.token.endsWith('A') ? 'B' : 'A'}`;
    await expect(
      api.payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: a.esim.iccid, esimLinkToken: made }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(api.esimLinks.topUps({ token: made })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A's link does not top up B's eSIM.
    await expect(
      api.payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: b.esim.iccid, esimLinkToken: a.token }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      api.payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: a.esim.iccid, esimLinkToken: a.token, kind: 'subscription' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.payments.createIntent({ planId: rig.plans.japan5.id, esimLinkToken: a.token } as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      api.payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: a.esim.iccid, esimLinkToken: 'x'.repeat(200) }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await revokeOrderLinks(rig.db, a.order.id, rig.services.now());
    await expect(
      api.payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: a.esim.iccid, esimLinkToken: a.token }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await orderCount()).toBe(before);
  });

  it("a signed-in shopper using someone's link still makes a guest order to the link's address (no points)", async () => {
    const { esim, token } = await guestBuys('owner@traveller.example');
    const me = rig.browser();
    await (await me.caller()).auth.register(account());
    const api = await me.caller();
    const intent = await api.payments.createIntent({
      planId: rig.plans.japan5.id,
      topUpIccid: esim.iccid,
      esimLinkToken: token,
      usePoints: true,
    });
    const row = await rig.db
      .selectFrom('orders')
      .select(['user_id', 'email'])
      .where('public_id', '=', intent.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, email: 'owner@traveller.example' });
  });
});
