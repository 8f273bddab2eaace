// Issue 31: a traveller's data rights under UK GDPR / GDPR.
//
// Export (art. 15 and 20): exportUserData gathers everything the shop holds about an account —
// the account's facts, orders (and guest orders placed with its address), eSIMs with their usage
// and packages, refunds, subscriptions, points, check-ins, achievements, messages to support,
// sessions, second factors (their kind and dates, never a secret), the sign-in history and the
// newsletter consent — as one JSON document, generated on request and handed over at once (a
// download; nothing is stored). Secrets (password and token hashes, TOTP secrets, passkey keys,
// activation codes' access tokens) are left out: they are not the person's data but keys to it.
//
// Erasure (art. 17): requestAccountDeletion checks the password and e-mails a one-use link (30
// minutes; only the newest works); confirmAccountDeletion (the link) erases the account at once:
//   - refused with a 409 while an order of the account is being paid for, provisioned or refunded
//     (a few minutes at most: erasing then would strand a paid eSIM); pending checkouts are fine;
//   - active subscriptions are cancelled at the payment service first (a failure: nothing erased);
//   - then, in one write transaction: orders are kept (they are the invoices and the payment and
//     tax records the law requires) but lose the account and the address (orders.email becomes
//     ERASED_EMAIL); so do the guest orders placed with the account's address; eSIMs lose the
//     account; messages to support lose the name, address, text, IP and browser; the newsletter
//     consent, the sign-in history, the account e-mail log, the outbox rows addressed to the person
//     and the admin audit rows' copies of the account's fields go; the users row is deleted, and
//     with it (ON DELETE CASCADE) sessions, second factors, devices, links, points, check-ins,
//     achievements and subscriptions. A data_requests row records that it happened (the id only).
// Deleting twice: the deleted account's sessions are gone, so a second try answers 401; a link
// whose account is gone is 'invalid' (400).
import type { Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import { iso } from '../../domain/time.ts';
import { DELETION_LINK_MINUTES, ERASED_EMAIL } from '../../domain/data-rights.ts';

export { ERASED_EMAIL };
import { writeTransaction } from '../shared/db-tx.ts';
import { pooledRandomBytes, sha256Hex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';
import { verifyPassword } from './auth.ts';
import { renderAccountDeletionEmail } from '../../emails/render.ts';

/** What an erased person's free text and names become. */
export const ERASED_TEXT = '[erased]';
/** How long a deletion link works. */
export const DELETION_LINK_TTL_MS = DELETION_LINK_MINUTES * 60_000;
/** Order states during which the account cannot be erased (the eSIM or the money is on its way). */
const IN_FLIGHT = ['paid', 'provisioning'] as const;

type Row = Record<string, unknown>;

/** What an export shows of a gift (issue 29): never its claim token or the eSIM's install details. */
const GIFT_EXPORT_COLUMNS = [
  'public_id',
  'order_id',
  'recipient_email',
  'message',
  'locale',
  'deliver_at',
  'status',
  'created_at',
  'sent_at',
  'claimed_at',
  'refunded_at',
] as const;

/** Columns that are keys, not data: never exported. */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'code_hash', 'secret_hex', 'public_key_hex', 'access_token', 'value_hash']);

function clean(rows: readonly Row[], drop: readonly string[] = []): Row[] {
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !SECRET_COLUMNS.has(k) && !drop.includes(k))));
}

export interface UserDataExport {
  format: 'esim-shop-data-export';
  version: 1;
  generatedAt: string;
  account: Row;
  orders: Row[];
  refunds: Row[];
  esims: Row[];
  esimPackages: Row[];
  esimUsageDays: Row[];
  subscriptions: Row[];
  pointsLedger: Row[];
  checkIns: Row[];
  achievements: Row[];
  supportMessages: Row[];
  tickets: Row[];
  ticketMessages: Row[];
  /** Live chats (issue 30) and their messages. */
  chats: Row[];
  chatMessages: Row[];
  promoCodeUses: Row[];
  /** eSIMs the account gave (issue 29) and gifts to the account or its address. */
  gifts: Row[];
  /** 'This is a gift' on the account's orders not delivered yet (checkout_gifts): to whom, the message, the day. */
  pendingGifts: Row[];
  newsletter: Row[];
  sessions: Row[];
  secondFactors: { totp: Row[]; passkeys: Row[]; recoveryCodesLeft: number };
  signInHistory: Row[];
}

/** The messages of these tickets that are the person's or answers to them (the shop's internal notes are not their data). */
function ticketThreads(db: Db, tickets: readonly { id: number }[]): Promise<Row[]> {
  if (tickets.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ticket_messages')
    .selectAll()
    .where(
      'ticket_id',
      'in',
      tickets.map((t) => t.id),
    )
    .where('author', '!=', 'note')
    .orderBy('id')
    .execute();
}

/** The messages of these live chats. */
function chatThreads(db: Db, chats: readonly { id: number }[]): Promise<Row[]> {
  if (chats.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where(
      'conversation_id',
      'in',
      chats.map((c) => c.id),
    )
    .orderBy('id')
    .execute();
}

/** Promo code uses by the account `userId` (null: a guest) or under the address `email`. */
function promoUsesOf(db: Db, userId: number | null, email: string): Promise<Row[]> {
  return db
    .selectFrom('promo_redemptions as r')
    .innerJoin('promo_codes as c', 'c.id', 'r.code_id')
    .select(['c.code', 'r.order_id', 'r.currency', 'r.list_minor', 'r.discount_minor', 'r.state', 'r.created_at'])
    .where((eb) =>
      userId === null ? eb('r.email_norm', '=', email) : eb.or([eb('r.user_id', '=', userId), eb('r.email_norm', '=', email)]),
    )
    .orderBy('r.id')
    .execute();
}

/** Everything the shop holds about the account `userId` (see the top). 404 when there is no such account. */
export async function exportUserData(
  db: Db,
  services: Services,
  userId: number,
  actor: 'traveller' | 'owner' = 'traveller',
): Promise<UserDataExport> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'There is no such account.');
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', user.email)]))
    .orderBy('id')
    .execute();
  const orderIds = orders.map((o) => o.id);
  const esims = orderIds.length
    ? await db
        .selectFrom('esims')
        .selectAll()
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('order_id', 'in', orderIds)]))
        .orderBy('id')
        .execute()
    : await db.selectFrom('esims').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const esimIds = esims.map((e) => e.id);
  const none = (): Promise<Row[]> => Promise.resolve([]);
  const [
    refunds,
    packages,
    usage,
    subscriptions,
    ledger,
    checkIns,
    achievements,
    messages,
    newsletter,
    sessions,
    totp,
    passkeys,
    codes,
    signIns,
  ] = await Promise.all([
    orderIds.length ? db.selectFrom('refunds').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute() : none(),
    esimIds.length ? db.selectFrom('esim_packages').selectAll().where('esim_id', 'in', esimIds).orderBy('id').execute() : none(),
    esimIds.length
      ? db.selectFrom('esim_usage_days').selectAll().where('esim_id', 'in', esimIds).orderBy('esim_id').orderBy('day').execute()
      : none(),
    db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('check_ins as c')
      .innerJoin('regions as r', 'r.id', 'c.region_id')
      .selectAll('c')
      .select(['r.code as region_code', 'r.name as region_name'])
      .where('c.user_id', '=', userId)
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('user_achievements as u')
      .innerJoin('achievements as a', 'a.id', 'u.achievement_id')
      .selectAll('u')
      .select(['a.key as achievement_key', 'a.name as achievement_name'])
      .where('u.user_id', '=', userId)
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('contact_messages')
      .selectAll()
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', user.email)]))
      .orderBy('id')
      .execute(),
    db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', user.email).execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'last_seen_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .execute(),
    db.selectFrom('user_totp').select(['confirmed_at', 'created_at']).where('user_id', '=', userId).execute(),
    db.selectFrom('user_passkeys').select(['name', 'created_at', 'last_used_at']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('user_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('login_audit')
      .select(['username_tried', 'ip', 'user_agent', 'outcome', 'attempts', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1000)
      .execute(),
  ]);
  const tickets = await db
    .selectFrom('tickets')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', user.email)]))
    .orderBy('id')
    .execute();
  const [ticketMessages, promoUses] = await Promise.all([ticketThreads(db, tickets), promoUsesOf(db, userId, user.email)]);
  const gifts = await db
    .selectFrom('esim_gifts')
    .select(GIFT_EXPORT_COLUMNS)
    .where((eb) => eb.or([eb('giver_user_id', '=', userId), eb('recipient_user_id', '=', userId), eb('recipient_email', '=', user.email)]))
    .orderBy('id')
    .execute();
  const pendingGifts = await pendingGiftsOf(
    db,
    orders.map((o) => o.id),
  );
  const chats = await db
    .selectFrom('chat_conversations')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', user.email)]))
    .orderBy('id')
    .execute();
  const chatMessages = await chatThreads(db, chats);
  const now = iso(services.now());
  await db.insertInto('data_requests').values({ kind: 'export', subject_user_id: userId, actor, created_at: now }).execute();
  return {
    format: 'esim-shop-data-export',
    version: 1,
    generatedAt: now,
    account: clean([user], ['username_key'])[0]!,
    orders: clean(orders, ['lease_until', 'next_attempt_at']),
    refunds: clean(refunds),
    esims: clean(esims),
    esimPackages: clean(packages),
    esimUsageDays: clean(usage),
    subscriptions: clean(subscriptions),
    pointsLedger: clean(ledger, ['unique_key']),
    checkIns: clean(checkIns),
    achievements: clean(achievements),
    supportMessages: clean(messages),
    tickets: clean(tickets),
    // The shop's internal notes are not the person's data; their own messages and the answers are.
    ticketMessages: clean(ticketMessages),
    chats: clean(chats),
    chatMessages: clean(chatMessages),
    promoCodeUses: clean(promoUses),
    gifts: clean(gifts),
    pendingGifts: clean(pendingGifts),
    newsletter: clean(newsletter),
    sessions: clean(sessions),
    secondFactors: { totp: clean(totp), passkeys: clean(passkeys), recoveryCodesLeft: Number(codes?.n ?? 0) },
    signInHistory: clean(signIns),
  };
}

// ── erasure ─────────────────────────────────────────────────────────────────────────────────

/**
 * The link opens the profile page (signed in: the link and the session must be the same account's,
 * so a forwarded or leaked link alone deletes nothing); its 'Your data' section asks once more.
 */
function deletionUrl(publicUrl: string, token: string): string {
  return new URL(`/account/profile?deleteAccount=${encodeURIComponent(token)}`, publicUrl).href;
}

async function assertNothingInFlight(db: Db, userId: number | null, email: string): Promise<void> {
  const busy = await db
    .selectFrom('orders')
    .select('public_id')
    .where((eb) => (userId === null ? eb('email', '=', email) : eb.or([eb('user_id', '=', userId), eb('email', '=', email)])))
    .where((eb) =>
      eb.or([eb('status', 'in', [...IN_FLIGHT]), eb.and([eb('refund_requested_at', 'is not', null), eb('status', '!=', 'refunded')])]),
    )
    .executeTakeFirst();
  if (busy)
    throw new AppError(
      'CONFLICT',
      `Order ${busy.public_id} is being delivered or refunded right now. Please try again in a few minutes, once it is done.`,
      { reason: 'order_in_flight' },
    );
}

/**
 * Step 1 of deleting an account: the password, then a link to the account's address. → { ok, to }
 * (the address, for the page to say where to look). 400 { field: 'password' } when it is wrong.
 */
export async function requestAccountDeletion(
  db: Db,
  services: Services,
  userId: number,
  input: { password: string; locale?: string | undefined },
): Promise<{ ok: true; to: string }> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in.');
  if (!(await verifyPassword(user.password_hash, input.password)))
    throw new AppError('BAD_INPUT', 'That password is not right. Enter the password you sign in with.', { field: 'password' });
  await assertNothingInFlight(db, userId, user.email);
  const now = services.now();
  const token = pooledRandomBytes(32).toString('base64url');
  const id = await writeTransaction(db, async (trx) => {
    await trx
      .updateTable('account_deletions')
      .set({ superseded_at: iso(now) })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('account_deletions')
      .values({
        user_id: userId,
        token_hash: sha256Hex(token),
        created_at: iso(now),
        expires_at: iso(new Date(now.getTime() + DELETION_LINK_TTL_MS)),
        used_at: null,
        superseded_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const rendered = renderAccountDeletionEmail({
    url: deletionUrl(services.config.publicUrl, token),
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
    minutes: DELETION_LINK_TTL_MS / 60_000,
    locale: input.locale ?? user.locale,
  });
  await services.mailer.send({ to: user.email, ...rendered, tag: `account-deletion-${id}` });
  return { ok: true, to: user.email };
}

export type DeletionLinkProblem = 'invalid' | 'used' | 'superseded' | 'expired';

/**
 * Step 2: the link, opened by the signed-in owner of the account. Erases the account at once (see
 * the top). → { ok }; 400 { field: 'token', reason } for a link that does not work; 403 for a link
 * of another account.
 */
export async function confirmAccountDeletion(db: Db, services: Services, userId: number, token: string): Promise<{ ok: true }> {
  const now = iso(services.now());
  const link = await db.selectFrom('account_deletions').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
  const problem: DeletionLinkProblem | null = !link
    ? 'invalid'
    : link.used_at !== null
      ? 'used'
      : link.superseded_at !== null
        ? 'superseded'
        : link.expires_at <= now
          ? 'expired'
          : null;
  if (problem || !link)
    throw new AppError(
      'BAD_INPUT',
      problem === 'expired' || problem === 'superseded'
        ? 'This deletion link has expired or was replaced by a newer one. Ask for a new one from your profile.'
        : 'This deletion link does not work (already used, or the account is gone).',
      { field: 'token', reason: problem ?? 'invalid' },
    );
  if (link.user_id !== userId)
    throw new AppError('FORBIDDEN', 'This deletion link is for another account. Sign in to the account it was sent to.', {
      field: 'token',
    });
  await eraseAccount(db, services, link.user_id, 'traveller');
  return { ok: true };
}

/** Erases the account (see the top); the owner's 'erase' in the back office runs the same. */
export async function eraseAccount(db: Db, services: Services, userId: number, actor: 'traveller' | 'owner'): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'email', 'username', 'username_key']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'There is no such account (it may have been deleted already).');
  await assertNothingInFlight(db, userId, user.email);
  // Subscriptions first: a payment service that cannot be reached leaves everything as it was.
  const subs = await db
    .selectFrom('subscriptions')
    .select(['id', 'provider_subscription_id', 'status', 'cancel_at_period_end'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'past_due', 'incomplete'])
    .execute();
  for (const s of subs) {
    if (s.provider_subscription_id && s.cancel_at_period_end !== 1) {
      try {
        await services.payments.cancelSubscriptionAtPeriodEnd(s.provider_subscription_id);
      } catch (e) {
        services.log.warn('account erasure: a subscription could not be cancelled', { subscriptionId: s.id, error: String(e) });
        throw new AppError(
          'PAYMENT_PROVIDER_ERROR',
          'Your subscription could not be cancelled just now, so nothing was deleted. Please try again in a moment.',
        );
      }
    }
  }
  const now = iso(services.now());
  await writeTransaction(db, async (trx) => {
    await eraseTraces(trx, { userId, email: user.email, names: [user.username, user.username_key, user.email], now });
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await trx.insertInto('data_requests').values({ kind: 'erasure', subject_user_id: userId, actor, created_at: now }).execute();
  });
  services.log.info('account erased', { userId, actor });
}

/**
 * What an erasure removes of a person, inside the caller's write transaction: everything under their
 * account (`userId`; null for a guest, who has none) or their address `email` — the orders (kept as
 * invoices without them), the eSIMs' owner, outbox rows, guest links, messages to support, tickets,
 * promo uses, the newsletter consent, the sign-in history under `names` (what they may have typed),
 * the account e-mail log and the admin audit's copies of the account's fields.
 */
async function eraseTraces(
  trx: Db,
  { userId, email, names, now }: { userId: number | null; email: string; names: readonly string[]; now: string },
): Promise<void> {
  const orderIds = (
    await trx
      .selectFrom('orders')
      .select('id')
      .where((eb) => (userId === null ? eb('email', '=', email) : eb.or([eb('user_id', '=', userId), eb('email', '=', email)])))
      .execute()
  ).map((o) => o.id);
  if (orderIds.length > 0) {
    await trx
      .updateTable('orders')
      .set({ user_id: null, email: ERASED_EMAIL, purchase_ip: null, purchase_agent: null, updated_at: now })
      .where('id', 'in', orderIds)
      .execute();
    await trx.updateTable('esims').set({ user_id: null, updated_at: now }).where('order_id', 'in', orderIds).execute();
    await trx.deleteFrom('email_outbox').where('order_id', 'in', orderIds).execute();
    await trx
      .updateTable('esim_links')
      .set({ revoked_at: now })
      .where('order_id', 'in', orderIds)
      .where('revoked_at', 'is', null)
      .execute();
  }
  if (userId !== null) await trx.updateTable('esims').set({ user_id: null, updated_at: now }).where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_outbox').where('to_address', '=', email).execute();
  await trx
    .updateTable('contact_messages')
    .set({ user_id: null, name: ERASED_TEXT, email: ERASED_EMAIL, subject: ERASED_TEXT, message: ERASED_TEXT, ip: '', user_agent: '' })
    .where((eb) => (userId === null ? eb('email', '=', email) : eb.or([eb('user_id', '=', userId), eb('email', '=', email)])))
    .execute();
  const ticketIds = (
    await trx
      .selectFrom('tickets')
      .select('id')
      .where((eb) => (userId === null ? eb('email', '=', email) : eb.or([eb('user_id', '=', userId), eb('email', '=', email)])))
      .execute()
  ).map((t) => t.id);
  if (ticketIds.length > 0) {
    await trx
      .updateTable('tickets')
      .set({ user_id: null, email: ERASED_EMAIL, name: ERASED_TEXT, subject: ERASED_TEXT })
      .where('id', 'in', ticketIds)
      .execute();
    await trx.updateTable('ticket_messages').set({ body: ERASED_TEXT }).where('ticket_id', 'in', ticketIds).execute();
  }
  // Live chats (issue 30): deleted with their messages (nothing in them is a record the shop must keep).
  await trx
    .deleteFrom('chat_conversations')
    .where((eb) => (userId === null ? eb('email', '=', email) : eb.or([eb('user_id', '=', userId), eb('email', '=', email)])))
    .execute();
  // Promo code uses stay counted (the code's limits and figures) without the person: a per-customer
  // limit then no longer knows them.
  await trx
    .updateTable('promo_redemptions')
    .set({ user_id: null, email_norm: ERASED_EMAIL })
    .where((eb) => (userId === null ? eb('email_norm', '=', email) : eb.or([eb('user_id', '=', userId), eb('email_norm', '=', email)])))
    .execute();
  // Gifts (issue 29): the giver's message goes with the giver; the recipient's address and account with
  // the recipient. The gift row stays (its eSIM, order and state are the order's records).
  // (A guest gives nothing without an order of theirs: with none, there is no message of theirs to erase.)
  if (userId !== null || orderIds.length > 0)
    await trx
      .updateTable('esim_gifts')
      .set({ message: ERASED_TEXT })
      .where((eb) => {
        const byOrder = orderIds.length > 0 ? [eb('order_id', 'in', orderIds)] : [];
        return userId === null ? eb.or(byOrder) : eb.or([eb('giver_user_id', '=', userId), ...byOrder]);
      })
      .execute();
  await trx
    .updateTable('esim_gifts')
    .set({ recipient_email: ERASED_EMAIL, recipient_user_id: null })
    .where((eb) =>
      userId === null
        ? eb('recipient_email', '=', email)
        : eb.or([eb('recipient_user_id', '=', userId), eb('recipient_email', '=', email)]),
    )
    .execute();
  // A gift bought at checkout (issue 29), kept with its order: the same split as above.
  if (orderIds.length > 0)
    await trx.updateTable('checkout_gifts').set({ message: ERASED_TEXT }).where('order_id', 'in', orderIds).execute();
  await trx.updateTable('checkout_gifts').set({ recipient_email: ERASED_EMAIL }).where('recipient_email', '=', email).execute();
  // Referrals (issue 29) where the person was the friend: the referrer's record keeps its figures, not the friend.
  await trx
    .updateTable('referrals')
    .set({ friend_email_norm: ERASED_EMAIL, friend_user_id: null, friend_device_hash: null })
    .where((eb) =>
      userId === null
        ? eb('friend_email_norm', '=', email)
        : eb.or([eb('friend_user_id', '=', userId), eb('friend_email_norm', '=', email)]),
    )
    .execute();
  await trx.deleteFrom('newsletter_subscribers').where('email', '=', email).execute();
  await trx
    .deleteFrom('login_audit')
    .where((eb) =>
      userId === null
        ? eb('username_tried', 'in', [...names])
        : eb.or([eb('user_id', '=', userId), eb('username_tried', 'in', [...names])]),
    )
    .execute();
  await trx
    .deleteFrom('account_email_log')
    .where('address_key', 'in', userId === null ? [email] : [...names, `user:${userId}`])
    .execute();
  if (userId !== null) {
    // The admin audit keeps what was done to the account, not the account's fields.
    await trx
      .updateTable('audit_log')
      .set({ before_json: null, after_json: null, summary: ERASED_TEXT })
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(userId))
      .execute();
    await trx.updateTable('audit_log').set({ actor_username: ERASED_TEXT }).where('actor_id', '=', userId).execute();
  }
}

// ── a guest's data (issue 31: travellers who bought without an account) ─────────────────────
//
// A guest has no account to sign in to, so the owner fulfils their request from the back office,
// once the person has shown they hold the address (they wrote from it: a ticket or an e-mail
// reply). Both refuse an address that belongs to an account (409: that account's own export and
// erasure cover it, with its points and sessions) and answer 404 when the shop holds nothing under it.

export interface GuestDataExport {
  format: 'esim-shop-data-export';
  version: 1;
  generatedAt: string;
  guestEmail: string;
  orders: Row[];
  refunds: Row[];
  esims: Row[];
  esimPackages: Row[];
  esimUsageDays: Row[];
  supportMessages: Row[];
  tickets: Row[];
  ticketMessages: Row[];
  promoCodeUses: Row[];
  newsletter: Row[];
  chats: Row[];
  chatMessages: Row[];
  /** Gifts the guest's orders gave and gifts to the address (issue 29), and gifts not delivered yet. */
  gifts: Row[];
  pendingGifts: Row[];
}

/** The address as the shop stores it; 400 when it is not one. */
function guestAddress(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254 || email === ERASED_EMAIL)
    throw new AppError('BAD_INPUT', 'Enter the e-mail address the guest bought or wrote with, like name@example.com.', { field: 'email' });
  return email;
}

async function refuseAccountAddress(db: Db, email: string): Promise<void> {
  const owner = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (owner)
    throw new AppError(
      'CONFLICT',
      `This address belongs to account #${owner.id}: open that customer and use its Export or Erase, which cover its guest orders too.`,
      { reason: 'has_account', userId: owner.id },
    );
}

/** Everything the shop holds under a guest's address (see above). */
export async function exportGuestData(db: Db, services: Services, rawEmail: string): Promise<GuestDataExport> {
  const email = guestAddress(rawEmail);
  await refuseAccountAddress(db, email);
  const orders = await db.selectFrom('orders').selectAll().where('email', '=', email).orderBy('id').execute();
  const orderIds = orders.map((o) => o.id);
  const none = (): Promise<Row[]> => Promise.resolve([]);
  const esims = orderIds.length ? await db.selectFrom('esims').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute() : [];
  const esimIds = esims.map((e) => e.id);
  const tickets = await db.selectFrom('tickets').selectAll().where('email', '=', email).orderBy('id').execute();
  const [refunds, packages, usage, messages, ticketMessages, promoUses, newsletter] = await Promise.all([
    orderIds.length ? db.selectFrom('refunds').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute() : none(),
    esimIds.length ? db.selectFrom('esim_packages').selectAll().where('esim_id', 'in', esimIds).orderBy('id').execute() : none(),
    esimIds.length
      ? db.selectFrom('esim_usage_days').selectAll().where('esim_id', 'in', esimIds).orderBy('esim_id').orderBy('day').execute()
      : none(),
    db.selectFrom('contact_messages').selectAll().where('email', '=', email).orderBy('id').execute(),
    ticketThreads(db, tickets),
    promoUsesOf(db, null, email),
    db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).execute(),
  ]);
  const chats = await db.selectFrom('chat_conversations').selectAll().where('email', '=', email).orderBy('id').execute();
  const chatMessages = await chatThreads(db, chats);
  const gifts = await db
    .selectFrom('esim_gifts')
    .select(GIFT_EXPORT_COLUMNS)
    .where((eb) =>
      orderIds.length ? eb.or([eb('order_id', 'in', orderIds), eb('recipient_email', '=', email)]) : eb('recipient_email', '=', email),
    )
    .orderBy('id')
    .execute();
  const pendingGifts = await pendingGiftsOf(db, orderIds);
  if (orders.length + messages.length + tickets.length + promoUses.length + newsletter.length + chats.length === 0)
    throw new AppError('NOT_FOUND', 'The shop holds nothing under this address: no order, message, ticket or newsletter consent.');
  return {
    format: 'esim-shop-data-export',
    version: 1,
    generatedAt: iso(services.now()),
    guestEmail: email,
    orders: clean(orders, ['lease_until', 'next_attempt_at']),
    refunds: clean(refunds),
    esims: clean(esims),
    esimPackages: clean(packages),
    esimUsageDays: clean(usage),
    supportMessages: clean(messages),
    tickets: clean(tickets),
    ticketMessages: clean(ticketMessages),
    promoCodeUses: clean(promoUses),
    newsletter: clean(newsletter),
    chats: clean(chats),
    chatMessages: clean(chatMessages),
    gifts: clean(gifts),
    pendingGifts: clean(pendingGifts),
  };
}

/** 'This is a gift' rows of these orders (issue 29), as the buyer gave them. */
function pendingGiftsOf(db: Db, orderIds: readonly number[]): Promise<Row[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('checkout_gifts')
    .select(['order_id', 'recipient_email', 'message', 'locale', 'deliver_at', 'created_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}

/**
 * Erases what the shop holds under a guest's address, like an account's erasure (orders kept as
 * invoices without the address; their guest links stop working). 409 while one of its orders is
 * being paid for, delivered or refunded. → how many orders, messages and tickets lost the address.
 */
export async function eraseGuest(
  db: Db,
  services: Services,
  rawEmail: string,
): Promise<{ erased: true; orders: number; messages: number; tickets: number }> {
  const email = guestAddress(rawEmail);
  await refuseAccountAddress(db, email);
  await assertNothingInFlight(db, null, email);
  const now = iso(services.now());
  const counts = await writeTransaction(db, async (trx) => {
    // Inside the transaction: an account registered with the address meanwhile is not erased from here.
    await refuseAccountAddress(trx, email);
    const count = async (table: 'orders' | 'contact_messages' | 'tickets') =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('email', '=', email)
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const found = { orders: await count('orders'), messages: await count('contact_messages'), tickets: await count('tickets') };
    const promo = await trx.selectFrom('promo_redemptions').select('id').where('email_norm', '=', email).executeTakeFirst();
    const news = await trx.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).executeTakeFirst();
    if (found.orders + found.messages + found.tickets === 0 && !promo && !news)
      throw new AppError('NOT_FOUND', 'The shop holds nothing under this address: no order, message, ticket or newsletter consent.');
    await eraseTraces(trx, { userId: null, email, names: [email], now });
    return found;
  });
  services.log.info('guest data erased', counts);
  return { erased: true, ...counts };
}
