// The traveller's language reaches the server as Accept-Language (ctx.locale): the order stores
// it with no extra query at intake, and its e-mails are written in it; accounts keep it
// (users.locale) from registration, sign-in and profile updates.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopLanguage } from '../../src/domain/language.ts';
import { CARDS, account, createOrdersRig, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.close();
});

async function buy(locale: ShopLanguage, email: string, body: Record<string, unknown> = {}) {
  const api = await rig.browser({ locale }).caller();
  const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, email, ...body });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  const order = await rig.db.selectFrom('orders').selectAll().where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
  const mail = rig.mailer.sent.find((m) => m.to === email && m.tag === intent.orderId);
  return { order, mail };
}

describe('the order e-mail in the language of the checkout', () => {
  it('ja: the order stores ja and a Japanese e-mail with the QR code is sent', async () => {
    const { order, mail } = await buy('ja', 'ja@traveller.example');
    expect(order.locale).toBe('ja');
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('eSIM の準備ができました');
    expect(mail!.subject).toContain('日本 5 GB – 30日間');
    expect(mail!.html).toContain('<html lang="ja" dir="ltr"');
    expect(mail!.text).toContain('領収書');
    expect(mail!.attachments?.[0]?.cid).toMatch(/^qr-ORD-/);
    expect(mail!.html).toContain(`src="cid:${mail!.attachments?.[0]?.cid}"`);
  });

  it('ar: a right-to-left Arabic e-mail', async () => {
    const { order, mail } = await buy('ar', 'ar@traveller.example');
    expect(order.locale).toBe('ar');
    expect(mail!.subject).toContain('اليابان');
    expect(mail!.html).toContain('<html lang="ar" dir="rtl"');
    expect(mail!.html).toContain('<body lang="ar" dir="rtl"');
    expect(mail!.text).toContain('الإيصال');
  });

  it('a language named in the body wins over the header; English by default', async () => {
    const named = await buy('ja', 'de@traveller.example', { locale: 'de-AT' });
    expect(named.order.locale).toBe('de');
    expect(named.mail!.subject).toMatch(/^Ihre Travel eSIM-eSIM ist bereit/);
    const plain = await buy('en', 'en@traveller.example');
    expect(plain.order.locale).toBe('en');
    expect(plain.mail!.subject).toContain('Your Travel eSIM eSIM is ready');
  });
});

describe("the account's language", () => {
  const localeOf = async (email: string) =>
    (await rig.db.selectFrom('users').select('locale').where('email', '=', email).executeTakeFirstOrThrow()).locale;

  it('is set at registration (the verification e-mail in it) and follows sign-in and profile updates', async () => {
    const acc = account();
    await (await rig.browser({ locale: 'fr' }).caller()).auth.register(acc);
    await rig.settle();
    expect(await localeOf(acc.email)).toBe('fr');
    const verification = rig.mailer.sent.find((m) => m.to === acc.email);
    expect(verification!.subject).toBe('Confirmez votre adresse e-mail pour Travel eSIM');
    expect(verification!.html).toContain('<html lang="fr" dir="ltr"');

    const b = rig.browser({ locale: 'ru' });
    await (await b.caller()).auth.login({ username: acc.username, password: acc.password });
    expect(await localeOf(acc.email)).toBe('ru');

    const asHindi = rig.browser({ locale: 'hi' });
    asHindi.token = b.token;
    await (await asHindi.caller()).users.updateProfile({ fullName: 'Nouveau Nom' });
    expect(await localeOf(acc.email)).toBe('hi');
  });

  it("the 'address already in use' notice goes out in the owner's language, not the stranger's", async () => {
    const owner = account();
    await (await rig.browser({ locale: 'zh' }).caller()).auth.register(owner);
    await rig.settle();
    rig.mailer.sent.length = 0;
    const stranger = rig.browser({ locale: 'es' });
    await expect((await stranger.caller()).auth.register({ ...account(), email: owner.email })).rejects.toMatchObject({ code: 'CONFLICT' });
    await rig.settle();
    const notice = rig.mailer.sent.find((m) => m.to === owner.email);
    expect(notice!.subject).toBe('有人尝试使用您的电子邮件地址创建 Travel eSIM 账户');
    expect(notice!.html).toContain('<html lang="zh" dir="ltr"');
  });
});
