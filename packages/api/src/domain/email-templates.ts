// The eSIM delivery e-mail: receipt, QR code (inline image by Content-ID), activation code,
// iPhone one-tap link and manual-install details. Pure: the caller renders the QR and passes
// its cid. Every value is HTML-escaped; links are kept only when they are http(s).
import { ACCOUNT_EMAIL_TEXTS, RTL_EMAIL_LANGUAGES, emailLanguage } from './account-email-texts.ts';
import { formatMoney } from './money.ts';

export interface EsimEmailInput {
  productName: string;
  supportEmail: string;
  order: {
    id: string;
    planName: string;
    /** As the catalogue shows it, e.g. '5GB'. */
    dataAmount: string;
    validityDays: number;
    totalMinor: number;
    currency: string;
    purchasedAt: Date | string;
  };
  esim: {
    iccid: string;
    activationCode: string;
    smdpAddress: string;
    matchingId: string;
    confirmationCodeRequired: boolean;
    apn: string;
  };
  /** Content-ID of the attached QR image, without 'cid:' (e.g. 'qr-<order id>@esim'). */
  qrCid: string;
  /** appleInstallUrl(activationCode). */
  appleUrl: string;
  /** Where a signed-in shopper finds the order; omitted for guests without an account. */
  accountUrl?: string | undefined;
  /** BCP 47 tag for number and date formatting, e.g. 'en', 'de'. */
  locale: string;
  /** Rewards points this order earned (signed-in buyers); 0 or absent: no line. */
  pointsEarned?: number | undefined;
  /** Rewards points spent on this order, and what they paid (minor units of the order currency). */
  pointsUsed?: { points: number; discountMinor: number } | undefined;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function safeHref(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

function formatDate(d: Date | string, locale: string): string {
  const date = typeof d === 'string' ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) return String(d);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' }).format(date);
}

export function renderEsimEmail(input: EsimEmailInput): RenderedEmail {
  const { order, esim, locale } = input;
  const total = formatMoney(order.totalMinor, order.currency, locale);
  const purchased = formatDate(order.purchasedAt, locale);
  const validity = `${order.validityDays} ${order.validityDays === 1 ? 'day' : 'days'}`;
  const apple = safeHref(input.appleUrl);
  const account = safeHref(input.accountUrl);
  const subject = `Your ${input.productName} eSIM is ready: ${order.planName} (order ${order.id})`;
  const points = (n: number) => new Intl.NumberFormat(locale).format(n);
  const used = input.pointsUsed && input.pointsUsed.points > 0 ? input.pointsUsed : null;
  const paidAllWithPoints = used !== null && used.discountMinor >= order.totalMinor;
  const pointsLines = [
    ...(used
      ? [`${points(used.points)} rewards points paid ${formatMoney(used.discountMinor, order.currency, locale)} of this order.`]
      : []),
    ...(input.pointsEarned && input.pointsEarned > 0 ? [`You earned ${points(input.pointsEarned)} rewards points with this order.`] : []),
  ];

  const receipt: [string, string][] = [
    ['Order', order.id],
    ['Plan', order.planName],
    ['Data', order.dataAmount],
    ['Validity', validity],
    ['Total', total],
    ['Payment method', paidAllWithPoints ? 'Rewards points' : used ? 'Card and rewards points' : 'Card'],
    ['Purchase date', purchased],
  ];
  const manual: [string, string][] = [
    ['SM-DP+ address', esim.smdpAddress],
    ['Activation code (matching ID)', esim.matchingId],
    ['APN', esim.apn],
    ['ICCID', esim.iccid],
  ];
  const confirmationNote = esim.confirmationCodeRequired
    ? 'Your phone will ask for a confirmation code during installation. We send it to you in a separate message.'
    : null;
  const roaming = 'Turn on data roaming for this eSIM when you arrive, or it will not connect.';
  const validityNote = 'The validity period starts when the eSIM first connects in its coverage area, not at purchase.';
  const once = 'An eSIM can be installed only once. Keep this e-mail until the eSIM is installed.';

  const text = [
    `Thank you for your order. Your eSIM for ${order.planName} is ready to install.`,
    '',
    'RECEIPT',
    ...receipt.map(([k, v]) => `${k}: ${v}`),
    ...pointsLines,
    '',
    'INSTALL',
    'Scan the QR code in this e-mail from another screen: Settings > Mobile Data (or Connections) > Add eSIM.',
    ...(apple ? [`On an iPhone with iOS 17.4 or later, open this link on the phone itself: ${apple}`] : []),
    '',
    'Activation code:',
    esim.activationCode,
    '',
    'MANUAL INSTALLATION',
    ...manual.map(([k, v]) => `${k}: ${v}`),
    ...(confirmationNote ? [confirmationNote] : []),
    '',
    roaming,
    validityNote,
    once,
    '',
    ...(account ? [`Your orders and eSIMs: ${account}`] : []),
    `Questions? Write to ${input.supportEmail}.`,
    `${input.productName}`,
    '',
  ].join('\n');

  const row = ([k, v]: [string, string]) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;font-weight:600">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`;
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1b1e;line-height:1.5;max-width:600px;margin:0 auto;padding:16px">
<h1 style="font-size:22px">Your eSIM is ready</h1>
<p>Thank you for your order. Your eSIM for <strong>${e(order.planName)}</strong> is ready to install.</p>
<h2 style="font-size:18px">Receipt</h2>
<table role="presentation" cellspacing="0" cellpadding="0">${receipt.map(row).join('')}</table>
${pointsLines.map((l) => `<p>${e(l)}</p>`).join('\n')}
<h2 style="font-size:18px">Install</h2>
<p>Scan this QR code from another screen: Settings &gt; Mobile Data (or Connections) &gt; Add eSIM.</p>
<p><img src="cid:${e(input.qrCid)}" alt="QR code of your eSIM activation code" width="240" height="240" style="display:block"></p>
${apple ? `<p><a href="${e(apple)}" style="display:inline-block;background:#1864ab;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Install on iPhone</a><br><small>iOS 17.4 or later: open this e-mail on the iPhone and tap the button.</small></p>` : ''}
<p>Activation code:<br><code style="font-size:15px;word-break:break-all">${e(esim.activationCode)}</code></p>
<h2 style="font-size:18px">Manual installation</h2>
<table role="presentation" cellspacing="0" cellpadding="0">${manual.map(row).join('')}</table>
${confirmationNote ? `<p>${e(confirmationNote)}</p>` : ''}
<p><strong>${e(roaming)}</strong></p>
<p>${e(validityNote)}</p>
<p>${e(once)}</p>
${account ? `<p><a href="${e(account)}">Your orders and eSIMs</a></p>` : ''}
<p>Questions? Write to <a href="mailto:${e(input.supportEmail)}">${e(input.supportEmail)}</a>.</p>
<p>${e(input.productName)}</p>
</body>
</html>
`;
  return { subject, text, html };
}

/** The account's address confirmation: the link (one use, 48 hours) and what opening it does. */
export function renderVerificationEmail(input: { url: string; productName: string }): RenderedEmail {
  const { url, productName } = input;
  return {
    subject: `Confirm your e-mail address for ${productName}`,
    text:
      `Please confirm that this is your e-mail address by opening this link:\n\n${url}\n\n` +
      `Orders you placed as a guest with this address will then appear in your account.\n` +
      `The link works once, for 48 hours. If you did not create an account at ${productName}, ignore this e-mail.\n`,
    html:
      `<p>Please confirm that this is your e-mail address:</p>` +
      `<p><a href="${escapeHtml(url)}">Confirm my e-mail address</a></p>` +
      `<p>Orders you placed as a guest with this address will then appear in your account. ` +
      `The link works once, for 48 hours.</p>` +
      `<p>If you did not create an account at ${escapeHtml(productName)}, ignore this e-mail.</p>`,
  };
}

// ── account e-mails in the traveller's language (texts in account-email-texts.ts) ─────────────
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A short HTML e-mail: paragraphs, each optionally followed by a button-like link. */
function accountHtml(lang: string, subject: string, blocks: Array<{ text: string; link?: { href: string; label: string } }>): string {
  const e = escapeHtml;
  const dir = RTL_EMAIL_LANGUAGES.has(lang as never) ? 'rtl' : 'ltr';
  const body = blocks
    .map(({ text, link }) => {
      const p = `<p>${e(text)}</p>`;
      if (!link) return p;
      const href = safeHref(link.href);
      if (!href) return p;
      return `${p}\n<p><a href="${e(href)}" style="display:inline-block;background:#1864ab;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${e(link.label)}</a><br><small dir="ltr" style="word-break:break-all">${e(href)}</small></p>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="${e(lang)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1b1e;line-height:1.5;max-width:600px;margin:0 auto;padding:16px">
${body}
</body>
</html>
`;
}

export interface PasswordResetEmailInput {
  url: string;
  productName: string;
  /** How long the link works, in minutes. */
  minutes: number;
  /** The language the request came in ('ar', 'pt-BR', …); unknown → English. */
  locale?: string | null | undefined;
}

/** The password reset link: one use, `minutes` long; a newer link ends it; a reset signs out everywhere. */
export function renderPasswordResetEmail(input: PasswordResetEmailInput): RenderedEmail {
  const lang = emailLanguage(input.locale);
  const t = ACCOUNT_EMAIL_TEXTS[lang];
  const v = { product: input.productName, minutes: input.minutes };
  const subject = fill(t.resetSubject, v);
  const lines = [fill(t.resetIntro, v), fill(t.resetExpiry, v), fill(t.resetSignsOut, v), fill(t.resetIgnore, v)];
  return {
    subject,
    text: [lines[0], '', fill(t.resetLinkLead, v), '', input.url, '', ...lines.slice(1), '', input.productName, ''].join('\n'),
    html: accountHtml(lang, subject, [
      { text: lines[0]!, link: { href: input.url, label: fill(t.resetButton, v) } },
      ...lines.slice(1).map((text) => ({ text })),
      { text: input.productName },
    ]),
  };
}

export interface AccountExistsEmailInput {
  /** 'register': someone tried to register with the address; 'email_change': to switch another account to it. */
  reason: 'register' | 'email_change';
  productName: string;
  loginUrl: string;
  forgotPasswordUrl: string;
  locale?: string | null | undefined;
}

/** To the owner of an address someone else tried to use: nothing changed; sign in or reset if it was you. */
export function renderAccountExistsEmail(input: AccountExistsEmailInput): RenderedEmail {
  const lang = emailLanguage(input.locale);
  const t = ACCOUNT_EMAIL_TEXTS[lang];
  const v = { product: input.productName };
  const register = input.reason === 'register';
  const subject = fill(register ? t.existsSubjectRegister : t.existsSubjectChange, v);
  const intro = fill(register ? t.existsIntroRegister : t.existsIntroChange, v);
  return {
    subject,
    text: [
      intro,
      '',
      `${fill(t.existsSignIn, v)} ${input.loginUrl}`,
      `${fill(t.existsReset, v)} ${input.forgotPasswordUrl}`,
      '',
      fill(t.existsIgnore, v),
      '',
      input.productName,
      '',
    ].join('\n'),
    html: accountHtml(lang, subject, [
      { text: intro },
      { text: fill(t.existsSignIn, v), link: { href: input.loginUrl, label: fill(t.signInButton, v) } },
      { text: fill(t.existsReset, v), link: { href: input.forgotPasswordUrl, label: fill(t.existsResetButton, v) } },
      { text: fill(t.existsIgnore, v) },
      { text: input.productName },
    ]),
  };
}
