// Issue 26: the 'Manage your eSIM' link — a way back for every buyer, with or without an account.
// A link is 32 random bytes (base64url) naming one order; only their SHA-256 is stored (esim_links,
// migration 2026-11-28-060-esim-links), like sessions. It works until revoked, for the life of the
// eSIM. A revoked, unknown or malformed link is the same 404, so links cannot be probed.
//
// 'Find my order' e-mails a fresh link to the order's address when the address and order number
// match, and gives the same answer either way; it is limited per client and per typed address.
import { createHmac } from 'node:crypto';
import type { Db } from '@esim/db';
import { iso } from '../../domain/time.ts';
import { renderManageLinkEmail, renderRefundCodeEmail } from '../../emails/render.ts';
import type { RateRule } from '../../domain/rate-limit.ts';
import { AppError } from '../../errors.ts';
import { getEsimDetail } from './esims.ts';
import type { EsimDetailView, RefundResultView } from './esim-views.ts';
import { refundOrderForUser } from '../order-life/refunds.ts';
import { enforceClientRate, enforceRate } from '../shared/rate-limit.ts';
import { findTopUpTarget, offersFor } from '../orders/topups.ts';
import type { Plan } from '../../domain/catalog.ts';
import { pooledRandomBytes, sha256Hex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';
import { normalizeEmail } from '../accounts/users.ts';
import { giftHoldOf } from '../gifts/gift-life.ts';
import { mayHoldGiftedEsim } from '../../domain/gifts.ts';

const MINUTE = 60_000;

/** 'Find my order' requests from one client address. */
export const ORDER_LINK_REQUESTS_PER_CLIENT: RateRule = {
  name: 'order_link_requests_per_client',
  limit: 10,
  windowMs: 60 * MINUTE,
  message: 'Too many requests from your network. Please wait {wait} and try again.',
};

/** 'Find my order' requests naming one e-mail address (known or not), from anywhere. */
export const ORDER_LINK_REQUESTS_PER_ADDRESS: RateRule = {
  name: 'order_link_requests_per_address',
  limit: 3,
  windowMs: 60 * MINUTE,
  message: 'Too many requests for this address. Please check your inbox (and spam folder), or wait {wait} and try again.',
};

/** The one answer to every accepted 'Find my order' request. */
export const ORDER_LINK_SENT_MESSAGE =
  "If an order with that number was placed with that address, we've e-mailed its 'Manage your eSIM' link.";

const notFound = () => new AppError('NOT_FOUND', 'This link is not valid. Use "Find my order" to get a new one.');

export function esimLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/esim-link?token=${encodeURIComponent(token)}`;
}

/** Makes a new link for an order → the token (shown once, in the e-mail; only its hash is kept). */
export async function issueEsimLink(db: Db, orderId: number, now: Date): Promise<string> {
  const token = pooledRandomBytes(32).toString('base64url');
  await db
    .insertInto('esim_links')
    .values({ order_id: orderId, token_hash: sha256Hex(token), created_at: iso(now), revoked_at: null })
    .execute();
  return token;
}

/**
 * The link an order e-mail carries: derived (HMAC under the server's secret) from the order holding
 * the eSIM and the number of links of it revoked so far, so every e-mail of that order carries the
 * same link (a re-sent e-mail too) until a revocation, after which they carry a new one. Stored once
 * (hash only). A top-up's or renewal's e-mail opens the eSIM it added to. → its URL.
 */
export async function outboxEsimLink(db: Db, services: Services, orderId: number): Promise<string> {
  const target = await db
    .selectFrom('esim_packages as p')
    .innerJoin('esims as e', 'e.id', 'p.esim_id')
    .select('e.order_id')
    .where('p.order_id', '=', orderId)
    .executeTakeFirst();
  const linkOrder = target?.order_id ?? orderId;
  const { n } = await db
    .selectFrom('esim_links')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('order_id', '=', linkOrder)
    .where('revoked_at', 'is not', null)
    .executeTakeFirstOrThrow();
  const token = createHmac('sha256', services.rateLimits.secret)
    .update(`esim-link:order:${linkOrder}:${Number(n)}`)
    .digest('base64url');
  await db
    .insertInto('esim_links')
    .values({ order_id: linkOrder, token_hash: sha256Hex(token), created_at: iso(services.now()), revoked_at: null })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
  return esimLinkUrl(services.config.publicUrl, token);
}

/**
 * The order a working link names; anything else → 404. A given eSIM's order answers 403
 * 'gift_given' to every link but its recipient's, unless `giver` is set: the buyer's link may still
 * see the gift (never the install details) and ask for its refund, which the refund engine allows
 * only while the gift is neither claimed nor installed.
 */
export async function resolveEsimLink(
  db: Db,
  token: string,
  opts: { giver?: boolean } = {},
): Promise<{ linkId: number; orderId: number; email: string; giver: boolean }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound();
  const row = await db
    .selectFrom('esim_links as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.id as linkId', 'l.order_id as orderId', 'l.revoked_at', 'o.email'])
    .where('l.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) throw notFound();
  // A given eSIM (issue 29) opens only through the link its recipient got when claiming it.
  const gift = await giftHoldOf(db, { orderId: row.orderId });
  if (!mayHoldGiftedEsim(gift, { kind: 'link', linkId: row.linkId })) {
    if (opts.giver) return { linkId: row.linkId, orderId: row.orderId, email: row.email, giver: true };
    throw new AppError('FORBIDDEN', 'This eSIM was given as a gift: only the person it was given to can open it now.', {
      reason: 'gift_given',
    });
  }
  return { linkId: row.linkId, orderId: row.orderId, email: row.email, giver: false };
}

/** The eSIM page's data for the holder of a link: install details, usage and packages (the same view as the account's). */
export async function getLinkedEsim(db: Db, services: Services, token: string): Promise<EsimDetailView> {
  const { orderId } = await resolveEsimLink(db, token);
  try {
    return await getEsimDetail(db, services, { orderId });
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'This order has no eSIM yet.');
    throw e;
  }
}

/**
 * The top-ups the holder of a link can buy for its eSIM (issue 26): the same offers as the
 * account's eSIM page (topups.ts offersFor); none while the order has no eSIM yet. Bought through
 * payments.createIntent with { topUpIccid, esimLinkToken }.
 */
export async function listLinkedTopUps(db: Db, services: Services, token: string): Promise<Plan[]> {
  const { orderId } = await resolveEsimLink(db, token);
  const esim = await db.selectFrom('esims').select('iccid').where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirst();
  if (!esim) return [];
  const target = await findTopUpTarget(db, esim.iccid);
  // The ICCID went on to a newer eSIM (recycled): this link's eSIM takes no more data.
  if (!target || target.orderId !== orderId) return [];
  return offersFor(db, services, target);
}

/** Ends every link of an order (the owner's order page, or the holder's 'revoke'); → how many. */
export async function revokeOrderLinks(db: Db, orderId: number, now: Date): Promise<number> {
  const r = await db
    .updateTable('esim_links')
    .set({ revoked_at: iso(now) })
    .where('order_id', '=', orderId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The link on its own, in the order's language (services/…: 'Find my order', a new link after a revocation). */
function sendLink(services: Services, order: LinkOrder, token: string, tag: string): void {
  const mail = renderManageLinkEmail({
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
    locale: order.locale,
    orderId: order.public_id,
    url: esimLinkUrl(services.config.publicUrl, token),
  });
  services.jobs.run(`${tag}:${order.id}:${sha256Hex(token).slice(0, 8)}`, async () => {
    await services.mailer.send({ to: order.email, ...mail, tag: `${tag}-${order.public_id}` });
  });
}

interface LinkOrder {
  id: number;
  public_id: string;
  email: string;
  locale: string | null;
}

const linkOrder = (db: Db, orderId: number): Promise<LinkOrder> =>
  db.selectFrom('orders').select(['id', 'public_id', 'email', 'locale']).where('id', '=', orderId).executeTakeFirstOrThrow();

/**
 * The owner (admin order page) ends every link of an order and a new one goes to the order's
 * address. → how many links ended. Audited by the caller.
 */
export async function revokeAndResendForOrder(db: Db, services: Services, orderId: number): Promise<number> {
  const now = services.now();
  const order = await linkOrder(db, orderId);
  const ended = await revokeOrderLinks(db, orderId, now);
  const fresh = await issueEsimLink(db, orderId, now);
  sendLink(services, order, fresh, 'esim-link-renewed');
  return ended;
}

/** The holder revokes the link they opened: every link of the order ends and a new one goes to the order's address. */
export async function revokeAndResend(db: Db, services: Services, token: string): Promise<{ ok: true }> {
  const { orderId } = await resolveEsimLink(db, token);
  const now = services.now();
  const order = await linkOrder(db, orderId);
  await revokeOrderLinks(db, orderId, now);
  const fresh = await issueEsimLink(db, orderId, now);
  sendLink(services, order, fresh, 'esim-link-renewed');
  return { ok: true };
}

/**
 * 'Find my order': address + order number → the link by e-mail when they match. → the same
 * { ok, message } either way; 429 past the per-client or per-address limit.
 */
export async function requestOrderLink(
  db: Db,
  services: Services,
  input: { email: string; orderNumber: string },
  ip: string,
): Promise<{ ok: true; message: string }> {
  const email = normalizeEmail(input.email);
  await enforceClientRate(db, services, ORDER_LINK_REQUESTS_PER_CLIENT, ip);
  await enforceRate(db, services, ORDER_LINK_REQUESTS_PER_ADDRESS, `email:${sha256Hex(email)}`);
  const order = await db
    .selectFrom('orders')
    .select(['id', 'public_id', 'email', 'locale'])
    .where('public_id', '=', input.orderNumber.trim().toUpperCase())
    .where('email', '=', email)
    .executeTakeFirst();
  // Made either way, so a match does not answer measurably slower than a miss.
  const token = pooledRandomBytes(32).toString('base64url');
  if (order) {
    await db
      .insertInto('esim_links')
      .values({ order_id: order.id, token_hash: sha256Hex(token), created_at: iso(services.now()), revoked_at: null })
      .execute();
    sendLink(services, order, token, 'esim-link');
  }
  return { ok: true, message: ORDER_LINK_SENT_MESSAGE };
}

// ── refunds through the link: a one-time code e-mailed to the order's address ───────────────

export const REFUND_CODE_TTL_MS = 15 * MINUTE;
/** Wrong tries after which a code stops working (a new one must be asked for). */
export const REFUND_CODE_MAX_FAILURES = 5;

/** Codes e-mailed for one order (like password reset links: a few an hour). */
export const REFUND_CODES_PER_ORDER: RateRule = {
  name: 'refund_codes_per_order',
  limit: 3,
  windowMs: 60 * MINUTE,
  message: 'Too many codes were sent for this order. Please check your inbox (and spam folder), or wait {wait} and try again.',
};

const badCode = () =>
  new AppError('BAD_INPUT', 'That code is not valid or has expired. Ask for a new code.', { field: 'code', reason: 'invalid_code' });

function codeHash(services: Services, orderId: number, code: string): string {
  return createHmac('sha256', services.rateLimits.secret).update(`refund-code:${orderId}:${code}`).digest('hex');
}

/** Six digits, uniform. */
function newCode(): string {
  return String(pooledRandomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/**
 * 'Refund' on the linked page, step 1: a one-time code to the order's address (earlier codes end).
 * → { ok, minutes }; 429 past REFUND_CODES_PER_ORDER.
 */
export async function requestRefundCode(db: Db, services: Services, token: string): Promise<{ ok: true; minutes: number }> {
  // The buyer's link of a gift too: the code goes to the order's (the buyer's) address.
  const { orderId, email } = await resolveEsimLink(db, token, { giver: true });
  await enforceRate(db, services, REFUND_CODES_PER_ORDER, `order:${orderId}`);
  const now = services.now();
  const code = newCode();
  await db
    .updateTable('refund_codes')
    .set({ used_at: iso(now) })
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('refund_codes')
    .values({
      order_id: orderId,
      code_hash: codeHash(services, orderId, code),
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + REFUND_CODE_TTL_MS)),
      used_at: null,
    })
    .execute();
  const order = await linkOrder(db, orderId);
  const minutes = REFUND_CODE_TTL_MS / MINUTE;
  // In the order's language (e-mails/render.ts), the code large and left to right.
  const mail = renderRefundCodeEmail({
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
    locale: order.locale,
    orderId: order.public_id,
    code,
    minutes,
  });
  services.jobs.run(`refund-code:${orderId}:${now.getTime()}`, async () => {
    await services.mailer.send({ to: email, ...mail, tag: `refund-code-${order.public_id}` });
  });
  return { ok: true, minutes };
}

/**
 * Step 2: with the e-mailed code, the refund through the one refund engine (refundOrderForUser →
 * claimRefund/carryOutRefund, actor 'traveller', the same eligibility as for an account).
 */
export async function refundWithCode(
  db: Db,
  services: Services,
  input: { token: string; code: string; expectedCashDeductedMinor?: number | undefined },
  language?: string,
): Promise<RefundResultView> {
  // A gift's buyer too; the engine refuses a claimed gift (409 gift_claimed) and an installed eSIM.
  const { orderId } = await resolveEsimLink(db, input.token, { giver: true });
  const now = iso(services.now());
  const row = await db
    .selectFrom('refund_codes')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.expires_at <= now) throw badCode();
  if (row.code_hash !== codeHash(services, orderId, input.code.trim())) {
    const failures = row.failed_attempts + 1;
    await db
      .updateTable('refund_codes')
      .set({ failed_attempts: failures, used_at: failures >= REFUND_CODE_MAX_FAILURES ? now : null })
      .where('id', '=', row.id)
      .execute();
    throw badCode();
  }
  // Single use: only the request that marks it used goes on.
  const used = await db
    .updateTable('refund_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw badCode();
  const order = await db.selectFrom('orders').select('public_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  return refundOrderForUser(db, services, { orderId }, order.public_id, {
    language,
    expectedCashDeductedMinor: input.expectedCashDeductedMinor,
  });
}
