// The account e-mails in ten languages (texts in the `email` namespace of @esim/i18n, whose own
// tests check every key in every language): the language a tag or an Accept-Language header
// means, links kept only when http(s), everything escaped, Arabic right to left.
import { LANGUAGE_CODES } from '@esim/i18n/languages';
import { describe, expect, it } from 'vitest';
import { SHOP_LANGUAGES, languageFromAcceptLanguage, shopLanguage, textDirection } from '../../src/domain/language.ts';
import { renderAccountExistsEmail, renderPasswordResetEmail } from '../../src/emails/render.ts';

const brand = { productName: 'Shop', supportEmail: 'help@shop.example' };

describe('shop languages', () => {
  it('are the languages of @esim/i18n, Arabic the one right-to-left', () => {
    expect([...SHOP_LANGUAGES].sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(SHOP_LANGUAGES.filter((l) => textDirection(l) === 'rtl')).toEqual(['ar']);
  });

  it.each([
    ['ar', 'ar'],
    ['pt-BR', 'pt'],
    ['ZH-hans', 'zh'],
    ['nl', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [null, 'en'],
  ])('shopLanguage(%j) → %s', (locale, lang) => {
    expect(shopLanguage(locale)).toBe(lang);
  });

  it.each([
    ['ja', 'ja'],
    ['ar,en;q=0.8', 'ar'],
    ['nl-NL,de;q=0.7,en;q=0.3', 'de'],
    ['en;q=0.2, fr;q=0.9', 'fr'],
    ['zh-CN;q=0, ru', 'ru'],
    ['*', 'en'],
    ['%%%', 'en'],
    [undefined, 'en'],
  ])('languageFromAcceptLanguage(%j) → %s', (header, lang) => {
    expect(languageFromAcceptLanguage(header)).toBe(lang);
  });
});

describe('renderPasswordResetEmail', () => {
  it('puts the link and the minutes in the text and the HTML, with every value escaped', () => {
    const mail = renderPasswordResetEmail({
      ...brand,
      url: 'https://shop.example/reset-password?token=abc',
      productName: 'Shop <&>',
      minutes: 30,
      locale: 'en',
    });
    expect(mail.subject).toBe('Reset your Shop <&> password');
    expect(mail.text).toContain('https://shop.example/reset-password?token=abc');
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain('href="https://shop.example/reset-password?token=abc"');
    expect(mail.html).toContain('Shop &lt;&amp;&gt;');
    expect(mail.html).not.toContain('Shop <&>');
    expect(mail.html).toMatch(/<html lang="en" dir="ltr"/);
    expect(mail.text).not.toMatch(/\{\{?\w+\}?\}/);
  });

  it('drops a link that is not http(s) from the HTML', () => {
    const mail = renderPasswordResetEmail({ ...brand, url: 'javascript:alert(1)', minutes: 30, locale: 'en' });
    expect(mail.html).not.toContain('javascript:');
  });

  it('Arabic: right to left, with the link left to right', () => {
    const mail = renderPasswordResetEmail({ ...brand, url: 'https://shop.example/r', minutes: 30, locale: 'ar' });
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(mail.html).toContain('<body lang="ar" dir="rtl"');
    expect(mail.html).toMatch(/<a href="https:\/\/shop\.example\/r" dir="ltr"/);
    expect(mail.text).toContain('30 دقيقة');
  });
});

describe('renderAccountExistsEmail', () => {
  it.each(['register', 'email_change'] as const)('%s: says nothing changed and links to sign-in and reset', (reason) => {
    const mail = renderAccountExistsEmail({
      ...brand,
      reason,
      loginUrl: 'https://shop.example/login',
      forgotPasswordUrl: 'https://shop.example/forgot-password',
      locale: 'de',
    });
    expect(mail.subject).toMatch(/^Jemand hat versucht/);
    expect(mail.text).toContain('https://shop.example/login');
    expect(mail.text).toContain('https://shop.example/forgot-password');
    expect(mail.html).toContain('href="https://shop.example/forgot-password"');
  });
});
