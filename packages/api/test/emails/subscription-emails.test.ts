// Subscriptions said plainly (issue 26): the first month's e-mail and every renewal's receipt state
// the next renewal date, the price and how to cancel, with a link to the account's subscriptions
// (subscriptions are for accounts only); 'Cancel subscription' and 'Resume' are each confirmed by
// e-mail. In the account's language: English and Arabic here through the procedures; every
// language through the renderers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOP_LANGUAGES, type ShopLanguage } from '../../src/domain/language.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { emailT } from '../../src/emails/i18n.ts';
import { formatDate, renderSubscriptionChangeEmail, type EmailPlan } from '../../src/emails/render.ts';
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

async function subscribed(locale: ShopLanguage): Promise<{ me: Browser; publicId: string; paymentIntentId: string }> {
  const me = rig.browser({ locale });
  await (await me.caller()).auth.register(account());
  const api = await me.caller();
  const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
  await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok });
  await rig.settle();
  return { me, publicId: sub.subscriptionId!, paymentIntentId: sub.paymentIntentId! };
}

const subscriptionRow = (publicId: string) =>
  rig.db.selectFrom('subscriptions').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();

/** The first month's delivery e-mail (it carries the QR code). */
const deliveryMail = () => rig.mailer.sent.find((m) => m.attachments?.some((a) => a.cid));

describe('subscription e-mails say the next renewal, the price and how to cancel', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`${lang}: the first e-mail, a renewal's receipt, and the cancel and resume confirmations`, async () => {
      const t = emailT(lang);
      const { me, publicId, paymentIntentId } = await subscribed(lang);
      const sub = await subscriptionRow(publicId);
      expect(sub.current_period_end).not.toBeNull();
      // The success page's view says the same: price, next renewal.
      const view = await (await me.caller()).orders.byPaymentIntent({ paymentIntentId });
      expect(view.subscription).toEqual({
        id: publicId,
        amountMinor: sub.price_minor,
        currency: sub.currency,
        nextRenewalAt: sub.current_period_end,
      });
      const price = formatMoney(sub.price_minor, sub.currency, lang);
      const manage = `http://localhost:3000${lang === 'en' ? '' : `/${lang}`}/account#subscriptions-heading`;
      const says = (mail: { text: string; html: string }, date: string | null) => {
        expect(mail.text).toContain(price);
        if (date) expect(mail.text).toContain(t('subscription.renews', { amount: price, date: formatDate(date, lang) }));
        expect(mail.text).toContain(t('subscription.cancelHow'));
        expect(mail.text).toContain(manage);
        expect(mail.html).toContain(`href="${manage}"`);
      };

      // The first month: after the install details and the receipt.
      const first = deliveryMail()!;
      expect(first).toBeDefined();
      says(first, sub.current_period_end);
      expect(first.text).toContain(`${t('subscription.price')}: ${t('subscription.priceValue', { amount: price })}`);
      expect(first.text.indexOf(t('order.roaming'))).toBeLessThan(first.text.indexOf(t('subscription.heading').toUpperCase()));

      // A renewal: its receipt says the new next renewal date.
      await advanceDemoRenewal(rig.db, rig.services, publicId);
      await rig.settle();
      const renewed = await subscriptionRow(publicId);
      expect(renewed.current_period_end! > sub.current_period_end!).toBe(true);
      const receipt = rig.mailer.sent.find((m) => m.tag?.endsWith('-renewal-receipt'))!;
      expect(receipt).toBeDefined();
      says(receipt, renewed.current_period_end);
      expect(receipt.text).toContain(`${t('subscription.nextRenewal')}: ${formatDate(renewed.current_period_end!, lang)}`);

      // Cancel: confirmed by e-mail, once (a second click changes nothing and sends nothing).
      const api = await me.caller();
      await api.subscriptions.cancel({ subscriptionId: publicId });
      await api.subscriptions.cancel({ subscriptionId: publicId });
      await rig.settle();
      const canceled = rig.mailer.sent.filter((m) => m.tag?.startsWith(`${publicId}-canceled`));
      expect(canceled).toHaveLength(1);
      expect(canceled[0]!.to).toBe(sub.email);
      expect(canceled[0]!.text).toContain(formatDate(renewed.current_period_end!, lang));
      expect(canceled[0]!.text).toContain(t('subscription.canceledResume'));
      expect(canceled[0]!.html).toContain(`href="${manage}"`);
      if (lang === 'ar') expect(canceled[0]!.html).toContain('<html lang="ar" dir="rtl"');

      // Resume: confirmed too, with the next charge and its date.
      await api.subscriptions.resume({ subscriptionId: publicId });
      await rig.settle();
      const resumed = rig.mailer.sent.filter((m) => m.tag?.startsWith(`${publicId}-resumed`));
      expect(resumed).toHaveLength(1);
      expect(resumed[0]!.text).toContain(formatDate(renewed.current_period_end!, lang));
      expect(resumed[0]!.text).toContain(price);
      expect(resumed[0]!.text).toContain(t('subscription.cancelHow'));
    });
  }
});

describe('the cancel and resume e-mails in every language', () => {
  const plan: EmailPlan = {
    name: 'Japan 5GB 30 Days',
    dataAmount: '5GB',
    dataMb: 5120,
    validityDays: 30,
    region: { code: 'JP', kind: 'country', name: 'Japan', coverage: 1 },
  };
  const subscription = {
    amountMinor: 1699,
    currency: 'EUR',
    nextRenewalAt: '2026-04-01T12:00:00.000Z',
    manageUrl: 'http://localhost:3000/account#subscriptions-heading',
  };
  it.each([...SHOP_LANGUAGES])('%s: filled in, not English, the date, price and link', (lang) => {
    for (const change of ['canceled', 'resumed'] as const) {
      const mail = renderSubscriptionChangeEmail({
        productName: 'Travel eSIM',
        supportEmail: 'help@shop.example',
        locale: lang,
        change,
        plan,
        subscription,
        endsAt: '2026-04-01T12:00:00.000Z',
      });
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('{{');
        expect(part).not.toMatch(/\bsubscription\.[a-z]/);
      }
      expect(mail.text).toContain(formatDate('2026-04-01T12:00:00.000Z', lang));
      expect(mail.html).toContain('href="http://localhost:3000/account#subscriptions-heading"');
      if (change === 'resumed') expect(mail.text).toContain(formatMoney(1699, 'EUR', lang));
      if (lang !== 'en') {
        const en = renderSubscriptionChangeEmail({
          productName: 'Travel eSIM',
          supportEmail: 'help@shop.example',
          locale: 'en',
          change,
          plan,
          subscription,
          endsAt: '2026-04-01T12:00:00.000Z',
        });
        expect(mail.subject).not.toBe(en.subject);
      }
    }
  });
});
