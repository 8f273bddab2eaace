// Top-ups per eSIM: the shop offers, and sells, only the top-ups the eSIM's own provider lists for
// that eSIM (EsimProvider.topUpsFor), never every plan of its destination. The simulator lists
// whatever a test narrows it to; an expired or refunded eSIM is offered none.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EsimProviderError } from '../../src/providers/esim/types.ts';
import { CARDS, account, createOrdersRig, type Browser, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function signedIn(): Promise<Browser> {
  const b = rig.browser();
  await (await b.caller()).auth.register(account());
  return b;
}

async function buyEsim(b: Browser) {
  const api = await b.caller();
  const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return rig.db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.id', 'e.iccid'])
    .where('o.public_id', '=', intent.orderId)
    .executeTakeFirstOrThrow();
}

describe('top-ups the provider lists for this eSIM', () => {
  it('offers only the listed packages, and the checkout refuses another plan of the same destination', async () => {
    const me = await signedIn();
    const esim = await buyEsim(me);
    rig.esim.offerTopUps(esim.iccid, [rig.plans.japan5.slug]);
    const api = await me.caller();
    const options = await api.esims.topUpOptions({ iccid: esim.iccid });
    expect(options.map((p) => p.id)).toEqual([rig.plans.japan5.id]);
    await expect(api.payments.createIntent({ planId: rig.plans.japan1.id, topUpIccid: esim.iccid })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { details: { reason: 'not_offered' } },
    });
    const ok = await api.payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: esim.iccid });
    expect(ok.topUpIccid).toBe(esim.iccid);
  });

  it('a provider that lists none offers none; one that cannot be reached offers none and the checkout says try again (409)', async () => {
    const me = await signedIn();
    const esim = await buyEsim(me);
    const api = await me.caller();
    rig.esim.offerTopUps(esim.iccid, []);
    expect(await api.esims.topUpOptions({ iccid: esim.iccid })).toEqual([]);
    const original = rig.esim.topUpsFor.bind(rig.esim);
    rig.esim.topUpsFor = async () => {
      throw new EsimProviderError('unavailable', 'simulated outage');
    };
    try {
      expect(await api.esims.topUpOptions({ iccid: esim.iccid })).toEqual([]);
      await expect(api.payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: esim.iccid })).rejects.toMatchObject({
        code: 'CONFLICT',
        cause: { details: { reason: 'provider_unavailable' } },
      });
    } finally {
      rig.esim.topUpsFor = original;
    }
  });

  it('without a narrowed list the simulator takes any package of the destination', async () => {
    const me = await signedIn();
    const esim = await buyEsim(me);
    const options = await (await me.caller()).esims.topUpOptions({ iccid: esim.iccid });
    expect(options.length).toBe(Object.keys(rig.plans).length);
  });
});
