// Recycled ICCIDs (eSIM Access: "ICCIDs are reused, track a profile by esimTranNo"; Airalo:
// RECYCLED): an eSIM is keyed by (provider, provider_ref), never by its ICCID alone. An order whose
// profile reuses a refunded eSIM's ICCID provisions fine, and what the provider then says about that
// ICCID goes to the eSIM holding it now.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleEsimEvent } from '../../src/services/esims/esim-events.ts';
import type { Services } from '../../src/services/types.ts';
import { CARDS, account, createOrdersRig, type Browser, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function buy(b: Browser) {
  const api = await b.caller();
  const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  const order = await rig.db.selectFrom('orders').selectAll().where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
  return { intent, order };
}

describe('a recycled ICCID', () => {
  it("an order whose profile reuses a refunded eSIM's ICCID is delivered; events about that ICCID reach the new eSIM", async () => {
    const me = rig.browser();
    await (await me.caller()).auth.register(account());
    const first = await buy(me);
    await (await me.caller()).orders.refund({ orderId: first.intent.orderId });
    const old = await rig.db.selectFrom('esims').selectAll().where('order_id', '=', first.order.id).executeTakeFirstOrThrow();
    expect(old.status).toBe('canceled');

    // The provider hands the same ICCID out again, under a reference of its own.
    const order = rig.esim.order.bind(rig.esim);
    rig.esim.order = async (input) => {
      const r = await order(input);
      return r.status === 'ready' ? { status: 'ready', esim: { ...r.esim, iccid: old.iccid, esimRef: `recycled-${input.orderId}` } } : r;
    };
    const second = await buy(me);
    expect(second.order.status).toBe('fulfilled');
    const esims = await rig.db.selectFrom('esims').select(['id', 'iccid', 'status', 'provider_ref']).orderBy('id').execute();
    expect(esims).toHaveLength(2);
    expect(esims.map((e) => e.iccid)).toEqual([old.iccid, old.iccid]);
    expect(esims[1]!.provider_ref).toBe(`recycled-${second.order.public_id}`);

    // What the provider says now about that ICCID is about the live eSIM, not the refunded one.
    const outcome = await handleEsimEvent(rig.db, rig.services as Services, {
      id: 'evt-recycled-1',
      type: 'usage',
      iccid: old.iccid,
      occurredAt: rig.clock.now.toISOString(),
      usage: {
        usedMb: 100,
        totalMb: 1024,
        planState: 'active',
        profileState: 'enabled',
        activatedAt: rig.clock.now.toISOString(),
        expiresAt: null,
      },
    });
    expect(outcome).toBe('processed');
    const after = await rig.db.selectFrom('esims').select(['id', 'data_used_mb']).orderBy('id').execute();
    expect(after).toEqual([
      { id: esims[0]!.id, data_used_mb: 0 },
      { id: esims[1]!.id, data_used_mb: 100 },
    ]);
    // And the traveller's eSIM page for that ICCID is the live one, which can be topped up (the
    // provider's list is about the ICCID's holder now; the simulator only knows the first one).
    rig.esim.topUpsFor = async () => 'any';
    const options = await (await me.caller()).esims.topUpOptions({ iccid: old.iccid });
    expect(options.length).toBeGreaterThan(0);
  });
});
