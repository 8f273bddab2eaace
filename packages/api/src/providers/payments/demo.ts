// Demo payments ("Demo payments: no real charge"): the offline default. Behaves like Stripe for
// the shop — payment intents with client secrets, Stripe's test cards, refunds, monthly
// subscriptions — and emits Stripe-shaped events (also signable as webhooks) so the same
// fulfilment code runs. The rules live in domain/payments-demo.ts; this file stores states
// (in memory, or in a store the integrator backs with the database) and emits events.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  activateSubscription,
  cancelIntent,
  cardBrandOf,
  completeAction,
  confirmIntent,
  decideCardOutcome,
  normalizeCardNumber,
  refundIntent,
  refundedMinor,
  renewSubscription,
  settleRenewal,
  yearMonthOf,
} from '../../domain/payments-demo.ts';
import type { DemoCard, DemoIntent, DemoPaymentError, DemoSubscription, DemoTransitionError } from '../../domain/payments-demo.ts';
import { KeyedMutex } from './keyed-mutex.ts';
import { signWebhookPayload, verifyWebhookSignature } from './signature.ts';
import type {
  CancellationReason,
  CreatePaymentIntentInput,
  CreateSubscriptionInput,
  CreatedPaymentIntent,
  CreatedSubscription,
  DisputeInfo,
  EarlyFraudWarningInfo,
  PaymentCardInfo,
  PaymentErrorInfo,
  PaymentEvent,
  PaymentIntentInfo,
  PaymentIntentStatus,
  PaymentProvider,
  RefundInput,
  RefundResult,
  ReviewInfo,
  SubscriptionInfo,
} from './types.ts';
import { PaymentProviderError, WebhookVerificationError, idempotencyKeys } from './types.ts';

/** Where demo states live. Default: memory. The integrator may back it with the database. */
export interface DemoPaymentStore {
  getIntent(id: string): Promise<DemoIntent | undefined>;
  saveIntent(intent: DemoIntent): Promise<void>;
  getSubscription(id: string): Promise<DemoSubscription | undefined>;
  saveSubscription(sub: DemoSubscription): Promise<void>;
  /** Idempotency key → id of the object it created. */
  getIdempotent(key: string): Promise<string | undefined>;
  saveIdempotent(key: string, id: string): Promise<void>;
  /**
   * Optional: saves a new intent under an idempotency key unless the key names one already, in one
   * round trip where the database allows it (PostgreSQL: one statement). → the id the key names
   * after the call (the new intent's, or the earlier one's), or undefined when a concurrent first
   * use is not visible yet (the caller reads the key again).
   */
  createIntentOnce?(key: string, intent: DemoIntent): Promise<string | undefined>;
}

export function memoryDemoStore(): DemoPaymentStore & {
  intents: Map<string, DemoIntent>;
  subscriptions: Map<string, DemoSubscription>;
} {
  const intents = new Map<string, DemoIntent>();
  const subscriptions = new Map<string, DemoSubscription>();
  const keys = new Map<string, string>();
  return {
    intents,
    subscriptions,
    getIntent: async (id) => intents.get(id),
    saveIntent: async (i) => void intents.set(i.id, i),
    getSubscription: async (id) => subscriptions.get(id),
    saveSubscription: async (s) => void subscriptions.set(s.id, s),
    getIdempotent: async (k) => keys.get(k),
    saveIdempotent: async (k, id) => void keys.set(k, id),
  };
}

export interface DemoProviderOptions {
  store?: DemoPaymentStore | undefined;
  /**
   * Receives every event (payment_intent.succeeded, payment_intent.payment_failed,
   * charge.refunded, invoice.paid, invoice.payment_failed, customer.subscription.updated,
   * customer.subscription.deleted), after the state is saved. Awaited; a throw is reported to
   * onEventError and does not undo the payment (as a failed webhook delivery would not).
   */
  onEvent?: ((event: PaymentEvent) => void | Promise<void>) | undefined;
  onEventError?: ((error: unknown, event: PaymentEvent) => void) | undefined;
  /** Default: new Date(). */
  now?: (() => Date) | undefined;
  /** Random hex of n bytes, for ids and client secrets. Default: node:crypto. */
  randomHex?: ((bytes: number) => string) | undefined;
  /** Secret for signing demo events as webhooks (signEvent/verifyWebhook). Default: random per process. */
  webhookSecret?: string | undefined;
  /** Recent events kept for `events` (default 1000). */
  eventLogLimit?: number | undefined;
  /**
   * Asked before a card is charged for an intent whose metadata has promo=1 (issue 29: a promo
   * code's per-customer limit counts the card), with the card's fingerprint; a throw refuses the
   * attempt before any charge (nothing is saved).
   */
  beforeCardCharge?: ((attempt: { orderId: string; cardFingerprint: string }) => Promise<void>) | undefined;
}

/**
 * The demo card's fingerprint: like Stripe's `card.fingerprint` (API reference, "The PaymentMethod
 * object", card.fingerprint: "Uniquely identifies this particular card number"), the same for the
 * same number whatever its expiry or CVC, and not the number itself.
 */
export function demoCardFingerprint(cardNumber: string): string {
  return createHash('sha256')
    .update(`demo-card-fingerprint|${normalizeCardNumber(cardNumber)}`)
    .digest('hex')
    .slice(0, 32);
}

export interface DemoConfirmInput {
  paymentIntentId: string;
  clientSecret: string;
  card: DemoCard;
}

export interface DemoConfirmResult {
  paymentIntentId: string;
  status: PaymentIntentStatus;
  /** 'demo_confirm' when the page must show the extra confirmation step, then call confirmAction. */
  nextAction: 'demo_confirm' | null;
  lastError?: PaymentErrorInfo | undefined;
}

export interface DemoRenewalResult {
  outcome: 'renewed' | 'payment_failed' | 'ended';
  subscription: SubscriptionInfo;
  invoiceId: string | null;
}

const CURRENCY = /^[A-Za-z]{3}$/;

function toErrorInfo(e: DemoPaymentError | undefined): PaymentErrorInfo | undefined {
  return e ? { code: e.code, ...(e.declineCode ? { declineCode: e.declineCode } : {}), message: e.message } : undefined;
}

function transitionError(e: DemoTransitionError): PaymentProviderError {
  return new PaymentProviderError(e.code, e.message, { status: 400 });
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  readonly publishableKey = null;
  readonly store: DemoPaymentStore;
  private readonly opts: DemoProviderOptions;
  private readonly now: () => Date;
  private readonly hex: (bytes: number) => string;
  private readonly webhookSecret: string;
  private readonly locks = new KeyedMutex();
  private readonly log: PaymentEvent[] = [];
  /**
   * The intent a confirm has just saved, while its events are delivered: the services' handler
   * re-reads the intent it was told about (as for Stripe), and gets this copy instead of a second
   * read of what this process wrote a moment ago (one round trip less per checkout on PostgreSQL).
   * A confirmed intent's outcome cannot change meanwhile: succeeded is final, and a failed one
   * moves again only through another confirm, which waits for this one's lock.
   */
  private readonly delivering = new Map<string, DemoIntent>();

  constructor(opts: DemoProviderOptions = {}) {
    this.opts = opts;
    this.store = opts.store ?? memoryDemoStore();
    this.now = opts.now ?? (() => new Date());
    this.hex = opts.randomHex ?? ((n) => randomBytes(n).toString('hex'));
    this.webhookSecret = opts.webhookSecret ?? `whsec_demo_${this.hex(24)}`;
  }

  /** Recent events, oldest first (for tests and for re-delivery). */
  get events(): readonly PaymentEvent[] {
    return this.log;
  }

  private seconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  // --- PaymentProvider ---------------------------------------------------------------------------

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<CreatedPaymentIntent> {
    const key = input.idempotencyKey ?? idempotencyKeys.paymentIntent(input.orderId);
    const intent = await this.createIntent(key, {
      amountMinor: input.amountMinor,
      currency: input.currency,
      email: input.email,
      metadata: { ...input.metadata, orderId: input.orderId },
    });
    return { id: intent.id, clientSecret: intent.clientSecret, status: intent.status };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo> {
    const i = this.delivering.get(id) ?? (await this.mustIntent(id));
    const lastError = toErrorInfo(i.lastError);
    return {
      id: i.id,
      status: i.status,
      amountMinor: i.amountMinor,
      currency: i.currency,
      metadata: { ...i.metadata },
      ...(lastError ? { lastError } : {}),
      ...(i.cancellationReason ? { cancellationReason: i.cancellationReason } : {}),
    };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const { result, events } = await this.locks.run(`pi:${input.paymentIntentId}`, async () => {
      const intent = await this.mustIntent(input.paymentIntentId);
      const t = refundIntent(intent, {
        refundId: `re_demo_${this.hex(12)}`,
        amountMinor: input.amountMinor,
        idempotencyKey: input.idempotencyKey,
        created: this.seconds(),
      });
      if (!t.ok) throw transitionError(t.error);
      const refund = t.refund!;
      const result: RefundResult = { id: refund.id, status: 'succeeded', amountMinor: refund.amountMinor };
      if (t.effect === 'duplicate') return { result, events: [] };
      await this.store.saveIntent(t.intent);
      return { result, events: [this.event('charge.refunded', this.chargeObject(t.intent))] };
    });
    await this.emitAll(events);
    return result;
  }

  verifyWebhook(rawBody: string, signatureHeader: string | null | undefined, nowSeconds: number): PaymentEvent {
    verifyWebhookSignature(rawBody, signatureHeader, this.webhookSecret, nowSeconds);
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new WebhookVerificationError('bad_payload', 'Webhook body is not JSON');
    }
    const e = parsed as Partial<PaymentEvent> | null;
    if (
      !e ||
      typeof e.id !== 'string' ||
      typeof e.type !== 'string' ||
      typeof e.created !== 'number' ||
      typeof e.data !== 'object' ||
      e.data === null ||
      typeof e.data.object !== 'object' ||
      e.data.object === null
    ) {
      throw new WebhookVerificationError('bad_payload', 'Webhook body is not an event');
    }
    return { id: e.id, type: e.type, created: e.created, data: { object: e.data.object } };
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    const key = `${input.idempotencyKey}:subscription`;
    const sub = await this.locks.run(`idem:${key}`, async () => {
      const existingId = await this.store.getIdempotent(key);
      if (existingId) return this.mustSubscription(existingId);
      const subId = `sub_demo_${this.hex(12)}`;
      const invoiceId = `in_demo_${this.hex(12)}`;
      const intent = await this.createIntent(`${input.idempotencyKey}:invoice:1`, {
        amountMinor: input.priceMinor,
        currency: input.currency,
        email: input.customerEmail,
        metadata: { ...input.metadata, subscriptionId: subId },
        subscriptionId: subId,
        invoiceId,
      });
      const now = this.seconds();
      const created: DemoSubscription = {
        id: subId,
        customerEmail: input.customerEmail,
        productName: input.productName,
        priceMinor: input.priceMinor,
        currency: intent.currency,
        status: 'incomplete',
        cancelAtPeriodEnd: false,
        billingCycleAnchor: now,
        currentPeriodStart: now,
        currentPeriodEnd: now,
        metadata: { ...input.metadata },
        latestInvoiceId: invoiceId,
        latestPaymentIntentId: intent.id,
        invoiceCount: 1,
      };
      await this.store.saveSubscription(created);
      await this.store.saveIdempotent(key, subId);
      return created;
    });
    const intent = await this.mustIntent(sub.latestPaymentIntentId);
    return {
      id: sub.id,
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      status: sub.status,
      currentPeriodEnd: sub.currentPeriodEnd,
    };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo> {
    return this.subscriptionInfo(await this.mustSubscription(id));
  }

  async resumeSubscription(id: string): Promise<SubscriptionInfo> {
    const { sub, events } = await this.locks.run(`sub:${id}`, async () => {
      const sub = await this.mustSubscription(id);
      if (sub.status === 'canceled') {
        throw new PaymentProviderError('subscription_canceled', `Subscription ${sub.id} has ended and cannot be resumed`, { status: 400 });
      }
      if (!sub.cancelAtPeriodEnd) return { sub, events: [] };
      const next = { ...sub, cancelAtPeriodEnd: false };
      await this.store.saveSubscription(next);
      return { sub: next, events: [this.event('customer.subscription.updated', this.subscriptionObject(next))] };
    });
    await this.emitAll(events);
    return this.subscriptionInfo(sub);
  }

  /** The demo keeps the card's last four digits and network from the confirm step. */
  async paymentCard(paymentIntentId: string): Promise<PaymentCardInfo | null> {
    const intent = await this.store.getIntent(paymentIntentId);
    if (!intent?.cardLast4) return null;
    return { brand: intent.cardBrand ?? null, last4: intent.cardLast4, fingerprint: intent.cardFingerprint ?? null };
  }

  // The demo has no Radar and no disputes: it never sends their events, so nothing asks for them.
  async retrieveReview(id: string): Promise<ReviewInfo> {
    throw new PaymentProviderError('resource_missing', `The demo payment provider has no reviews (${id})`);
  }

  async retrieveEarlyFraudWarning(id: string): Promise<EarlyFraudWarningInfo> {
    throw new PaymentProviderError('resource_missing', `The demo payment provider has no early fraud warnings (${id})`);
  }

  async retrieveDispute(id: string): Promise<DisputeInfo> {
    throw new PaymentProviderError('resource_missing', `The demo payment provider has no disputes (${id})`);
  }

  async cancelSubscriptionAtPeriodEnd(id: string): Promise<SubscriptionInfo> {
    const { sub, events } = await this.locks.run(`sub:${id}`, async () => {
      const sub = await this.mustSubscription(id);
      if (sub.cancelAtPeriodEnd || sub.status === 'canceled') return { sub, events: [] };
      const next = { ...sub, cancelAtPeriodEnd: true };
      await this.store.saveSubscription(next);
      return { sub: next, events: [this.event('customer.subscription.updated', this.subscriptionObject(next))] };
    });
    await this.emitAll(events);
    return this.subscriptionInfo(sub);
  }

  // --- demo-only ---------------------------------------------------------------------------------

  /** The demo card form's submit (the demo-only confirm endpoint calls this). */
  async confirm(input: DemoConfirmInput): Promise<DemoConfirmResult> {
    const { result, events, saved } = await this.locks.run(`pi:${input.paymentIntentId}`, async () => {
      const intent = await this.authorizedIntent(input.paymentIntentId, input.clientSecret);
      if (intent.metadata.promo === '1' && this.opts.beforeCardCharge && intent.metadata.orderId)
        await this.opts.beforeCardCharge({ orderId: intent.metadata.orderId, cardFingerprint: demoCardFingerprint(input.card.number) });
      const outcome = decideCardOutcome(input.card, yearMonthOf(this.now()));
      const t = confirmIntent(intent, outcome, normalizeCardNumber(input.card.number).slice(-4));
      if (!t.ok) throw transitionError(t.error);
      const saved: DemoIntent = {
        ...t.intent,
        cardBrand: cardBrandOf(input.card.number) ?? undefined,
        cardFingerprint: demoCardFingerprint(input.card.number),
      };
      await this.store.saveIntent(saved);
      const events = t.effect === 'requires_action' ? [] : await this.afterAttempt(saved, t.effect === 'succeeded');
      return { result: this.confirmResult(saved), events, saved };
    });
    await this.emitConfirmed(saved, events);
    return result;
  }

  /** The extra confirmation step (Stripe's 3-D Secure for 4000 0027 6000 3184): approve or not. */
  async confirmAction(input: { paymentIntentId: string; clientSecret: string; approve: boolean }): Promise<DemoConfirmResult> {
    const { result, events, saved } = await this.locks.run(`pi:${input.paymentIntentId}`, async () => {
      const intent = await this.authorizedIntent(input.paymentIntentId, input.clientSecret);
      const t = completeAction(intent, input.approve);
      if (!t.ok) throw transitionError(t.error);
      await this.store.saveIntent(t.intent);
      const events = await this.afterAttempt(t.intent, t.effect === 'succeeded');
      return { result: this.confirmResult(t.intent), events, saved: t.intent };
    });
    await this.emitConfirmed(saved, events);
    return result;
  }

  /** Cancels an intent that has not succeeded (e.g. an abandoned checkout: reason 'abandoned'). */
  async cancelPaymentIntent(id: string, reason?: CancellationReason): Promise<PaymentIntentInfo> {
    const events = await this.locks.run(`pi:${id}`, async () => {
      const t = cancelIntent(await this.mustIntent(id), reason);
      if (!t.ok) throw transitionError(t.error);
      await this.store.saveIntent(t.intent);
      return [this.event('payment_intent.canceled', this.intentObject(t.intent))];
    });
    await this.emitAll(events);
    return this.retrievePaymentIntent(id);
  }

  /** The demo never places a hold (it checks the card before charging): nothing is ever requires_capture. */
  async capturePaymentIntent(id: string): Promise<PaymentIntentInfo> {
    const intent = await this.mustIntent(id);
    throw new PaymentProviderError(
      'payment_intent_unexpected_state',
      `This PaymentIntent has a status of ${intent.status}; it cannot be captured.`,
    );
  }

  /** Whether `clientSecret` belongs to the intent (guest access to an order, demo confirm). */
  async checkClientSecret(paymentIntentId: string, clientSecret: string): Promise<boolean> {
    const intent = await this.store.getIntent(paymentIntentId);
    return intent !== undefined && sameSecret(intent.clientSecret, clientSecret);
  }

  /**
   * Simulates reaching the end of the period: a subscription set to cancel ends
   * (customer.subscription.deleted); otherwise the next monthly invoice is charged
   * (invoice.paid, or invoice.payment_failed with `fail: true`).
   */
  async advanceRenewal(subscriptionId: string, opts: { fail?: boolean } = {}): Promise<DemoRenewalResult> {
    const { result, events } = await this.locks.run(`sub:${subscriptionId}`, async () => {
      const sub = await this.mustSubscription(subscriptionId);
      const paymentIntentId = `pi_demo_${this.hex(12)}`;
      const step = renewSubscription(sub, { invoiceId: `in_demo_${this.hex(12)}`, paymentIntentId });
      if (step.kind === 'not_renewable') {
        throw new PaymentProviderError('subscription_not_renewable', `Subscription ${sub.id} is ${sub.status}`, { status: 400 });
      }
      if (step.kind === 'ended') {
        await this.store.saveSubscription(step.sub);
        return {
          result: { outcome: 'ended' as const, subscription: this.subscriptionInfo(step.sub), invoiceId: null },
          events: [this.event('customer.subscription.deleted', this.subscriptionObject(step.sub))],
        };
      }
      const paid = !opts.fail;
      // A new invoice, or the past-due one charged again.
      const invoiceId = step.sub.latestInvoiceId;
      const previous = await this.store.getIntent(sub.latestPaymentIntentId);
      const intent: DemoIntent = {
        id: paymentIntentId,
        clientSecret: `${paymentIntentId}_secret_${this.hex(16)}`,
        amountMinor: sub.priceMinor,
        currency: sub.currency,
        status: paid ? 'succeeded' : 'requires_payment_method',
        created: this.seconds(),
        email: sub.customerEmail,
        // The card on file: the one that paid before.
        ...(paid && previous?.cardLast4
          ? { cardLast4: previous.cardLast4, cardBrand: previous.cardBrand, cardFingerprint: previous.cardFingerprint }
          : {}),
        metadata: { ...sub.metadata, subscriptionId: sub.id },
        lastError: paid ? undefined : { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
        refunds: [],
        subscriptionId: sub.id,
        invoiceId,
      };
      await this.store.saveIntent(intent);
      const next = settleRenewal(step.sub, paid);
      await this.store.saveSubscription(next);
      const events = [
        this.event(paid ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', this.intentObject(intent)),
        this.event(paid ? 'invoice.paid' : 'invoice.payment_failed', this.invoiceObject(next, intent, 'subscription_cycle')),
      ];
      if (next.status !== sub.status) events.push(this.event('customer.subscription.updated', this.subscriptionObject(next)));
      return {
        result: {
          outcome: paid ? ('renewed' as const) : ('payment_failed' as const),
          subscription: this.subscriptionInfo(next),
          invoiceId,
        },
        events,
      };
    });
    await this.emitAll(events);
    return result;
  }

  /** A demo event as a signed webhook delivery: POST `payload` with header Stripe-Signature: `header`. */
  signEvent(event: PaymentEvent, timestampSeconds: number): { payload: string; header: string } {
    const payload = JSON.stringify(event);
    return { payload, header: signWebhookPayload(payload, this.webhookSecret, timestampSeconds) };
  }

  // --- internals ---------------------------------------------------------------------------------

  private async createIntent(
    key: string,
    p: {
      amountMinor: number;
      currency: string;
      email?: string | undefined;
      metadata: Record<string, string>;
      subscriptionId?: string | undefined;
      invoiceId?: string | undefined;
    },
  ): Promise<DemoIntent> {
    if (!Number.isSafeInteger(p.amountMinor) || p.amountMinor <= 0) {
      throw new PaymentProviderError('invalid_amount', `amount must be a positive integer in minor units, got ${p.amountMinor}`, {
        status: 400,
      });
    }
    if (!CURRENCY.test(p.currency)) throw new PaymentProviderError('invalid_currency', `bad currency ${p.currency}`, { status: 400 });
    const currency = p.currency.toUpperCase();
    return this.locks.run(`idem:${key}`, async () => {
      const fresh = (): DemoIntent => {
        const id = `pi_demo_${this.hex(12)}`;
        return {
          id,
          clientSecret: `${id}_secret_${this.hex(16)}`,
          amountMinor: p.amountMinor,
          currency,
          status: 'requires_payment_method',
          created: this.seconds(),
          email: p.email,
          metadata: p.metadata,
          refunds: [],
          subscriptionId: p.subscriptionId,
          invoiceId: p.invoiceId,
        };
      };
      let existingId: string | undefined;
      if (this.store.createIntentOnce) {
        const intent = fresh();
        existingId = (await this.store.createIntentOnce(key, intent)) ?? (await this.store.getIdempotent(key));
        if (existingId === intent.id) return intent;
      } else {
        existingId = await this.store.getIdempotent(key);
      }
      if (existingId) {
        const existing = await this.mustIntent(existingId);
        if (existing.amountMinor !== p.amountMinor || existing.currency !== currency) {
          throw new PaymentProviderError(
            'idempotency_key_in_use',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            { status: 400 },
          );
        }
        return existing;
      }
      const intent = fresh();
      await this.store.saveIntent(intent);
      await this.store.saveIdempotent(key, intent.id);
      return intent;
    });
  }

  /** Events (and subscription changes) after a confirm attempt that succeeded or failed. */
  private async afterAttempt(intent: DemoIntent, succeeded: boolean): Promise<PaymentEvent[]> {
    const events = [this.event(succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', this.intentObject(intent))];
    if (!intent.subscriptionId) return events;
    const subId = intent.subscriptionId;
    return this.locks.run(`sub:${subId}`, async () => {
      let sub = await this.mustSubscription(subId);
      if (succeeded) {
        const before = sub.status;
        sub = activateSubscription(sub, this.seconds());
        await this.store.saveSubscription(sub);
        events.push(this.event('invoice.paid', this.invoiceObject(sub, intent, 'subscription_create')));
        if (sub.status !== before) events.push(this.event('customer.subscription.updated', this.subscriptionObject(sub)));
      } else {
        events.push(this.event('invoice.payment_failed', this.invoiceObject(sub, intent, 'subscription_create')));
      }
      return events;
    });
  }

  private confirmResult(i: DemoIntent): DemoConfirmResult {
    const lastError = toErrorInfo(i.lastError);
    return {
      paymentIntentId: i.id,
      status: i.status,
      nextAction: i.status === 'requires_action' ? 'demo_confirm' : null,
      ...(lastError ? { lastError } : {}),
    };
  }

  private async authorizedIntent(id: string, clientSecret: string): Promise<DemoIntent> {
    const intent = await this.store.getIntent(id);
    // The same answer for an unknown id and a wrong secret.
    if (!intent || !sameSecret(intent.clientSecret, clientSecret)) {
      throw new PaymentProviderError('resource_missing', 'No such payment_intent', { status: 404 });
    }
    return intent;
  }

  private async mustIntent(id: string): Promise<DemoIntent> {
    const i = await this.store.getIntent(id);
    if (!i) throw new PaymentProviderError('resource_missing', `No such payment_intent: '${id}'`, { status: 404 });
    return i;
  }

  private async mustSubscription(id: string): Promise<DemoSubscription> {
    const s = await this.store.getSubscription(id);
    if (!s) throw new PaymentProviderError('resource_missing', `No such subscription: '${id}'`, { status: 404 });
    return s;
  }

  private subscriptionInfo(s: DemoSubscription): SubscriptionInfo {
    return {
      id: s.id,
      status: s.status,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      currentPeriodEnd: s.currentPeriodEnd,
      metadata: { ...s.metadata },
    };
  }

  private event(type: string, object: PaymentEvent['data']['object']): PaymentEvent {
    return { id: `evt_demo_${this.hex(12)}`, type, created: this.seconds(), data: { object } };
  }

  /** emitAll for a confirm's events, with the intent it saved served to re-reads meanwhile. */
  private async emitConfirmed(intent: DemoIntent, events: PaymentEvent[]): Promise<void> {
    if (events.length === 0) return;
    this.delivering.set(intent.id, intent);
    try {
      await this.emitAll(events);
    } finally {
      if (this.delivering.get(intent.id) === intent) this.delivering.delete(intent.id);
    }
  }

  private async emitAll(events: PaymentEvent[]): Promise<void> {
    for (const e of events) {
      this.log.push(e);
      const limit = this.opts.eventLogLimit ?? 1000;
      if (this.log.length > limit) this.log.splice(0, this.log.length - limit);
      if (!this.opts.onEvent) continue;
      try {
        await this.opts.onEvent(e);
      } catch (err) {
        this.opts.onEventError?.(err, e);
      }
    }
  }

  // Stripe-shaped objects (the fields the shop reads, under Stripe's names).

  private intentObject(i: DemoIntent): PaymentEvent['data']['object'] {
    return {
      id: i.id,
      object: 'payment_intent',
      amount: i.amountMinor,
      amount_received: i.status === 'succeeded' ? i.amountMinor : 0,
      currency: i.currency.toLowerCase(),
      status: i.status,
      created: i.created,
      receipt_email: i.email ?? null,
      metadata: { ...i.metadata },
      latest_charge: i.status === 'succeeded' ? chargeId(i) : null,
      last_payment_error: i.lastError
        ? { type: 'card_error', code: i.lastError.code, decline_code: i.lastError.declineCode ?? null, message: i.lastError.message }
        : null,
      cancellation_reason: i.cancellationReason ?? null,
      livemode: false,
    };
  }

  private chargeObject(i: DemoIntent): PaymentEvent['data']['object'] {
    const refunded = refundedMinor(i);
    return {
      id: chargeId(i),
      object: 'charge',
      amount: i.amountMinor,
      amount_refunded: refunded,
      refunded: refunded >= i.amountMinor,
      currency: i.currency.toLowerCase(),
      payment_intent: i.id,
      metadata: { ...i.metadata },
      livemode: false,
    };
  }

  private invoiceObject(s: DemoSubscription, i: DemoIntent, billingReason: string): PaymentEvent['data']['object'] {
    const paid = i.status === 'succeeded';
    return {
      id: i.invoiceId ?? s.latestInvoiceId,
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      amount_due: i.amountMinor,
      amount_paid: paid ? i.amountMinor : 0,
      currency: i.currency.toLowerCase(),
      customer_email: s.customerEmail,
      billing_reason: billingReason,
      parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: { ...s.metadata } } },
      // Current API: the invoice's payments (the shop records the renewal's payment intent on its order).
      payments: { object: 'list', data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: i.id } }] },
      lines: {
        object: 'list',
        data: [{ object: 'line_item', amount: i.amountMinor, period: { start: s.currentPeriodStart, end: s.currentPeriodEnd } }],
      },
      livemode: false,
    };
  }

  private subscriptionObject(s: DemoSubscription): PaymentEvent['data']['object'] {
    return {
      id: s.id,
      object: 'subscription',
      status: s.status,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      metadata: { ...s.metadata },
      items: {
        object: 'list',
        data: [{ object: 'subscription_item', current_period_start: s.currentPeriodStart, current_period_end: s.currentPeriodEnd }],
      },
      livemode: false,
    };
  }
}

function chargeId(i: DemoIntent): string {
  return `ch_${i.id.slice('pi_'.length)}`;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
