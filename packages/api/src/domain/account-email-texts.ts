// Texts of the account e-mails a stranger's request can cause (password reset link; "someone
// tried to use your address" notice), in the web app's ten languages. Pure data: `{product}` and
// `{minutes}` are filled in by email-templates.ts. English is the reference; every language has
// every key (domain test).

export const EMAIL_LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ar', 'pt', 'ru', 'ja', 'hi'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

/** Right-to-left languages among EMAIL_LANGUAGES. */
export const RTL_EMAIL_LANGUAGES: ReadonlySet<EmailLanguage> = new Set(['ar']);

/** 'pt-BR' → 'pt', 'AR' → 'ar'; anything else (or nothing) → 'en'. */
export function emailLanguage(locale: string | null | undefined): EmailLanguage {
  const base = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (EMAIL_LANGUAGES as readonly string[]).includes(base) ? (base as EmailLanguage) : 'en';
}

export interface AccountEmailTexts {
  resetSubject: string;
  resetIntro: string;
  resetLinkLead: string;
  resetButton: string;
  resetExpiry: string;
  resetSignsOut: string;
  resetIgnore: string;
  existsSubjectRegister: string;
  existsIntroRegister: string;
  existsSubjectChange: string;
  existsIntroChange: string;
  existsSignIn: string;
  signInButton: string;
  existsReset: string;
  existsResetButton: string;
  existsIgnore: string;
}

export const ACCOUNT_EMAIL_TEXTS: Record<EmailLanguage, AccountEmailTexts> = {
  en: {
    resetSubject: 'Reset your {product} password',
    resetIntro: 'We received a request to reset the password of your {product} account.',
    resetLinkLead: 'Open this link to choose a new password:',
    resetButton: 'Choose a new password',
    resetExpiry: 'The link works once, for {minutes} minutes. If you ask for another link, this one stops working.',
    resetSignsOut: 'Setting a new password signs you out on all your devices.',
    resetIgnore: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    existsSubjectRegister: 'Someone tried to create a {product} account with your e-mail address',
    existsIntroRegister:
      'Someone tried to create a new {product} account with this e-mail address. It already belongs to your account, so no new account was created.',
    existsSubjectChange: 'Someone tried to use your e-mail address for another {product} account',
    existsIntroChange:
      'Someone asked to move another {product} account to this e-mail address. It already belongs to your account, so nothing was changed.',
    existsSignIn: 'If it was you, sign in:',
    signInButton: 'Sign in',
    existsReset: 'Forgot your password? Choose a new one:',
    existsResetButton: 'Reset my password',
    existsIgnore: 'If it was not you, you can ignore this e-mail. Your account has not been changed.',
  },
  es: {
    resetSubject: 'Restablece tu contraseña de {product}',
    resetIntro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de {product}.',
    resetLinkLead: 'Abre este enlace para elegir una contraseña nueva:',
    resetButton: 'Elegir una contraseña nueva',
    resetExpiry: 'El enlace funciona una sola vez, durante {minutes} minutos. Si pides otro enlace, este dejará de funcionar.',
    resetSignsOut: 'Al establecer una contraseña nueva se cerrará tu sesión en todos tus dispositivos.',
    resetIgnore: 'Si no lo has pedido tú, puedes ignorar este correo: tu contraseña no cambiará.',
    existsSubjectRegister: 'Alguien intentó crear una cuenta de {product} con tu dirección de correo',
    existsIntroRegister:
      'Alguien intentó crear una cuenta nueva de {product} con esta dirección de correo. Ya pertenece a tu cuenta, así que no se ha creado ninguna cuenta nueva.',
    existsSubjectChange: 'Alguien intentó usar tu dirección de correo para otra cuenta de {product}',
    existsIntroChange:
      'Alguien pidió cambiar otra cuenta de {product} a esta dirección de correo. Ya pertenece a tu cuenta, así que no se ha cambiado nada.',
    existsSignIn: 'Si fuiste tú, inicia sesión:',
    signInButton: 'Iniciar sesión',
    existsReset: '¿Has olvidado tu contraseña? Elige una nueva:',
    existsResetButton: 'Restablecer mi contraseña',
    existsIgnore: 'Si no fuiste tú, puedes ignorar este correo. Tu cuenta no ha cambiado.',
  },
  fr: {
    resetSubject: 'Réinitialisez votre mot de passe {product}',
    resetIntro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {product}.',
    resetLinkLead: 'Ouvrez ce lien pour choisir un nouveau mot de passe :',
    resetButton: 'Choisir un nouveau mot de passe',
    resetExpiry:
      'Le lien fonctionne une seule fois, pendant {minutes} minutes. Si vous demandez un autre lien, celui-ci cessera de fonctionner.',
    resetSignsOut: 'Définir un nouveau mot de passe vous déconnecte sur tous vos appareils.',
    resetIgnore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    existsSubjectRegister: "Quelqu'un a essayé de créer un compte {product} avec votre adresse e-mail",
    existsIntroRegister:
      "Quelqu'un a essayé de créer un nouveau compte {product} avec cette adresse e-mail. Elle appartient déjà à votre compte : aucun nouveau compte n'a été créé.",
    existsSubjectChange: "Quelqu'un a essayé d'utiliser votre adresse e-mail pour un autre compte {product}",
    existsIntroChange:
      "Quelqu'un a demandé à associer un autre compte {product} à cette adresse e-mail. Elle appartient déjà à votre compte : rien n'a été modifié.",
    existsSignIn: "Si c'était vous, connectez-vous :",
    signInButton: 'Se connecter',
    existsReset: 'Mot de passe oublié ? Choisissez-en un nouveau :',
    existsResetButton: 'Réinitialiser mon mot de passe',
    existsIgnore: "Si ce n'était pas vous, ignorez cet e-mail. Votre compte n'a pas été modifié.",
  },
  de: {
    resetSubject: 'Setzen Sie Ihr {product}-Passwort zurück',
    resetIntro: 'Wir haben eine Anfrage erhalten, das Passwort Ihres {product}-Kontos zurückzusetzen.',
    resetLinkLead: 'Öffnen Sie diesen Link, um ein neues Passwort zu wählen:',
    resetButton: 'Neues Passwort wählen',
    resetExpiry:
      'Der Link funktioniert einmal und {minutes} Minuten lang. Wenn Sie einen weiteren Link anfordern, funktioniert dieser nicht mehr.',
    resetSignsOut: 'Mit einem neuen Passwort werden Sie auf allen Ihren Geräten abgemeldet.',
    resetIgnore: 'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
    existsSubjectRegister: 'Jemand hat versucht, mit Ihrer E-Mail-Adresse ein {product}-Konto anzulegen',
    existsIntroRegister:
      'Jemand hat versucht, mit dieser E-Mail-Adresse ein neues {product}-Konto anzulegen. Sie gehört bereits zu Ihrem Konto, daher wurde kein neues Konto angelegt.',
    existsSubjectChange: 'Jemand hat versucht, Ihre E-Mail-Adresse für ein anderes {product}-Konto zu verwenden',
    existsIntroChange:
      'Jemand wollte ein anderes {product}-Konto auf diese E-Mail-Adresse umstellen. Sie gehört bereits zu Ihrem Konto, daher wurde nichts geändert.',
    existsSignIn: 'Wenn Sie das waren, melden Sie sich an:',
    signInButton: 'Anmelden',
    existsReset: 'Passwort vergessen? Wählen Sie ein neues:',
    existsResetButton: 'Passwort zurücksetzen',
    existsIgnore: 'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren. Ihr Konto wurde nicht verändert.',
  },
  zh: {
    resetSubject: '重置您的 {product} 密码',
    resetIntro: '我们收到了重置您 {product} 账户密码的请求。',
    resetLinkLead: '打开此链接设置新密码：',
    resetButton: '设置新密码',
    resetExpiry: '此链接仅可使用一次，有效期 {minutes} 分钟。如果您再次申请链接，此链接将失效。',
    resetSignsOut: '设置新密码后，您将在所有设备上退出登录。',
    resetIgnore: '如果这不是您本人的操作，请忽略此邮件：您的密码不会改变。',
    existsSubjectRegister: '有人尝试使用您的电子邮件地址创建 {product} 账户',
    existsIntroRegister: '有人尝试使用此电子邮件地址创建新的 {product} 账户。该地址已属于您的账户，因此没有创建新账户。',
    existsSubjectChange: '有人尝试将您的电子邮件地址用于另一个 {product} 账户',
    existsIntroChange: '有人请求将另一个 {product} 账户改用此电子邮件地址。该地址已属于您的账户，因此没有做任何更改。',
    existsSignIn: '如果是您本人，请登录：',
    signInButton: '登录',
    existsReset: '忘记密码？设置一个新密码：',
    existsResetButton: '重置我的密码',
    existsIgnore: '如果不是您本人，可以忽略此邮件。您的账户没有任何变化。',
  },
  ar: {
    resetSubject: 'أعد تعيين كلمة مرور {product}',
    resetIntro: 'تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في {product}.',
    resetLinkLead: 'افتح هذا الرابط لاختيار كلمة مرور جديدة:',
    resetButton: 'اختر كلمة مرور جديدة',
    resetExpiry: 'يعمل الرابط مرة واحدة فقط، لمدة {minutes} دقيقة. إذا طلبت رابطًا آخر، يتوقف هذا الرابط عن العمل.',
    resetSignsOut: 'يؤدي تعيين كلمة مرور جديدة إلى تسجيل خروجك من جميع أجهزتك.',
    resetIgnore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
    existsSubjectRegister: 'حاول شخص ما إنشاء حساب في {product} باستخدام عنوان بريدك الإلكتروني',
    existsIntroRegister:
      'حاول شخص ما إنشاء حساب جديد في {product} باستخدام عنوان البريد الإلكتروني هذا. العنوان مرتبط بحسابك بالفعل، لذلك لم يُنشأ أي حساب جديد.',
    existsSubjectChange: 'حاول شخص ما استخدام عنوان بريدك الإلكتروني لحساب آخر في {product}',
    existsIntroChange:
      'طلب شخص ما نقل حساب آخر في {product} إلى عنوان البريد الإلكتروني هذا. العنوان مرتبط بحسابك بالفعل، لذلك لم يتغيّر شيء.',
    existsSignIn: 'إذا كنت أنت، فسجّل الدخول:',
    signInButton: 'تسجيل الدخول',
    existsReset: 'نسيت كلمة المرور؟ اختر كلمة مرور جديدة:',
    existsResetButton: 'إعادة تعيين كلمة المرور',
    existsIgnore: 'إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة. لم يتغيّر أي شيء في حسابك.',
  },
  pt: {
    resetSubject: 'Redefina sua senha do {product}',
    resetIntro: 'Recebemos um pedido para redefinir a senha da sua conta {product}.',
    resetLinkLead: 'Abra este link para escolher uma nova senha:',
    resetButton: 'Escolher uma nova senha',
    resetExpiry: 'O link funciona uma única vez, durante {minutes} minutos. Se você pedir outro link, este deixa de funcionar.',
    resetSignsOut: 'Ao definir uma nova senha, você sai da conta em todos os seus dispositivos.',
    resetIgnore: 'Se não foi você que pediu, pode ignorar este e-mail: sua senha continua a mesma.',
    existsSubjectRegister: 'Alguém tentou criar uma conta {product} com seu endereço de e-mail',
    existsIntroRegister:
      'Alguém tentou criar uma nova conta {product} com este endereço de e-mail. Ele já pertence à sua conta, por isso nenhuma conta nova foi criada.',
    existsSubjectChange: 'Alguém tentou usar seu endereço de e-mail em outra conta {product}',
    existsIntroChange:
      'Alguém pediu para mudar outra conta {product} para este endereço de e-mail. Ele já pertence à sua conta, por isso nada foi alterado.',
    existsSignIn: 'Se foi você, entre na sua conta:',
    signInButton: 'Entrar',
    existsReset: 'Esqueceu a senha? Escolha uma nova:',
    existsResetButton: 'Redefinir minha senha',
    existsIgnore: 'Se não foi você, pode ignorar este e-mail. Sua conta não foi alterada.',
  },
  ru: {
    resetSubject: 'Сброс пароля {product}',
    resetIntro: 'Мы получили запрос на сброс пароля вашей учётной записи {product}.',
    resetLinkLead: 'Откройте эту ссылку, чтобы выбрать новый пароль:',
    resetButton: 'Выбрать новый пароль',
    resetExpiry: 'Ссылка работает один раз в течение {minutes} минут. Если вы запросите другую ссылку, эта перестанет работать.',
    resetSignsOut: 'После установки нового пароля вы выйдете из учётной записи на всех устройствах.',
    resetIgnore: 'Если вы этого не запрашивали, просто проигнорируйте это письмо: ваш пароль останется прежним.',
    existsSubjectRegister: 'Кто-то пытался создать учётную запись {product} с вашим адресом электронной почты',
    existsIntroRegister:
      'Кто-то пытался создать новую учётную запись {product} с этим адресом электронной почты. Он уже принадлежит вашей учётной записи, поэтому новая учётная запись не создана.',
    existsSubjectChange: 'Кто-то пытался использовать ваш адрес электронной почты для другой учётной записи {product}',
    existsIntroChange:
      'Кто-то попросил перевести другую учётную запись {product} на этот адрес электронной почты. Он уже принадлежит вашей учётной записи, поэтому ничего не изменилось.',
    existsSignIn: 'Если это были вы, войдите:',
    signInButton: 'Войти',
    existsReset: 'Забыли пароль? Выберите новый:',
    existsResetButton: 'Сбросить пароль',
    existsIgnore: 'Если это были не вы, просто проигнорируйте это письмо. Ваша учётная запись не изменилась.',
  },
  ja: {
    resetSubject: '{product} のパスワードの再設定',
    resetIntro: '{product} アカウントのパスワード再設定のリクエストを受け付けました。',
    resetLinkLead: '次のリンクを開いて新しいパスワードを設定してください：',
    resetButton: '新しいパスワードを設定する',
    resetExpiry: 'このリンクは {minutes} 分間、1 回だけ使用できます。別のリンクをリクエストすると、このリンクは使えなくなります。',
    resetSignsOut: '新しいパスワードを設定すると、すべての端末でログアウトされます。',
    resetIgnore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
    existsSubjectRegister: 'あなたのメールアドレスで {product} アカウントの作成が試みられました',
    existsIntroRegister:
      'このメールアドレスで新しい {product} アカウントの作成が試みられました。このアドレスはすでにあなたのアカウントで使われているため、新しいアカウントは作成されていません。',
    existsSubjectChange: 'あなたのメールアドレスを別の {product} アカウントで使用しようとする操作がありました',
    existsIntroChange:
      '別の {product} アカウントのメールアドレスをこのアドレスに変更するリクエストがありました。このアドレスはすでにあなたのアカウントで使われているため、何も変更されていません。',
    existsSignIn: 'ご本人の場合は、ログインしてください：',
    signInButton: 'ログイン',
    existsReset: 'パスワードをお忘れですか？新しいパスワードを設定できます：',
    existsResetButton: 'パスワードを再設定する',
    existsIgnore: 'お心当たりがない場合は、このメールを無視してください。アカウントは変更されていません。',
  },
  hi: {
    resetSubject: 'अपना {product} पासवर्ड रीसेट करें',
    resetIntro: 'हमें आपके {product} खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।',
    resetLinkLead: 'नया पासवर्ड चुनने के लिए यह लिंक खोलें:',
    resetButton: 'नया पासवर्ड चुनें',
    resetExpiry: 'यह लिंक केवल एक बार, {minutes} मिनट तक काम करता है। अगर आप दूसरा लिंक माँगते हैं, तो यह लिंक काम करना बंद कर देगा।',
    resetSignsOut: 'नया पासवर्ड सेट करने पर आप अपने सभी डिवाइस से साइन आउट हो जाएँगे।',
    resetIgnore: 'अगर आपने यह अनुरोध नहीं किया है, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।',
    existsSubjectRegister: 'किसी ने आपके ईमेल पते से {product} खाता बनाने की कोशिश की',
    existsIntroRegister:
      'किसी ने इस ईमेल पते से नया {product} खाता बनाने की कोशिश की। यह पता पहले से आपके खाते से जुड़ा है, इसलिए कोई नया खाता नहीं बनाया गया।',
    existsSubjectChange: 'किसी ने आपके ईमेल पते को किसी दूसरे {product} खाते के लिए इस्तेमाल करने की कोशिश की',
    existsIntroChange:
      'किसी ने एक दूसरे {product} खाते को इस ईमेल पते पर बदलने का अनुरोध किया। यह पता पहले से आपके खाते से जुड़ा है, इसलिए कुछ भी नहीं बदला गया।',
    existsSignIn: 'अगर यह आप थे, तो साइन इन करें:',
    signInButton: 'साइन इन करें',
    existsReset: 'पासवर्ड भूल गए? नया पासवर्ड चुनें:',
    existsResetButton: 'मेरा पासवर्ड रीसेट करें',
    existsIgnore: 'अगर यह आप नहीं थे, तो इस ईमेल को अनदेखा करें। आपके खाते में कोई बदलाव नहीं हुआ है।',
  },
};
