// The account e-mails in ten languages: every text filled in, the same placeholders as English,
// links kept only when http(s), everything escaped, Arabic right to left.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS, EMAIL_LANGUAGES, emailLanguage } from '../../src/domain/account-email-texts.ts';
import { renderAccountExistsEmail, renderPasswordResetEmail } from '../../src/domain/email-templates.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('account e-mail texts', () => {
  it.each(EMAIL_LANGUAGES.filter((l) => l !== 'en'))('%s: every text, none empty, the placeholders of English', (lang) => {
    const en = ACCOUNT_EMAIL_TEXTS.en;
    const other = ACCOUNT_EMAIL_TEXTS[lang];
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const translated = other[key as keyof typeof en];
      expect(translated.trim(), `${lang}.${key}`).not.toBe('');
      expect(placeholders(translated), `${lang}.${key}`).toEqual(placeholders(text));
    }
  });

  it.each([
    ['ar', 'ar'],
    ['pt-BR', 'pt'],
    ['ZH-hans', 'zh'],
    ['nl', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('emailLanguage(%j) → %s', (locale, lang) => {
    expect(emailLanguage(locale)).toBe(lang);
  });
});

describe('renderPasswordResetEmail', () => {
  it('puts the link and the minutes in the text and the HTML, with every value escaped', () => {
    const mail = renderPasswordResetEmail({ url: 'https://shop.example/reset-password?token=abc', productName: 'Shop <&>', minutes: 30 });
    expect(mail.subject).toBe('Reset your Shop <&> password');
    expect(mail.text).toContain('https://shop.example/reset-password?token=abc');
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain('href="https://shop.example/reset-password?token=abc"');
    expect(mail.html).toContain('Shop &lt;&amp;&gt;');
    expect(mail.html).not.toContain('Shop <&>');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.text).not.toMatch(/\{\w+\}/);
  });

  it('drops a link that is not http(s) from the HTML', () => {
    const mail = renderPasswordResetEmail({ url: 'javascript:alert(1)', productName: 'Shop', minutes: 30 });
    expect(mail.html).not.toContain('javascript:');
  });

  it('Arabic: right to left, with the link left to right', () => {
    const mail = renderPasswordResetEmail({ url: 'https://shop.example/r', productName: 'Shop', minutes: 30, locale: 'ar' });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<small dir="ltr"');
    expect(mail.text).toContain('30 دقيقة');
  });
});

describe('renderAccountExistsEmail', () => {
  it.each(['register', 'email_change'] as const)('%s: says nothing changed and links to sign-in and reset', (reason) => {
    const mail = renderAccountExistsEmail({
      reason,
      productName: 'Shop',
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
