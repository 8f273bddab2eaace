// Every e-mail in every language: the HTML names its language and direction (right to left for
// Arabic on html, body and every table), no text key or {{placeholder}} is left, the texts are
// the language's own, and the plain-text part says the same.
import { describe, expect, it } from 'vitest';
import { SHOP_LANGUAGES, textDirection, type ShopLanguage } from '../../src/domain/language.ts';
import type { RenderedEmail } from '../../src/domain/email-templates.ts';
import {
  renderAccountExistsEmail,
  renderConfirmationCodeEmail,
  renderNewSignInEmail,
  renderManageLinkEmail,
  renderOrderEmail,
  renderRefundCodeEmail,
  renderPasswordResetEmail,
  renderRefundEmail,
  renderVerificationEmail,
  type EmailPlan,
} from '../../src/emails/render.ts';
import { emailT } from '../../src/emails/i18n.ts';

const brand = { productName: 'Travel eSIM', supportEmail: 'help@shop.example' };
const plan: EmailPlan = {
  name: 'Japan 5GB 30 Days',
  dataAmount: '5GB',
  dataMb: 5120,
  validityDays: 30,
  region: { code: 'JP', kind: 'country', name: 'Japan', coverage: 1 },
};
const code = 'LPA:1$smdp.sim.example$04386-AGYFT-A74Y8-3F815';

const TEMPLATES: Record<string, (locale: ShopLanguage) => RenderedEmail> = {
  order: (locale) =>
    renderOrderEmail({
      ...brand,
      locale,
      order: { id: 'ORD-7K3M9Q2XB4', plan, totalMinor: 1999, currency: 'EUR', purchasedAt: '2026-03-01T12:00:00.000Z' },
      esim: {
        iccid: '8999912345678901230',
        activationCode: code,
        smdpAddress: 'smdp.sim.example',
        matchingId: '04386-AGYFT-A74Y8-3F815',
        confirmationCodeRequired: true,
        apn: 'globaldata',
      },
      qrCid: 'qr-ORD-7K3M9Q2XB4@esim',
      appleUrl: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1',
      accountUrl: 'http://localhost:3000/account/esim',
      pointsEarned: 20,
      pointsUsed: { points: 400, discountMinor: 400 },
    }),
  confirmationCode: (locale) => renderConfirmationCodeEmail({ ...brand, locale, orderId: 'ORD-7K3M9Q2XB4', plan, code: '4821' }),
  refund: (locale) =>
    renderRefundEmail({ ...brand, locale, orderId: 'ORD-7K3M9Q2XB4', plan, currency: 'EUR', cardMinor: 1599, points: 400 }),
  verify: (locale) => renderVerificationEmail({ ...brand, locale, url: 'http://localhost:3000/verify-email?token=abc' }),
  change: (locale) => renderVerificationEmail({ ...brand, locale, purpose: 'change', url: 'http://localhost:3000/verify-email?token=abc' }),
  reset: (locale) => renderPasswordResetEmail({ ...brand, locale, url: 'http://localhost:3000/reset-password?token=abc', minutes: 30 }),
  existsRegister: (locale) =>
    renderAccountExistsEmail({
      ...brand,
      locale,
      reason: 'register',
      loginUrl: 'http://localhost:3000/login',
      forgotPasswordUrl: 'http://localhost:3000/forgot-password',
    }),
  manageLink: (locale) =>
    renderManageLinkEmail({ ...brand, locale, orderId: 'ORD-7K3M9Q2XB4', url: 'http://localhost:3000/esim-link?token=abc' }),
  refundCode: (locale) => renderRefundCodeEmail({ ...brand, locale, orderId: 'ORD-7K3M9Q2XB4', code: '042917', minutes: 15 }),
  existsChange: (locale) =>
    renderAccountExistsEmail({
      ...brand,
      locale,
      reason: 'email_change',
      loginUrl: 'http://localhost:3000/login',
      forgotPasswordUrl: 'http://localhost:3000/forgot-password',
    }),
  newSignIn: (locale) =>
    renderNewSignInEmail({
      ...brand,
      locale,
      fresh: { address: true, browser: true },
      at: new Date('2026-03-01T12:00:00.000Z'),
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      sessionsUrl: 'http://localhost:3000/account/profile',
    }),
};

/** Text keys of the email namespace as they would show if a lookup failed ('order.heading'). */
const RAW_KEY = /\b(?:common|order|code|refund|verify|change|reset|exists|newSignIn|manage|refundCode)\.[a-z][A-Za-z]+\b/;

describe.each(Object.keys(TEMPLATES))('%s e-mail', (name) => {
  it.each([...SHOP_LANGUAGES])('%s: lang and dir set, every text filled in', (lang) => {
    const mail = TEMPLATES[name]!(lang);
    const dir = textDirection(lang);
    expect(mail.html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${lang}" dir="${dir}"`));
    expect(mail.html).toContain(`<body lang="${lang}" dir="${dir}"`);
    const tables = mail.html.match(/<table\b[^>]*>/g) ?? [];
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(table).toContain(`dir="${dir}"`);
    if (dir === 'rtl') expect(mail.html).toContain('text-align:right');
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('{{');
      expect(part).not.toContain('[[');
      expect(part).not.toMatch(RAW_KEY);
    }
    expect(mail.html).toContain('Travel eSIM');
    expect(mail.text).toContain('help@shop.example');
    expect(mail.subject.trim()).not.toBe('');
  });

  it('is written in each language, not in English', () => {
    const english = TEMPLATES[name]!('en');
    for (const lang of SHOP_LANGUAGES.filter((l) => l !== 'en')) {
      const mail = TEMPLATES[name]!(lang);
      expect(mail.subject, lang).not.toBe(english.subject);
      expect(mail.text.split('\n')[0], lang).not.toBe(english.text.split('\n')[0]);
    }
  });
});

describe('languages of the order e-mail', () => {
  it('Japanese: the subject, the plan from its facts and the receipt in Japanese', () => {
    const mail = TEMPLATES.order!('ja');
    expect(mail.subject).toBe(
      emailT('ja')('order.subject', { product: 'Travel eSIM', plan: '日本 5 GB – 30日間', order: 'ORD-7K3M9Q2XB4' }),
    );
    expect(mail.text).toContain('日本 5 GB – 30日間');
    expect(mail.text).toContain('領収書');
    expect(mail.html).toContain('アクティベーションコード');
    expect(mail.html).toContain('<html lang="ja" dir="ltr"');
  });

  it('Arabic: right to left, the plan named in Arabic, codes kept left to right', () => {
    const mail = TEMPLATES.order!('ar');
    expect(mail.html).toContain('<html lang="ar" dir="rtl"');
    expect(mail.subject).toContain('اليابان');
    expect(mail.html).toContain('<span dir="ltr" style="unicode-bidi:embed">8999912345678901230</span>');
    expect(mail.html).toContain('<code dir="ltr"');
  });

  it('a language the shop does not speak falls back to English', () => {
    const mail = renderVerificationEmail({ ...brand, locale: 'nl-NL', url: 'http://localhost:3000/v' });
    expect(mail.subject).toBe('Confirm your e-mail address for Travel eSIM');
    expect(mail.html).toContain('<html lang="en" dir="ltr"');
  });
});

describe('the delivery e-mail says what the provider said about the plan, and only that', () => {
  const order = (provided: EmailPlanProvided, locale: ShopLanguage = 'en') =>
    renderOrderEmail({
      ...brand,
      locale,
      order: { id: 'ORD-FACTS', plan: { ...plan, provided }, totalMinor: 1999, currency: 'USD', purchasedAt: '2026-03-01T12:00:00.000Z' },
      esim: {
        iccid: '8999912345678901230',
        activationCode: code,
        smdpAddress: 'smdp.sim.example',
        matchingId: 'M',
        confirmationCodeRequired: false,
        apn: 'globaldata',
      },
      qrCid: 'qr@esim',
      appleUrl: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1',
      accountUrl: 'http://localhost:3000/account/esim',
    });

  it('no facts: no plan-facts row, no validity-start sentence', () => {
    const mail = order(null);
    expect(mail.text).not.toContain('About this plan');
    expect(mail.text).not.toContain('first connects');
    expect(mail.html).not.toContain('first connects');
    expect(mail.text).not.toMatch(/4G|5G|hotspot/i);
  });

  it("the provider's facts in the receipt, and the validity note when it said validity starts at first connection", () => {
    const mail = order({
      operators: [{ country: 'JP', name: 'NTT Docomo', generation: '5G' }],
      hotspot: false,
      validityStarts: 'first_connection',
    });
    expect(mail.text).toContain('About this plan: 5G where available · No hotspot / tethering · Validity starts when you first connect');
    expect(mail.html).toContain('No hotspot / tethering');
    expect(mail.text).toContain('first connects');
    expect(mail.html).toContain('first connects');
    const de = order({ hotspot: true }, 'de');
    expect(de.text).toContain('Zum Tarif: Hotspot / Tethering erlaubt');
    expect(order({ hotspot: true }).text).not.toContain('first connects');
  });
});

type EmailPlanProvided = Parameters<typeof renderOrderEmail>[0]['order']['plan']['provided'];

describe("the install moment first (issue 26): the 'eSIM is ready' e-mail", () => {
  it.each([...SHOP_LANGUAGES])(
    '%s: one-tap iPhone link, QR code, activation code, SM-DP+ address, APN and the roaming reminder come before the receipt and the account block; one column',
    (lang) => {
      const t = emailT(lang);
      const mail = TEMPLATES.order!(lang);
      const escape = (s: string) =>
        s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
      // From the message itself on (the hidden preview line before it may name the install too):
      // each mark found after the one before it, and the receipt's heading nowhere before the roaming reminder.
      const order = (doc: string, marks: string[]) => {
        let pos = Math.max(0, doc.indexOf('role="article"'));
        const start = pos;
        for (const m of marks) {
          const at = doc.indexOf(m, pos);
          expect(at, `${lang}: '${m}' after the one before it`).toBeGreaterThanOrEqual(0);
          pos = at + m.length;
        }
        const receipt = doc.indexOf(marks[7]!, start);
        expect(receipt).toBeGreaterThan(doc.indexOf(marks[6]!, start));
        expect(doc.indexOf(marks[0]!, start)).toBeLessThan(doc.indexOf('smdp.sim.example', start));
      };
      order(mail.html, [
        escape(t('order.install')),
        'https://esimsetup.apple.com/esim_qrcode_provisioning',
        'cid:qr-ORD-7K3M9Q2XB4@esim',
        escape(code),
        'smdp.sim.example',
        'globaldata',
        escape(t('order.roaming')),
        escape(t('order.receipt')),
        'ORD-7K3M9Q2XB4',
        'http://localhost:3000/account/esim',
      ]);
      order(mail.text, [
        t('order.install').toUpperCase(),
        'https://esimsetup.apple.com/esim_qrcode_provisioning',
        t('order.scan'),
        code,
        'smdp.sim.example',
        'globaldata',
        t('order.roaming'),
        t('order.receipt').toUpperCase(),
        'ORD-7K3M9Q2XB4',
        'http://localhost:3000/account/esim',
      ]);
      // A single column at every width: the sections stack the same on a phone.
      const columns = [...mail.html.matchAll(/mj-column-per-(\d+)/g)].map((m) => m[1]);
      expect(columns.length).toBeGreaterThan(0);
      expect(new Set(columns)).toEqual(new Set(['100']));
    },
  );
});

describe("the 'Manage your eSIM' link and refund code e-mails (issue 26)", () => {
  it.each([...SHOP_LANGUAGES])('%s: the link as a button and in the text; the code in the subject, large and left to right', (lang) => {
    const link = TEMPLATES.manageLink!(lang);
    expect(link.html).toContain('href="http://localhost:3000/esim-link?token=abc"');
    expect(link.text).toContain('http://localhost:3000/esim-link?token=abc');
    expect(link.subject).toContain('ORD-7K3M9Q2XB4');
    const code = TEMPLATES.refundCode!(lang);
    expect(code.subject).toContain('042917');
    expect(code.html).toMatch(/letter-spacing:4px" dir="ltr">042917</);
    expect(code.text).toContain('042917');
  });
});
