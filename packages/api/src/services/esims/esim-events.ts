// Provider events about eSIMs (POST /api/webhooks/esim): verified by the provider on the raw body
// (signature, replay window), recorded under the event id (a redelivery is a no-op), then applied
// through esim-sync: the event's own snapshot when it carries one (it is true at occurredAt, and
// older ones are ignored there), else a fresh usage() read. An unknown ICCID is logged and ignored.
import { sql } from 'kysely';
import type { Db } from '@esim/db';
import type { Services } from '../types.ts';
import type { EsimEvent, EsimProvider } from '../../providers/esim/index.ts';
import { EsimWebhookError } from '../../providers/esim/index.ts';
import { esimProviders, findEsimProvider } from '../shared/esim-providers.ts';
import { iso } from '../../domain/time.ts';
import { applyUsageSnapshot, type SyncOutcome } from './esim-sync.ts';
import { snapshotOfUsage } from '../../providers/esim/index.ts';
import { PROVISIONING_STATES } from '../../domain/orders.ts';
import { provisionOrder } from '../order-life/provisioning.ts';

export type EsimEventOutcome = 'processed' | 'duplicate' | 'stale' | 'ignored';

export interface EsimWebhookResult {
  /** One word for the delivery: 'processed' when any event was, else the first event's. */
  outcome: EsimEventOutcome;
  events: Array<{ id: string; type: string; outcome: EsimEventOutcome }>;
}

/**
 * Verifies and applies one delivery. Throws EsimWebhookError (the route answers 400). `providerName`:
 * the provider the delivery's URL names (/api/webhooks/esim/<provider>); without it each configured
 * provider checks the delivery in turn (each verifies its own signature), the first that accepts it
 * is the sender, and when none does the default provider's refusal is thrown.
 */
export async function receiveEsimWebhook(
  db: Db,
  services: Services,
  rawBody: string,
  headers: Headers,
  providerName?: string,
  /** false: the sender is not on ESIM_WEBHOOK_ALLOWED_IPS (set); its unsigned deliveries are refused. */
  senderAllowed = true,
): Promise<EsimWebhookResult> {
  const { provider, events } = parseDelivery(services, rawBody, headers, providerName);
  if (!senderAllowed && events.some((e) => e.unsigned)) {
    throw new EsimWebhookError('sender', 'an unsigned delivery from an address that is not on ESIM_WEBHOOK_ALLOWED_IPS');
  }
  const results: EsimWebhookResult['events'] = [];
  for (const event of events)
    results.push({ id: event.id, type: event.type, outcome: await handleEsimEvent(db, services, event, provider) });
  const outcome = results.some((r) => r.outcome === 'processed') ? 'processed' : (results[0]?.outcome ?? 'ignored');
  return { outcome, events: results };
}

function parseDelivery(
  services: Services,
  rawBody: string,
  headers: Headers,
  providerName: string | undefined,
): { provider: EsimProvider; events: EsimEvent[] } {
  if (providerName !== undefined) {
    const provider = findEsimProvider(services, providerName);
    if (!provider) throw new EsimWebhookError('malformed', `no eSIM provider ${providerName} is configured`);
    return { provider, events: provider.parseWebhook(rawBody, headers, services.now()) };
  }
  let first: unknown;
  for (const provider of esimProviders(services)) {
    try {
      return { provider, events: provider.parseWebhook(rawBody, headers, services.now()) };
    } catch (e) {
      if (!(e instanceof EsimWebhookError)) throw e;
      first ??= e;
    }
  }
  throw first;
}

const OUTCOME: Record<SyncOutcome, EsimEventOutcome> = {
  applied: 'processed',
  stale: 'stale',
  unknown_esim: 'ignored',
  refunded: 'ignored',
};

/** One verified event, once (dedupe on its id); a failure un-records it so a redelivery is applied. */
export async function handleEsimEvent(
  db: Db,
  services: Services,
  event: EsimEvent,
  provider: EsimProvider = services.esim,
): Promise<EsimEventOutcome> {
  if (event.type === 'ready') return handleReady(db, services, event, provider);
  // The eSIM by the provider's own reference when the event names it (ICCIDs are recycled), else by
  // ICCID: the newest eSIM with it that is not refunded, else the newest.
  const known = event.esimRef
    ? await db
        .selectFrom('esims')
        .select('id')
        .where('provider', '=', provider.name)
        .where('provider_ref', '=', event.esimRef)
        .executeTakeFirst()
    : await db
        .selectFrom('esims')
        .select('id')
        .where('iccid', '=', event.iccid)
        // The sender's own eSIM first (several providers: an ICCID is unique only at its provider).
        .orderBy(sql`case when provider = ${provider.name} then 0 else 1 end`)
        .orderBy(sql`case when status = 'canceled' then 1 else 0 end`)
        .orderBy('id', 'desc')
        .executeTakeFirst();
  if (!known) {
    services.log.warn('eSIM event for an unknown ICCID ignored', { eventId: event.id, type: event.type, iccid: event.iccid });
    return 'ignored';
  }
  if (!(await recordEvent(db, services, event, provider))) return 'duplicate';
  try {
    const fromEvent = event.usage !== undefined;
    const usage = event.usage ?? snapshotOfUsage(await provider.usage(event.iccid));
    // A report is true at its occurredAt, but never later than now: an event dated ahead (a sender's
    // clock, or a forged date inside a valid signature) would otherwise outrank every later report.
    const now = services.now();
    const said = new Date(event.occurredAt);
    const at = fromEvent && !Number.isNaN(said.getTime()) && said.getTime() < now.getTime() ? said : now;
    const r = await applyUsageSnapshot(db, services, { iccid: event.iccid, esimId: known.id, usage, at });
    return OUTCOME[r.outcome];
  } catch (e) {
    await db.deleteFrom('esim_events').where('event_id', '=', event.id).execute();
    throw e;
  }
}

/**
 * 'ready': an asynchronous order's eSIM can be fetched now. The order waiting on that providerRef is
 * provisioned at once (provisionOrder under its lease: getEsim, then the eSIM and its e-mail)
 * instead of at its next poll. Unknown or already delivered: ignored (the poll is the safety net).
 */
async function handleReady(db: Db, services: Services, event: EsimEvent, provider: EsimProvider): Promise<EsimEventOutcome> {
  const ref = event.providerRef;
  const order = ref
    ? await db
        .selectFrom('orders')
        .select(['id', 'public_id'])
        .where('provider_ref', '=', ref)
        .where('status', 'in', PROVISIONING_STATES)
        .executeTakeFirst()
    : undefined;
  if (!order) {
    services.log.warn('eSIM ready event for no waiting order ignored', { eventId: event.id, providerRef: ref ?? null });
    return 'ignored';
  }
  if (!(await recordEvent(db, services, event, provider))) return 'duplicate';
  const outcome = await provisionOrder(db, services, order.id);
  services.log.info('eSIM ready event', { eventId: event.id, orderId: order.public_id, outcome });
  return outcome === 'fulfilled' ? 'processed' : 'ignored';
}

/** Notes the event as seen (dedupe on its id); false when it was seen before. */
async function recordEvent(db: Db, services: Services, event: EsimEvent, provider: EsimProvider): Promise<boolean> {
  const recorded = await db
    .insertInto('esim_events')
    .values({
      event_id: event.id,
      provider: provider.name,
      type: event.type,
      iccid: event.iccid,
      occurred_at: event.occurredAt,
      received_at: iso(services.now()),
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return recorded !== undefined;
}
