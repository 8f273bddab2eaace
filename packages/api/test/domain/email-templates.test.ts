import { describe, expect, it } from 'vitest';
import { appleInstallUrl } from '../../src/domain/activation-code.ts';
import { escapeHtml, safeHref } from '../../src/domain/email-templates.ts';
import { renderOrderEmail as renderEsimEmail, type OrderEmailInput as EsimEmailInput } from '../../src/emails/render.ts';

const code = 'LPA:1$smdp.sim.example$04386-AGYFT-A74Y8-3F815';
const input = (over: Partial<EsimEmailInput> = {}): EsimEmailInput => ({
  productName: 'Travel eSIM',
  supportEmail: 'help@shop.example',
  order: {
    id: 'ord_42',
    plan: {
      name: 'Japan 5GB',
      dataAmount: '5GB',
      dataMb: 5120,
      validityDays: 10,
      region: { code: 'JP', kind: 'country', name: 'Japan', coverage: 1 },
    },
    totalMinor: 1999,
    currency: 'GBP',
    purchasedAt: new Date(Date.UTC(2026, 4, 17, 9, 30)),
  },
  esim: {
    iccid: '8999912345678901230',
    activationCode: code,
    smdpAddress: 'smdp.sim.example',
    matchingId: '04386-AGYFT-A74Y8-3F815',
    confirmationCodeRequired: false,
    apn: 'globaldata',
  },
  qrCid: 'qr-ord_42@esim',
  appleUrl: appleInstallUrl(code),
  accountUrl: 'http://localhost:3000/account/esim',
  locale: 'en',
  ...over,
});

describe('renderEsimEmail', () => {
  const mail = renderEsimEmail(input());

  it('has a subject naming the plan (composed from its facts) and the order', () => {
    expect(mail.subject).toContain('Japan 5 GB – 10 days');
    expect(mail.subject).toContain('ord_42');
  });

  it.each([
    ['order id', 'ord_42'],
    ['plan', 'Japan 5 GB – 10 days'],
    ['data', '5 GB'],
    ['validity', '10 days'],
    ['total, Intl-formatted', '£19.99'],
    ['payment method', 'Card'],
    ['purchase date', '2026'],
    ['SM-DP+ address', 'smdp.sim.example'],
    ['matching ID', '04386-AGYFT-A74Y8-3F815'],
    ['APN', 'globaldata'],
    ['ICCID', '8999912345678901230'],
    ['roaming advice', 'data roaming'],
    ['support address', 'help@shop.example'],
  ])('text and HTML contain the %s', (_what, needle) => {
    expect(mail.text).toContain(needle);
    expect(mail.html).toContain(needle);
  });

  it('text carries the raw activation code and the iPhone link', () => {
    expect(mail.text).toContain(code);
    expect(mail.text).toContain(appleInstallUrl(code));
  });

  it('HTML embeds the QR by Content-ID and escapes the code', () => {
    expect(mail.html).toContain('src="cid:qr-ord_42@esim"');
    expect(mail.html).toContain(escapeHtml(code));
    expect(mail.html).toContain(`href="${escapeHtml(appleInstallUrl(code))}"`);
    expect(mail.html).toContain('Install on iPhone');
    expect(mail.html).toContain('href="http://localhost:3000/account/esim"');
  });

  it('formats money and dates for the locale', () => {
    const de = renderEsimEmail(input({ locale: 'de' }));
    expect(de.text).toMatch(/19,99\s£/);
    expect(de.html).toContain('lang="de"');
    const usd = renderEsimEmail(input({ order: { ...input().order, currency: 'USD', totalMinor: 450 } }));
    expect(usd.text).toContain('$4.50');
  });

  it('mentions the confirmation code only when one is required, never its value', () => {
    expect(mail.text).not.toMatch(/confirmation code/i);
    const cc = renderEsimEmail(input({ esim: { ...input().esim, confirmationCodeRequired: true } }));
    expect(cc.text).toMatch(/confirmation code/i);
    expect(cc.html).toMatch(/confirmation code/i);
  });

  it('omits the account link for guests', () => {
    const guest = renderEsimEmail(input({ accountUrl: undefined }));
    expect(guest.text).not.toContain('/account');
    expect(guest.html).not.toContain('/account');
  });

  it('escapes every value in the HTML', () => {
    const evil = '<script>alert("x")</script>&';
    const m = renderEsimEmail(
      input({
        productName: evil,
        order: { ...input().order, id: evil, plan: { name: evil, dataAmount: evil, validityDays: 10 } },
        esim: { ...input().esim, apn: evil, iccid: evil },
        qrCid: '"><img src=x onerror=alert(1)>',
      }),
    );
    expect(m.html).not.toContain('<script>');
    expect(m.html).not.toContain('"><img');
    expect(m.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;');
  });

  it('drops links that are not http(s)', () => {
    const m = renderEsimEmail(input({ appleUrl: 'javascript:alert(1)', accountUrl: 'data:text/html,x' }));
    expect(m.html).not.toContain('javascript:');
    expect(m.html).not.toContain('data:text');
    expect(m.html).not.toContain('Install on iPhone');
    expect(m.text).not.toContain('javascript:');
  });
});

describe('the plan without its destination (a plan since removed)', () => {
  it('keeps the stored name and composes data and validity', () => {
    const m = renderEsimEmail(
      input({ locale: 'ru', order: { ...input().order, plan: { name: 'Japan 5GB', dataAmount: '5GB', dataMb: null, validityDays: 21 } } }),
    );
    expect(m.subject).toContain('Japan 5GB');
    expect(m.text).toContain('21 день');
  });
});

describe('safeHref', () => {
  it.each([
    ['https://shop.example/a?b=1', 'https://shop.example/a?b=1'],
    ['http://localhost:3000/x', 'http://localhost:3000/x'],
    ['javascript:alert(1)', null],
    ['mailto:a@b.example', null],
    ['not a url', null],
    [undefined, null],
  ])('%j → %j', (url, expected) => {
    expect(safeHref(url)).toBe(expected);
  });
});

describe('escapeHtml', () => {
  it.each([
    ['a & b', 'a &amp; b'],
    ['<b>', '&lt;b&gt;'],
    [`"'`, '&quot;&#39;'],
    ['LPA:1$h$M', 'LPA:1$h$M'],
  ])('%j → %j', (s, expected) => {
    expect(escapeHtml(s)).toBe(expected);
  });
});

describe('rewards points in the delivery e-mail', () => {
  it('no points line for a guest or an order that earned and spent none', () => {
    const m = renderEsimEmail(input());
    expect(m.text).not.toMatch(/rewards points/i);
    expect(m.text).toContain('Payment method: Card');
  });

  it('points earned, and points that paid all of the order', () => {
    const total = input().order.totalMinor;
    const m = renderEsimEmail(input({ pointsEarned: 1234, pointsUsed: { points: total, discountMinor: total } }));
    expect(m.text).toContain('Rewards points earned: 1,234');
    expect(m.text).toContain('Rewards points used: 1,999 (paid £19.99)');
    expect(m.text).toContain('Payment method: Rewards points');
    expect(m.html).toContain('Rewards points earned');
    expect(m.html).toContain('1,234');
  });
});
