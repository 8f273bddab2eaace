// Issue 30: support tickets. A contact message or a 'get help' from an eSIM's page opens a ticket
// (number T-000123 from its id, so unique across server instances) with a status (open, waiting
// for the traveller, solved) and a thread (customer / agent / internal note); every status move is
// one ticket_events row. Canned answers per language for the back office (a small seeded set, the
// owner edits them). The newsletter becomes double opt-in: a subscription counts from confirmed_at;
// the addresses already on the list are kept as confirmed (their subscription predates opt-in).
// Every contact message stored before this migration becomes a ticket with its message as the thread.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { type Kysely, sql } from 'kysely';
import { idColumn } from './util.ts';

// A small seeded set of canned answers per language (the owner edits, adds and deletes them).
const CANNED: ReadonlyArray<readonly [string, string, string]> = [
  ['en', 'We are looking into it', 'Thank you for your message. We are looking into it and will get back to you as soon as we can.'],
  [
    'en',
    'Turn on data roaming',
    'Please check that data roaming is on for your eSIM line: on iPhone, Settings > Mobile Data > your eSIM > Data Roaming; on Android, Settings > Network & internet > SIMs > your eSIM > Roaming. Then restart your phone.',
  ],
  ['es', 'Lo estamos revisando', 'Gracias por tu mensaje. Lo estamos revisando y te responderemos lo antes posible.'],
  [
    'es',
    'Activa la itinerancia de datos',
    'Comprueba que la itinerancia de datos está activada para la línea de tu eSIM: en iPhone, Ajustes > Datos móviles > tu eSIM > Itinerancia de datos; en Android, Ajustes > Redes e Internet > SIM > tu eSIM > Itinerancia. Después reinicia el teléfono.',
  ],
  ['fr', 'Nous examinons votre demande', 'Merci pour votre message. Nous examinons votre demande et revenons vers vous dès que possible.'],
  [
    'fr',
    'Activez l’itinérance des données',
    'Vérifiez que l’itinérance des données est activée pour la ligne de votre eSIM : sur iPhone, Réglages > Données cellulaires > votre eSIM > Itinérance des données ; sur Android, Paramètres > Réseau et Internet > SIM > votre eSIM > Itinérance. Redémarrez ensuite votre téléphone.',
  ],
  ['de', 'Wir kümmern uns darum', 'Danke für Ihre Nachricht. Wir sehen uns das an und melden uns so bald wie möglich.'],
  [
    'de',
    'Datenroaming einschalten',
    'Bitte prüfen Sie, ob Datenroaming für Ihre eSIM-Leitung eingeschaltet ist: auf dem iPhone unter Einstellungen > Mobilfunk > Ihre eSIM > Datenroaming; auf Android unter Einstellungen > Netzwerk & Internet > SIMs > Ihre eSIM > Roaming. Starten Sie das Telefon danach neu.',
  ],
  ['zh', '我们正在处理', '感谢您的来信。我们正在处理您的问题，会尽快回复您。'],
  [
    'zh',
    '开启数据漫游',
    '请确认您的 eSIM 线路已开启数据漫游：iPhone 在“设置 > 蜂窝网络 > 您的 eSIM > 数据漫游”；Android 在“设置 > 网络和互联网 > SIM 卡 > 您的 eSIM > 漫游”。然后重启手机。',
  ],
  ['ar', 'نحن نتابع طلبك', 'شكرًا لرسالتك. نحن نتابع طلبك وسنعود إليك في أقرب وقت ممكن.'],
  [
    'ar',
    'شغّل تجوال البيانات',
    'يُرجى التأكد من تشغيل تجوال البيانات لخط شريحة eSIM: على iPhone من الإعدادات > البيانات الخلوية > شريحة eSIM > تجوال البيانات؛ وعلى Android من الإعدادات > الشبكة والإنترنت > شرائح SIM > شريحة eSIM > التجوال. ثم أعد تشغيل هاتفك.',
  ],
  ['pt', 'Estamos a analisar', 'Obrigado pela sua mensagem. Estamos a analisar o seu pedido e responderemos assim que possível.'],
  [
    'pt',
    'Ative o roaming de dados',
    'Verifique se o roaming de dados está ativo na linha do seu eSIM: no iPhone, Definições > Dados móveis > o seu eSIM > Roaming de dados; no Android, Definições > Rede e Internet > SIMs > o seu eSIM > Roaming. Depois reinicie o telefone.',
  ],
  ['ru', 'Мы разбираемся', 'Спасибо за сообщение. Мы разбираемся и ответим вам как можно скорее.'],
  [
    'ru',
    'Включите роуминг данных',
    'Проверьте, что для линии вашей eSIM включён роуминг данных: на iPhone — Настройки > Сотовая связь > ваша eSIM > Роуминг данных; на Android — Настройки > Сеть и интернет > SIM-карты > ваша eSIM > Роуминг. Затем перезагрузите телефон.',
  ],
  ['ja', '確認しております', 'ご連絡ありがとうございます。現在確認しておりますので、できるだけ早くご返信いたします。'],
  [
    'ja',
    'データローミングをオンにする',
    'eSIM の回線でデータローミングがオンになっているかご確認ください。iPhone：設定 > モバイル通信 > eSIM > データローミング、Android：設定 > ネットワークとインターネット > SIM > eSIM > ローミング。その後、端末を再起動してください。',
  ],
  ['hi', 'हम इसे देख रहे हैं', 'आपके संदेश के लिए धन्यवाद। हम इसे देख रहे हैं और जल्द से जल्द आपको जवाब देंगे।'],
  [
    'hi',
    'डेटा रोमिंग चालू करें',
    'कृपया जाँचें कि आपकी eSIM लाइन के लिए डेटा रोमिंग चालू है: iPhone पर सेटिंग्स > मोबाइल डेटा > आपकी eSIM > डेटा रोमिंग; Android पर सेटिंग्स > नेटवर्क और इंटरनेट > SIM > आपकी eSIM > रोमिंग। फिर फ़ोन रीस्टार्ट करें।',
  ],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tickets')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    // Trimmed and lowercased: where the acknowledgement and the answers go.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The signed-in traveller who opened it (or null: a guest; the account may be deleted later).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The traveller's language: the e-mails are written in it.
    .addColumn('locale', 'varchar(35)', (c) => c.notNull().defaultTo('en'))
    // 'contact' (the support page's form), 'esim' (an eSIM's page), 'email' (an inbound e-mail).
    .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('contact'))
    .addColumn('contact_message_id', 'integer', (c) => c.references('contact_messages.id').onDelete('set null'))
    .addColumn('esim_id', 'integer', (c) => c.references('esims.id').onDelete('set null'))
    // The back-office account it is assigned to.
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('tickets_status_valid', sql`status in ('open', 'waiting', 'solved')`)
    .execute();
  await db.schema.createIndex('tickets_user_idx').on('tickets').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('tickets_status_idx').on('tickets').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('tickets_email_idx').on('tickets').column('email').execute();

  await db.schema
    .createTable('ticket_messages')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    // 'customer', 'agent' (sent to the traveller), 'note' (internal: never shown nor sent).
    .addColumn('author', 'varchar(16)', (c) => c.notNull())
    // The agent (or the signed-in traveller) who wrote it.
    .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    // 'web' (the account or the back office), 'link' (a guest's signed link), 'email' (inbound mail).
    .addColumn('via', 'varchar(16)', (c) => c.notNull().defaultTo('web'))
    // An inbound e-mail's Message-ID: the same e-mail delivered twice adds one message.
    .addColumn('external_id', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('ticket_messages_author_valid', sql`author in ('customer', 'agent', 'note')`)
    .execute();
  await db.schema.createIndex('ticket_messages_ticket_idx').on('ticket_messages').columns(['ticket_id', 'id']).execute();
  await db.schema.createIndex('ticket_messages_external_unique').on('ticket_messages').column('external_id').unique().execute();

  await db.schema
    .createTable('ticket_events')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
    // 'traveller', 'agent', 'system'
    .addColumn('actor', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_events_ticket_idx').on('ticket_events').columns(['ticket_id', 'id']).execute();

  await db.schema
    .createTable('canned_answers')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('canned_answers_locale_idx').on('canned_answers').columns(['locale', 'id']).execute();
  const seededAt = '2026-11-28T22:00:00.000Z';
  await db
    .insertInto('canned_answers')
    .values(CANNED.map(([locale, title, body]) => ({ locale, title, body, created_at: seededAt, updated_at: seededAt })))
    .execute();

  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_at', 'varchar(32)').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirm_sent_at', 'varchar(32)').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('unsubscribed_at', 'varchar(32)').execute();
  await sql`update newsletter_subscribers set confirmed_at = created_at`.execute(db);

  // The contact messages so far become tickets: new/read → open, answered → waiting, closed → solved.
  await sql`
    insert into tickets (subject, status, email, name, user_id, locale, source, contact_message_id, created_at, updated_at)
    select subject,
           case status when 'answered' then 'waiting' when 'closed' then 'solved' else 'open' end,
           email, name, user_id, 'en', 'contact', id, created_at, coalesce(status_changed_at, created_at)
    from contact_messages order by id`.execute(db);
  await sql`
    insert into ticket_messages (ticket_id, author, author_user_id, body, via, created_at)
    select t.id, 'customer', t.user_id, m.message, 'web', m.created_at
    from tickets t join contact_messages m on m.id = t.contact_message_id order by t.id`.execute(db);
  await sql`
    insert into ticket_events (ticket_id, from_status, to_status, actor, created_at)
    select id, null, status, 'system', created_at from tickets order by id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').dropColumn('unsubscribed_at').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('confirm_sent_at').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('confirmed_at').execute();
  await db.schema.dropTable('canned_answers').ifExists().execute();
  await db.schema.dropTable('ticket_events').ifExists().execute();
  await db.schema.dropTable('ticket_messages').ifExists().execute();
  await db.schema.dropTable('tickets').ifExists().execute();
}
