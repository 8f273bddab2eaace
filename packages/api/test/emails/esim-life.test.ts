// The e-mails of an eSIM's life (usage alerts, one day left, a top-up, a renewal's receipt, a failed
// renewal) in every language: language and direction set (Arabic right to left on html, body and
// every table), no text key or {{placeholder}} left, every line in the language itself (a text
// missing from a language would fall back to English), the plural forms a language needs, the
// link in both parts, the percentage or the amount, and ICCIDs, amounts and links left to right.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/money.ts';
import { SHOP_LANGUAGES, textDirection, type ShopLanguage } from '../../src/domain/language.ts';
import { renderEsimLifeEmail, type EsimLifeEmailFacts, type EsimLifeKind } from '../../src/emails/render-esim.ts';
import { emailT } from '../../src/emails/i18n.ts';
import { ESIM_LIFE_EMAIL_KINDS } from '../../src/services/esims/esim-emails.ts';

const ICCID = '8999912345678901230';
const ESIM_URL = 'http://localhost:3000/account/esim/8999912345678901230';
const RECEIPT_URL = 'http://localhost:3000/account/orders/ORD-7K3M9Q2XB4/receipt';
const ACCOUNT_URL = 'http://localhost:3000/account';

function facts(kind: EsimLifeKind, locale: ShopLanguage, over: Partial<EsimLifeEmailFacts> = {}): EsimLifeEmailFacts {
  const base: EsimLifeEmailFacts = {
    kind,
    productName: 'Travel eSIM',
    supportEmail: 'help@shop.example',
    locale,
    orderId: 'ORD-7K3M9Q2XB4',
    iccid: ICCID,
    plan: {
      name: 'Japan 5GB 30 Days',
      dataAmount: '5GB',
      dataMb: 5120,
      validityDays: 30,
      region: { code: 'JP', kind: 'country', name: 'Japan', coverage: 1 },
    },
    esimUrl: ESIM_URL,
    receiptUrl: RECEIPT_URL,
    accountUrl: ACCOUNT_URL,
    packageDataMb: 5120,
    packageUsedMb: 4198,
    daysLeft: 12,
    expiresAt: '2026-03-31T12:00:00.000Z',
    esimUsedMb: 4198,
    esimTotalMb: 10240,
    amountMinor: 1699,
    currency: 'EUR',
    periodStart: '2026-03-01T12:00:00.000Z',
    validityDays: 30,
  };
  return { ...base, ...over };
}

/** The link each kind leads to (its button, and the fallback link under it). */
const LINK: Record<EsimLifeKind, string> = {
  usage_50: ESIM_URL,
  usage_80: ESIM_URL,
  usage_90: ESIM_URL,
  validity_1d: ESIM_URL,
  topup_applied: ESIM_URL,
  renewal_receipt: RECEIPT_URL,
  renewal_failed: ACCOUNT_URL,
};

/** Text keys of the email namespace as they would show if a lookup failed ('esim.usage.heading'). */
const RAW_KEY = /\b(?:common|esim|usage|validity|topup|renewal|renewalFailed)\.[a-z][A-Za-z.]+\b/;

const KINDS = [...ESIM_LIFE_EMAIL_KINDS] as EsimLifeKind[];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('every eSIM e-mail in every language', () => {
  describe.each(KINDS)('%s', (kind) => {
    it.each([...SHOP_LANGUAGES])('%s: lang and dir set, every text filled in, the link in both parts', (lang) => {
      const mail = renderEsimLifeEmail(facts(kind, lang));
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
      expect(mail.subject.trim()).not.toBe('');
      expect(mail.html).toContain(`href="${LINK[kind]}"`);
      expect(mail.text).toContain(LINK[kind]);
      expect(mail.html).toContain(`dir="ltr" style="unicode-bidi:embed">${ICCID}</span>`);
      expect(mail.text).toContain(ICCID);
      expect(mail.html).toContain('Travel eSIM');
      expect(mail.text).toContain('help@shop.example');
    });

    it('every line is written in the language, not in English', () => {
      const english = renderEsimLifeEmail(facts(kind, 'en'));
      const englishLines = new Set(english.text.split('\n').filter((l) => l.trim() !== ''));
      for (const lang of SHOP_LANGUAGES.filter((l) => l !== 'en')) {
        const mail = renderEsimLifeEmail(facts(kind, lang));
        expect(mail.subject, lang).not.toBe(english.subject);
        // The ICCID row may read the same ('eSIM (ICCID): 8999…'); every other line must differ.
        const iccidLine = `${emailT(lang)('esim.iccid')}: ${ICCID}`;
        const same = mail.text.split('\n').filter((l) => englishLines.has(l) && l !== iccidLine);
        expect(same, `${kind} ${lang}: lines still in English`).toEqual([]);
      }
    });
  });
});

describe('what each e-mail says', () => {
  it.each(['usage_50', 'usage_80', 'usage_90'] as const)(
    '%s: the percentage in subject and body, used and left, days left, a top-up button',
    (kind) => {
      const percent = Number(kind.slice(6));
      for (const lang of SHOP_LANGUAGES) {
        const mail = renderEsimLifeEmail(facts(kind, lang));
        const shown = new Intl.NumberFormat(lang, { style: 'percent' }).format(percent / 100);
        expect(mail.subject, lang).toContain(shown);
        expect(mail.text, lang).toContain(shown);
        expect(mail.html, lang).toContain(shown);
        const t = emailT(lang);
        expect(mail.html, lang).toMatch(new RegExp(`>\\s*${escapeRegExp(t('esim.topUpButton'))}\\s*</a>`));
        expect(mail.text, lang).toContain(t('esim.daysLeftValue', { count: 12 }));
        expect(mail.text, lang).toContain(t('esim.sameEsim'));
      }
      const en = renderEsimLifeEmail(facts(kind, 'en'));
      expect(en.subject).toBe(`You've used ${percent}% of your Japan 5 GB – 30 days data`);
      expect(en.text).toContain('Data used: 4.1 GB of 5 GB');
      expect(en.text).toContain('Data left: 922 MB');
      expect(en.text).toContain('Days left: 12 days');
      expect(en.text).toContain(`Top up my eSIM: ${ESIM_URL}`);
      expect(en.text).toContain('no new QR code');
    },
  );

  it('usage: no days-left row before the eSIM is activated', () => {
    const mail = renderEsimLifeEmail(facts('usage_50', 'en', { daysLeft: null, expiresAt: null }));
    expect(mail.text).not.toContain('Days left');
    expect(mail.text).not.toContain('Valid until');
  });

  it('validity_1d: one day left, the expiry date and time, a top-up link', () => {
    const en = renderEsimLifeEmail(facts('validity_1d', 'en', { daysLeft: 1, expiresAt: '2026-03-31T12:00:00.000Z' }));
    expect(en.subject).toBe('1 day left on your Japan 5 GB – 30 days eSIM');
    expect(en.text).toContain('is valid until Mar 31, 2026, 12:00:00 PM UTC');
    expect(en.text).toContain(`Top up my eSIM: ${ESIM_URL}`);
    const ar = renderEsimLifeEmail(facts('validity_1d', 'ar', { daysLeft: 1 }));
    expect(ar.subject).toContain('يوم واحد');
    const ru = renderEsimLifeEmail(facts('validity_1d', 'ru', { daysLeft: 1 }));
    expect(ru.subject).toContain('1 день');
  });

  it('topup_applied: data added, the new total, the amount paid (left to right in Arabic)', () => {
    for (const lang of SHOP_LANGUAGES) {
      const mail = renderEsimLifeEmail(facts('topup_applied', lang, { packageDataMb: 1024, packageUsedMb: 0 }));
      const amount = formatMoney(1699, 'EUR', lang);
      expect(mail.text, lang).toContain(amount);
      expect(mail.html, lang).toContain(`<span dir="ltr" style="unicode-bidi:embed">${amount}</span>`);
    }
    const en = renderEsimLifeEmail(facts('topup_applied', 'en', { packageDataMb: 1024, packageUsedMb: 0 }));
    expect(en.subject).toBe('1 GB added to your eSIM (Japan 5 GB – 30 days)');
    expect(en.text).toContain('Data added: 1 GB');
    expect(en.text).toContain('New eSIM total: 10 GB');
    expect(en.text).toContain('Amount paid: €16.99');
  });

  it('renewal_receipt: the amount and currency, the period, the data added, the receipt link', () => {
    const en = renderEsimLifeEmail(facts('renewal_receipt', 'en'));
    expect(en.subject).toBe('Receipt for your Japan 5 GB – 30 days subscription (€16.99)');
    expect(en.text).toContain('Amount charged: €16.99');
    // Intl puts thin spaces around the range's dash.
    expect(en.text.replace(/\u2009/g, ' ')).toContain('Period: Mar 1 – 31, 2026');
    expect(en.text).toContain('Data added: 5 GB');
    expect(en.text).toContain(`View the receipt: ${RECEIPT_URL}`);
    expect(en.html).toContain(`href="${ESIM_URL}"`);
    for (const lang of SHOP_LANGUAGES) {
      const mail = renderEsimLifeEmail(facts('renewal_receipt', lang, { currency: 'GBP', amountMinor: 1299 }));
      const amount = formatMoney(1299, 'GBP', lang);
      expect(mail.subject, lang).toContain(amount);
      expect(mail.text, lang).toContain(amount);
      expect(mail.html, lang).toContain(`<span dir="ltr" style="unicode-bidi:embed">${amount}</span>`);
    }
  });

  it('renewal_failed: what to do (card, support address), a retry, the eSIM keeps working', () => {
    const en = renderEsimLifeEmail(facts('renewal_failed', 'en'));
    expect(en.subject).toBe('We could not renew your Japan 5 GB – 30 days subscription');
    expect(en.text).toContain('We will try the payment again');
    expect(en.text).toContain('check that your card is still valid');
    expect(en.text).toContain('write to us at help@shop.example');
    expect(en.text).toContain('Your eSIM keeps working until its current data or validity runs out.');
    for (const lang of SHOP_LANGUAGES) {
      const mail = renderEsimLifeEmail(facts('renewal_failed', lang));
      expect(mail.html, lang).toContain('<a href="mailto:help@shop.example" dir="ltr"');
    }
  });

  it('Arabic: right to left, the plan named in Arabic, the link and ICCID left to right', () => {
    const mail = renderEsimLifeEmail(facts('usage_80', 'ar'));
    expect(mail.html).toContain('<html lang="ar" dir="rtl"');
    expect(mail.subject).toContain('اليابان');
    expect(mail.html).toContain(`<a href="${ESIM_URL}" dir="ltr"`);
    expect(mail.html).toContain(`<span dir="ltr" style="unicode-bidi:embed">${ICCID}</span>`);
  });

  it('the language of the order; one the shop does not speak falls back to English', () => {
    const ja = renderEsimLifeEmail(facts('usage_80', 'ja'));
    expect(ja.subject).toBe('日本 5 GB – 30日間のデータを80%使用しました');
    const nl = renderEsimLifeEmail(facts('usage_80', 'nl-NL' as ShopLanguage));
    expect(nl.html).toContain('<html lang="en" dir="ltr"');
    expect(nl.subject).toBe("You've used 80% of your Japan 5 GB – 30 days data");
  });

  it('values are escaped: a plan name or link cannot inject HTML; a non-http link is dropped', () => {
    const mail = renderEsimLifeEmail(
      facts('usage_80', 'en', { plan: { name: '<b>x</b>', dataAmount: '5GB', validityDays: 30 }, esimUrl: 'javascript:alert(1)' }),
    );
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
  });
});

describe('plural forms', () => {
  const root = join(import.meta.dirname, '..', '..', '..', 'i18n', 'locales');
  const esimTexts = (lang: string) =>
    (JSON.parse(readFileSync(join(root, lang, 'email.json'), 'utf8')) as { esim: Record<string, unknown> }).esim;
  /** 'validity.heading' → the forms present ('one', 'other', …). */
  function forms(obj: Record<string, unknown>, prefix = '', out = new Map<string, Set<string>>()) {
    for (const [k, v] of Object.entries(obj)) {
      if (v && typeof v === 'object') forms(v as Record<string, unknown>, `${prefix}${k}.`, out);
      const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(k);
      if (m) out.set(`${prefix}${m[1]}`, (out.get(`${prefix}${m[1]}`) ?? new Set()).add(m[2]!));
    }
    return out;
  }
  const COUNTS = [0, 1, 2, 3, 4, 5, 7, 11, 12, 21, 22, 25, 30, 100, 101, 102, 111];

  it.each([...SHOP_LANGUAGES])('%s: every count of days has its own form (not the English fallback)', (lang) => {
    const english = forms(esimTexts('en'));
    const own = forms(esimTexts(lang));
    expect(english.size).toBeGreaterThan(0);
    const rules = new Intl.PluralRules(lang);
    for (const base of english.keys()) {
      for (const n of COUNTS) expect(own.get(base)?.has(rules.select(n)), `${lang} esim.${base} for ${n} (${rules.select(n)})`).toBe(true);
    }
  });
});
