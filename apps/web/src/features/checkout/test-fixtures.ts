// Test data for the checkout and order-success tests (not imported by app code).
import { PLANS } from '../../test/fixtures.ts';
import type { trpcMsw } from '../../test/msw.ts';

export type Intent = Awaited<ReturnType<Parameters<typeof trpcMsw.payments.createIntent.mutation>[0]>>;
export type Order = Awaited<ReturnType<Parameters<typeof trpcMsw.orders.byPaymentIntent.query>[0]>>;

const PLAN = PLANS[0]!; // Japan 1GB - 7 Days, $4.50

export function intent(overrides: Partial<Intent> = {}): Intent {
  return {
    clientSecret: 'pi_demo_1_secret_abc',
    orderId: 'ORD-AAAAAAAAAA',
    paymentIntentId: 'pi_demo_1',
    provider: 'demo',
    publishableKey: null,
    amount: 4.5,
    amountMinor: 450,
    currency: 'USD',
    kind: 'one_time',
    paymentStatus: 'requires_payment_method',
    subscriptionId: null,
    reused: false,
    ...overrides,
  } as Intent;
}

export function readyOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'ORD-AAAAAAAAAA',
    paymentIntentId: 'pi_demo_1',
    planId: PLAN.id,
    planName: PLAN.name,
    planFacts: { regionCode: 'JP', regionKind: 'country', regionName: 'Japan', coverage: 1, dataMb: 1024, validityDays: 7 },
    planData: '1GB',
    planValidity: '7 days',
    validityDays: 7,
    totalAmount: 4.5,
    totalMinor: 450,
    currency: 'USD',
    paymentMethod: 'Card',
    purchaseDate: '2026-06-01T10:00:00.000Z',
    status: 'completed',
    orderStatus: 'fulfilled',
    kind: 'one_time',
    ready: true,
    activationCode: 'LPA:1$smdp.sim.example$ABCDE-12345',
    esimActivationCode: 'LPA:1$smdp.sim.example$ABCDE-12345',
    qrCode: '/api/esims/ESIM-1/qr.png?token=t',
    esimQrCode: '/api/esims/ESIM-1/qr.png?token=t',
    smdpAddress: 'smdp.sim.example',
    matchingId: 'ABCDE-12345',
    confirmationCodeRequired: false,
    appleInstallUrl: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=x',
    iccid: '8999912345678901234',
    apn: 'globaldata',
    esimId: 'ESIM-1',
    ...overrides,
  } as Order;
}
