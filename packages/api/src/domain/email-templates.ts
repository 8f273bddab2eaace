// The eSIM delivery e-mail: receipt, QR code (inline image by Content-ID), activation code,
// iPhone one-tap link and manual-install details. Pure: the caller renders the QR and passes
// its cid. Every value is HTML-escaped; links are kept only when they are http(s).
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

  const receipt: [string, string][] = [
    ['Order', order.id],
    ['Plan', order.planName],
    ['Data', order.dataAmount],
    ['Validity', validity],
    ['Total', total],
    ['Payment method', 'Card'],
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
