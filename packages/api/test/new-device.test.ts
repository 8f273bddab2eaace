// A new sign-in to a back-office account from an address or a browser not seen before sends an
// e-mail to that account (issue 27); the same place again does not; a customer is never mailed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { account, createOrdersRig, type OrdersRig } from './orders/rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.close();
});

const newSignInMails = () => rig.mailer.sent.filter((m) => m.subject.startsWith('New sign-in'));

describe('new sign-in e-mail', () => {
  it('an admin is told of a sign-in from a new address or browser, not from a known one; a customer never', async () => {
    const admin = account({ username: 'boss', email: 'boss@shop.example' });
    await (await rig.browser({ ip: '198.51.100.1', userAgent: 'Laptop' }).caller()).auth.register(admin);
    await rig.db.updateTable('users').set({ role: 'admin', admin_role: 'owner' }).where('username', '=', 'boss').execute();
    const signIn = async (ip: string, userAgent: string) => {
      await (await rig.browser({ ip, userAgent }).caller()).auth.login({ username: admin.username, password: admin.password });
      await rig.settle();
    };
    await signIn('198.51.100.1', 'Laptop'); // the first remembered: nothing to compare with yet
    await signIn('198.51.100.1', 'Laptop');
    expect(newSignInMails()).toHaveLength(0);
    await signIn('203.0.113.99', 'Laptop');
    expect(newSignInMails()).toHaveLength(1);
    expect(newSignInMails()[0]).toMatchObject({ to: 'boss@shop.example' });
    expect(newSignInMails()[0]?.text).toContain('203.0.113.99');
    await signIn('203.0.113.99', 'Laptop');
    expect(newSignInMails()).toHaveLength(1);
    await signIn('203.0.113.99', 'Phone');
    expect(newSignInMails()).toHaveLength(2);
    expect(newSignInMails()[1]?.text).toContain('a new browser or device');

    const customer = account({ username: 'trav', email: 'trav@example.com' });
    await (await rig.browser({ ip: '192.0.2.1', userAgent: 'A' }).caller()).auth.register(customer);
    await (await rig.browser({ ip: '192.0.2.2', userAgent: 'B' }).caller()).auth.login({ username: 'trav', password: customer.password });
    await (await rig.browser({ ip: '192.0.2.3', userAgent: 'C' }).caller()).auth.login({ username: 'trav', password: customer.password });
    await rig.settle();
    expect(rig.mailer.sent.filter((m) => m.to === 'trav@example.com' && m.subject.startsWith('New sign-in'))).toHaveLength(0);
  });

  it("is written in the account's language, not in the language of the browser that signed in", async () => {
    const admin = account({ username: 'jefa', email: 'jefa@shop.example' });
    // Registered from an Arabic browser: the account's language is Arabic.
    await (await rig.browser({ ip: '198.51.100.7', userAgent: 'Laptop', locale: 'ar' }).caller()).auth.register(admin);
    await rig.db.updateTable('users').set({ role: 'admin', admin_role: 'owner' }).where('username', '=', 'jefa').execute();
    const signIn = async (ip: string, userAgent: string, locale: 'ar' | 'de' | 'ja') => {
      await (await rig.browser({ ip, userAgent, locale }).caller()).auth.login({ username: admin.username, password: admin.password });
      await rig.settle();
    };
    await signIn('198.51.100.7', 'Laptop', 'ar');
    // A stranger with the password, from a German browser elsewhere: the owner is told in Arabic.
    await signIn('203.0.113.50', 'Strange browser', 'de');
    const mails = () => rig.mailer.sent.filter((m) => m.to === 'jefa@shop.example' && /\/account\/profile/.test(m.text));
    expect(mails()).toHaveLength(1);
    const ar = mails()[0]!;
    expect(ar.subject).toBe('تسجيل دخول جديد إلى لوحة إدارة Travel eSIM');
    expect(ar.html).toMatch(/^<!doctype html>\s*<html lang="ar" dir="rtl"/);
    expect(ar.text).toContain('سجّل شخص ما الدخول إلى حساب الإدارة الخاص بك في Travel eSIM من عنوان IP جديد ومن متصفح أو جهاز جديد.');
    expect(ar.text).toContain('عنوان IP: 203.0.113.50');
    expect(ar.html).toContain('<span dir="ltr" style="unicode-bidi:embed">Strange browser</span>');
    // That sign-in made the account German (loginUser keeps the last sign-in's language): the next
    // warning is in German, from a new address only.
    await signIn('192.0.2.80', 'Strange browser', 'ja');
    expect(mails()).toHaveLength(2);
    const de = mails()[1]!;
    expect(de.subject).toBe('Neue Anmeldung in Ihrem Travel eSIM-Verwaltungsbereich');
    expect(de.text).toContain('Jemand hat sich von einer neuen IP-Adresse aus bei Ihrem Travel eSIM-Verwaltungskonto angemeldet.');
    expect(de.html).toMatch(/<html lang="de" dir="ltr"/);
  });
});
