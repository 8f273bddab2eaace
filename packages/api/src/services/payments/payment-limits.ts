// Card-testing defences around the demo card form (checkout.ts): per order, at most
// PAYMENT_ATTEMPTS_PER_ORDER submissions per window and no attempt for a while after repeated
// declines (DECLINE_THROTTLE); per client, at most CARDS_PER_CLIENT different card numbers (by
// keyed fingerprint). Per-client request counts (checkouts, payment attempts) are procedure
// middleware (routers/limits.ts). With Stripe the card form talks to Stripe directly; what the shop
// controls there is the checkout call, limited per client.
import type { Db } from '@esim/db';
import { normalizeCardNumber } from '../../domain/payments-demo.ts';
import { CARDS_PER_CLIENT, PAYMENT_ATTEMPTS_PER_ORDER } from '../../domain/rate-limit.ts';
import { DECLINE_LOCK_MESSAGE } from '../../domain/throttle.ts';
import { cardFingerprint, enforceDistinctPerClient, enforceRate, tooManyRequests } from '../shared/rate-limit.ts';
import { checkThrottle, declineThrottleKey, recordThrottleFailure, withThrottleLocks } from '../shared/throttle.ts';
import type { Services } from '../types.ts';

/** Before a card attempt on an order: refused while the order is locked after declines, or past the per-order count. */
export async function guardOrderAttempt(db: Db, services: Services, paymentIntentId: string): Promise<void> {
  const verdict = await checkThrottle(db, [declineThrottleKey(paymentIntentId)], services.now());
  if (!verdict.allowed) throw tooManyRequests(DECLINE_LOCK_MESSAGE, verdict.retryAfterSeconds, 'declines_per_order');
  await enforceRate(db, services, PAYMENT_ATTEMPTS_PER_ORDER, `order:${paymentIntentId.slice(0, 255)}`);
}

/** Before a card number is tried: at most CARDS_PER_CLIENT different numbers per client. */
export async function guardCardNumber(db: Db, services: Services, ip: string, cardNumber: string): Promise<void> {
  const fingerprint = cardFingerprint(services.rateLimits.secret, normalizeCardNumber(cardNumber));
  await enforceDistinctPerClient(db, services, CARDS_PER_CLIENT, ip, fingerprint);
}

/** After an attempt the card issuer (or the extra confirmation step) refused. */
export async function recordDecline(db: Db, services: Services, paymentIntentId: string): Promise<void> {
  const key = declineThrottleKey(paymentIntentId);
  await withThrottleLocks([key], () => recordThrottleFailure(db, [key], services.now()));
}
