// The renewal reminder (issue 31, UK consumer rules): RENEWAL_REMINDER_DAYS (default 3) before each
// renewal, one e-mail per period through the outbox, with the price, the date and a one-click
// cancel link that works without signing in, cancels only that subscription, and changes nothing
// when clicked again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/money.ts';
import { emailT } from '../../src/emails/i18n.ts';
import { formatDate } from '../../src/emails/render.ts';
import { runDueWork } from '../../src/services/order-life/due-work.ts';
import { advanceDemoRenewal } from '../../src/services/orders/subscriptions.ts';
import { CARDS, account, createOrdersRig, type OrdersRig } from '../orders/rig.ts';

const DAY = 86_400_000;
let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function subscribed(locale: 'en' | 'ar' = 'en', email?: string) {
  const me = rig.browser({ locale });
  await (await me.caller()).auth.register(account(email ? { email, username: email.split('@')[0]! } : {}));
  const api = await me.caller();
  const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
  await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok });
  await rig.settle();
  return sub.subscriptionId!;
}

const row = (publicId: string) =>
  rig.db.selectFrom('subscriptions').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
const reminders = () => rig.mailer.sent.filter((m) => m.tag?.includes('-renewal-reminder-'));
const tokenOf = (text: string) => /subscribe\?cancel=([^\s"&]+)/.exec(text)?.[1];

async function pass() {
  await runDueWork(rig.db, rig.services);
  await rig.settle();
}

describe('renewal reminder', () => {
  it('goes out once per period, 3 days before, with the price, the date and a cancel link', async () => {
    const publicId = await subscribed();
    const sub = await row(publicId);
    const end = new Date(sub.current_period_end!);
    // Four days before: not yet.
    rig.clock.now = new Date(end.getTime() - 4 * DAY);
    await pass();
    expect(reminders()).toHaveLength(0);
    // Three days before: one, however many passes run.
    rig.clock.now = new Date(end.getTime() - 3 * DAY + 60_000);
    await pass();
    await pass();
    rig.clock.advance(DAY);
    await pass();
    expect(reminders()).toHaveLength(1);
    const mail = reminders()[0]!;
    const t = emailT('en');
    const price = formatMoney(sub.price_minor, sub.currency, 'en');
    const date = formatDate(sub.current_period_end!, 'en');
    expect(mail.to).toBe(sub.email);
    expect(mail.subject).toContain(date);
    expect(mail.text).toContain(price);
    expect(mail.html).toContain(t('reminder.button', { ns: 'disputes' }));
    expect(mail.text).toContain(t('reminder.intro', { ns: 'disputes', plan: 'Japan 5 GB – 30 days', amount: price, date }));
    const token = tokenOf(mail.text);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`/subscribe?cancel=${token}`);

    // The next period gets its own reminder (a renewal moves the period end).
    await advanceDemoRenewal(rig.db, rig.services, publicId);
    await rig.settle();
    const next = await row(publicId);
    expect(next.current_period_end! > sub.current_period_end!).toBe(true);
    rig.clock.now = new Date(new Date(next.current_period_end!).getTime() - 2 * DAY);
    await pass();
    await pass();
    expect(reminders()).toHaveLength(2);
    expect(await rig.db.selectFrom('subscription_reminders').selectAll().execute()).toHaveLength(2);
  });

  it('the link cancels that subscription without signing in; again: the same, nothing more; a forged or altered token: 404', async () => {
    const mine = await subscribed('en', 'one@traveller.example');
    const other = await subscribed('en', 'two@traveller.example');
    const end = new Date((await row(mine)).current_period_end!);
    rig.clock.now = new Date(end.getTime() - 2 * DAY);
    await pass();
    expect(reminders()).toHaveLength(2);
    const myMail = reminders().find((m) => m.to === 'one@traveller.example')!;
    const token = tokenOf(myMail.text)!;
    const guest = await rig.browser().caller();

    const [id, sig] = token.split('.') as [string, string];
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [`${id}.${flipped}`, `${Number(id) + 1}.${sig}`, 'nonsense', `${id}.${'A'.repeat(43)}`]) {
      await expect(guest.subscriptions.cancelByLink({ token: bad })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await row(mine)).cancel_at_period_end).toBe(0);

    const first = await guest.subscriptions.cancelByLink({ token });
    expect(first).toMatchObject({ subscriptionId: mine, ended: false, endsAt: (await row(mine)).current_period_end });
    expect((await row(mine)).cancel_at_period_end).toBe(1);
    expect((await row(other)).cancel_at_period_end).toBe(0);
    const mailsAfterFirst = rig.mailer.sent.length;
    await rig.settle();
    const again = await guest.subscriptions.cancelByLink({ token });
    await rig.settle();
    expect(again).toEqual(first);
    // The second click sends no second confirmation.
    expect(rig.mailer.sent.filter((m) => m.tag?.includes('-canceled-')).length).toBe(1);
    expect(rig.mailer.sent.length).toBeGreaterThanOrEqual(mailsAfterFirst);
    // Set to cancel: no reminder for it any more; the other still has its one.
    rig.clock.advance(DAY / 2);
    await pass();
    expect(reminders()).toHaveLength(2);
  });

  it('RENEWAL_REMINDER_DAYS=0 sends none', async () => {
    rig.services.config.renewalReminderDays = 0;
    const publicId = await subscribed();
    rig.clock.now = new Date(new Date((await row(publicId)).current_period_end!).getTime() - DAY);
    await pass();
    expect(reminders()).toHaveLength(0);
  });
});
