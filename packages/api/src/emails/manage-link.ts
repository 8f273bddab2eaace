// Issue 26: every e-mail about an order carries a 'Manage your eSIM' link (a signed link to the
// order's eSIM page that works without an account). Added to the rendered message by the outbox
// (services/mail/mail-outbox.ts), so every kind of order e-mail gets it the same way.
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

/**
 * The message with a link added: a line (after `gap`) in the text, a block before the end of the
 * HTML body, right to left for Arabic.
 */
function withLinkBlock<M extends { text: string; html: string }>(
  message: M,
  url: string,
  w: { label: string; note: string },
  locale: string | null | undefined,
  { paddingTop, gap }: { paddingTop: number; gap: string },
): M {
  const dir = textDirection(shopLanguage(locale));
  const block =
    `<div dir="${dir}" style="max-width:600px;margin:0 auto;padding:${paddingTop}px 24px 24px;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans',Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">` +
    `<p style="margin:0 0 6px"><a href="${escapeHtml(url)}" style="color:#1864ab;font-weight:600">${escapeHtml(w.label)}</a></p>` +
    `<p style="margin:0;font-size:13px;color:#495057">${escapeHtml(w.note)}</p></div>`;
  const at = message.html.lastIndexOf('</body>');
  const html = at >= 0 ? `${message.html.slice(0, at)}${block}\n${message.html.slice(at)}` : `${message.html}${block}`;
  return { ...message, text: `${message.text}${gap}${w.label}: ${url}\n${w.note}\n`, html };
}

/** The message with the 'Manage your eSIM' link added. */
export function withManageLink<M extends { text: string; html: string }>(message: M, url: string, locale: string | null | undefined): M {
  return withLinkBlock(message, url, manageLinkWords(locale), locale, { paddingTop: 8, gap: '\n\n' });
}

// After a guest purchase the delivery e-mail also offers an account for the address (issue 26):
// choose a password; the orders join once the address is confirmed.
const ACCOUNT_WORDS: Record<ShopLanguage, { label: string; note: string }> = {
  en: {
    label: 'Create an account with this e-mail',
    note: 'See usage, top up and find your receipts in one place. Your orders join it once you confirm your address.',
  },
  ar: {
    label: 'أنشئ حسابًا بهذا البريد الإلكتروني',
    note: 'تابع الاستهلاك وأعد الشحن واعثر على إيصالاتك في مكان واحد. تنضم طلباتك إلى الحساب بعد تأكيد عنوانك.',
  },
  de: {
    label: 'Konto mit dieser E-Mail-Adresse anlegen',
    note: 'Verbrauch, Aufladen und Belege an einem Ort. Deine Bestellungen kommen dazu, sobald du die Adresse bestätigst.',
  },
  es: {
    label: 'Crear una cuenta con este correo',
    note: 'Consulta el consumo, recarga y encuentra tus recibos en un solo lugar. Tus pedidos se unen al confirmar tu dirección.',
  },
  fr: {
    label: 'Créer un compte avec cette adresse e-mail',
    note: 'Consommation, recharges et reçus au même endroit. Vos commandes y sont ajoutées dès que vous confirmez votre adresse.',
  },
  hi: { label: 'इस ई-मेल से खाता बनाएँ', note: 'उपयोग देखें, टॉप-अप करें और रसीदें एक ही जगह पाएँ। पता पुष्टि करते ही आपके ऑर्डर खाते में जुड़ जाते हैं।' },
  ja: {
    label: 'このメールアドレスでアカウントを作成',
    note: '使用量の確認、チャージ、領収書をひとつの場所で。アドレスを確認すると注文がアカウントに追加されます。',
  },
  pt: {
    label: 'Criar uma conta com este e-mail',
    note: 'Consulte o consumo, carregue e encontre os seus recibos num só lugar. As encomendas juntam-se quando confirmar o endereço.',
  },
  ru: {
    label: 'Создать аккаунт с этим адресом',
    note: 'Расход, пополнения и чеки в одном месте. Заказы появятся в аккаунте, когда вы подтвердите адрес.',
  },
  zh: { label: '用此邮箱创建账户', note: '在一个地方查看用量、充值并找到收据。确认邮箱后，您的订单会加入账户。' },
};

export function accountInviteWords(locale: string | null | undefined): { label: string; note: string } {
  return ACCOUNT_WORDS[shopLanguage(locale)] ?? ACCOUNT_WORDS.en;
}

/** The register page with the address filled in (in the fragment: never sent to a server, never in a log). */
export function accountInviteUrl(publicUrl: string, locale: string | null | undefined, email: string): string {
  const lang = shopLanguage(locale);
  const prefix = lang === 'en' ? '' : `/${lang}`;
  return `${publicUrl.replace(/\/+$/, '')}${prefix}/register#email=${encodeURIComponent(email)}`;
}

/** The message with 'Create an account with this e-mail' added, below the 'Manage your eSIM' link. */
export function withAccountInvite<M extends { text: string; html: string }>(message: M, url: string, locale: string | null | undefined): M {
  return withLinkBlock(message, url, accountInviteWords(locale), locale, { paddingTop: 0, gap: '\n' });
}
