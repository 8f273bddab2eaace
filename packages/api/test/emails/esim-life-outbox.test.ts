// The eSIM's life e-mails as the outbox sends them (facts from the database, services/esims/esim-emails.ts):
// in the language of the checkout that placed the order, linking to that language's pages, with the
// package's usage, the top-up's amount, the renewal's receipt and the account for a failed renewal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopLanguage } from '../../src/domain/language.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { emailT } from '../../src/emails/i18n.ts';
import { applyUsageSnapshot } from '../../src/services/esims/esim-sync.ts';
import { advanceDemoRenewal } from '../../src/services/orders/subscriptions.ts';
import { CARDS, account, createOrdersRig, type Browser, type OrdersRig } from '../orders/rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function signedIn(locale: ShopLanguage): Promise<Browser> {
  const b = rig.browser({ locale });
  await (await b.caller()).auth.register(account());
  return b;
}

async function pay(b: Browser, input: { planId: number; topUpIccid?: string }) {
  const api = await b.caller();
  const intent = await api.payments.createIntent(input);
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return intent;
}

async function esimOf(publicId: string) {
  return rig.db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.id', 'e.iccid', 'e.order_id'])
    .where('o.public_id', '=', publicId)
    .executeTakeFirstOrThrow();
}

const sentWith = (tagEnd: string) => rig.mailer.sent.filter((m) => m.tag?.endsWith(tagEnd));

describe('eSIM life e-mails from the outbox', () => {
  it('80% used: in English, the package used / total and left, the top-up link to the eSIM page', async () => {
    const me = await signedIn('en');
    const { orderId } = await pay(me, { planId: rig.plans.japan1.id });
    const esim = await esimOf(orderId);
    await applyUsageSnapshot(rig.db, rig.services, {
      iccid: esim.iccid,
      usage: {
        usedMb: 830,
        totalMb: 1024,
        planState: 'active',
        profileState: 'enabled',
        activatedAt: '2026-03-01T12:00:00.000Z',
        expiresAt: '2026-03-08T12:00:00.000Z',
      },
      at: new Date('2026-03-02T10:00:00Z'),
    });
    await rig.settle();
    const [mail] = sentWith('-usage-80');
    expect(mail).toBeDefined();
    expect(mail!.subject).toMatch(/^You've used 80% of your .+ data$/);
    expect(mail!.text).toContain('Data used: 830 MB of 1 GB');
    expect(mail!.text).toContain('Data left: 194 MB');
    expect(mail!.text).toContain('Days left: 7 days');
    const link = `http://localhost:3000/account/esim/${esim.iccid}`;
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`href="${link}"`);
  });

  it('a top-up bought in Japanese: the e-mail in Japanese, the amount paid, the /ja/ eSIM page', async () => {
    const me = await signedIn('ja');
    const first = await pay(me, { planId: rig.plans.japan1.id });
    const esim = await esimOf(first.orderId);
    const topUp = await pay(me, { planId: rig.plans.japan5.id, topUpIccid: esim.iccid });
    const order = await rig.db.selectFrom('orders').selectAll().where('public_id', '=', topUp.orderId).executeTakeFirstOrThrow();
    const [mail] = sentWith('-topup-applied');
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('eSIM に5 GBを追加しました');
    expect(mail!.text).toContain(emailT('ja')('esim.topup.heading'));
    expect(mail!.text).toContain(formatMoney(order.total_amount_minor - order.points_discount_minor, order.currency, 'ja'));
    expect(mail!.text).toContain(`http://localhost:3000/ja/account/esim/${esim.iccid}`);
    expect(mail!.html).toContain('<html lang="ja" dir="ltr"');
  });

  it('a renewal in Arabic: the receipt, right to left, with its /ar/ receipt link; a failed renewal links to the account', async () => {
    const me = await signedIn('ar');
    const api = await me.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
    await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok });
    await rig.settle();

    await advanceDemoRenewal(rig.db, rig.services, sub.subscriptionId!, { fail: true });
    await rig.settle();
    const [failed] = sentWith('-renewal-failed');
    expect(failed).toBeDefined();
    expect(failed!.html).toContain('<html lang="ar" dir="rtl"');
    expect(failed!.subject).toContain('تعذّر تجديد اشتراك');
    expect(failed!.text).toContain('http://localhost:3000/ar/account');
    expect(failed!.text).toContain('help@shop.example');

    await advanceDemoRenewal(rig.db, rig.services, sub.subscriptionId!);
    await rig.settle();
    const [receipt] = sentWith('-renewal-receipt');
    expect(receipt).toBeDefined();
    // The renewal is the newest order (the first month's is the other).
    const renewal = await rig.db.selectFrom('orders').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(renewal.topup_esim_id).not.toBeNull();
    expect(receipt!.tag).toBe(`${renewal.public_id}-renewal-receipt`);
    expect(receipt!.html).toContain('<html lang="ar" dir="rtl"');
    const amount = formatMoney(renewal.total_amount_minor, renewal.currency, 'ar');
    expect(receipt!.subject).toContain(amount);
    expect(receipt!.html).toContain(`<span dir="ltr" style="unicode-bidi:embed">${amount}</span>`);
    const link = `http://localhost:3000/ar/account/orders/${renewal.public_id}/receipt`;
    expect(receipt!.text).toContain(link);
    expect(receipt!.html).toContain(`href="${link}"`);
  });
});
