// Issue 26: every e-mail about an order carries a 'Manage your eSIM' link (a signed link to the
// order's eSIM page that works without an account). Added to the rendered message by the outbox
// (services/mail-outbox.ts), so every kind of order e-mail gets it the same way.
import { escapeHtml } from '../domain/email-templates.ts';
import { shopLanguage, textDirection, type ShopLanguage } from '../domain/language.ts';

const WORDS: Record<ShopLanguage, { label: string; note: string }> = {
  en: { label: 'Manage your eSIM', note: 'Install details, usage, top-ups and refunds — no account needed. Keep this link private.' },
  ar: {
    label: 'إدارة شريحة eSIM',
    note: 'تفاصيل التثبيت والاستهلاك وإعادة الشحن والاسترداد — دون حاجة إلى حساب. احتفظ بهذا الرابط لنفسك.',
  },
  de: {
    label: 'Deine eSIM verwalten',
    note: 'Installationsdaten, Verbrauch, Aufladungen und Erstattungen – ohne Konto. Gib diesen Link nicht weiter.',
  },
  es: { label: 'Gestionar tu eSIM', note: 'Datos de instalación, consumo, recargas y reembolsos, sin cuenta. No compartas este enlace.' },
  fr: {
    label: 'Gérer votre eSIM',
    note: 'Installation, consommation, recharges et remboursements, sans compte. Gardez ce lien pour vous.',
  },
  hi: { label: 'अपना eSIM प्रबंधित करें', note: 'इंस्टॉल विवरण, उपयोग, टॉप-अप और रिफ़ंड — किसी खाते की ज़रूरत नहीं। यह लिंक किसी से साझा न करें।' },
  ja: { label: 'eSIMを管理', note: 'インストール情報、使用量、チャージ、返金 — アカウント不要。このリンクは他人と共有しないでください。' },
  pt: { label: 'Gerir o seu eSIM', note: 'Dados de instalação, consumo, carregamentos e reembolsos, sem conta. Não partilhe este link.' },
  ru: { label: 'Управлять eSIM', note: 'Данные для установки, расход, пополнения и возвраты — без аккаунта. Не передавайте эту ссылку.' },
  zh: { label: '管理您的 eSIM', note: '安装信息、用量、充值和退款——无需账户。请勿与他人分享此链接。' },
};

export function manageLinkWords(locale: string | null | undefined): { label: string; note: string } {
  return WORDS[shopLanguage(locale)] ?? WORDS.en;
}

/** The message with the link added: a line in the text, a block before the end of the HTML body. */
export function withManageLink<M extends { text: string; html: string }>(message: M, url: string, locale: string | null | undefined): M {
  const lang = shopLanguage(locale);
  const w = manageLinkWords(lang);
  const dir = textDirection(lang);
  const block =
    `<div dir="${dir}" style="max-width:600px;margin:0 auto;padding:8px 24px 24px;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans',Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">` +
    `<p style="margin:0 0 6px"><a href="${escapeHtml(url)}" style="color:#1864ab;font-weight:600">${escapeHtml(w.label)}</a></p>` +
    `<p style="margin:0;font-size:13px;color:#495057">${escapeHtml(w.note)}</p></div>`;
  const at = message.html.lastIndexOf('</body>');
  const html = at >= 0 ? `${message.html.slice(0, at)}${block}\n${message.html.slice(at)}` : `${message.html}${block}`;
  return { ...message, text: `${message.text}\n\n${w.label}: ${url}\n${w.note}\n`, html };
}
