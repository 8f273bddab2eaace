// The shop's payment provider: Stripe when configured, otherwise demo payments whose state lives
// in the database (dbDemoStore) and whose events go straight to the same handler the webhook
// route calls (handlePaymentEvent), so demo and Stripe run one order and fulfilment path.
import type { Db } from '@esim/db';
import type { Services } from '../types.ts';
import { createPaymentProvider } from '../../providers/payments/index.ts';
import type { AnyPaymentProvider, PaymentProviderConfig } from '../../providers/payments/index.ts';
import { pooledRandomBytes } from '../shared/tokens.ts';
import { dbDemoStore } from './payments-demo-store.ts';
import { handlePaymentEvent } from './payment-events.ts';
import { guardPromoCard } from '../promotions/promo-redemption.ts';

export function createShopPaymentProvider(
  db: Db,
  services: () => Services,
  config: Omit<PaymentProviderConfig, 'demo'> & { demoWebhookSecret?: string | undefined },
): AnyPaymentProvider {
  const { demoWebhookSecret, ...rest } = config;
  return createPaymentProvider({
    ...rest,
    demo: {
      store: dbDemoStore(db, () => services().now()),
      now: () => services().now(),
      webhookSecret: demoWebhookSecret,
      randomHex: (bytes) => pooledRandomBytes(bytes).toString('hex'),
      beforeCardCharge: (attempt) => guardPromoCard(db, attempt.orderId, attempt.cardFingerprint),
      onEvent: async (event) => {
        const s = services();
        s.testHooks?.beforePaymentEvent?.(event);
        await handlePaymentEvent(db, s, event, { record: false });
      },
      onEventError: (error, event) =>
        services().log.error('demo payment event not handled (the reconciler and the return page will catch up)', {
          eventId: event.id,
          type: event.type,
          error: String(error),
        }),
    },
  });
}
