// Admin views for the web tests (not imported by app code).
import type { RouterOutputs } from '../../lib/trpc.ts';

type Admin = RouterOutputs['admin'];
export type DashboardView = Admin['dashboard']['summary'];
export type OrderRow = Admin['orders']['list']['rows'][number];
export type OrderDetail = Admin['orders']['get'];
export type OperationsView = Admin['operations']['jobs'];
export type AuditEntry = Admin['audit']['list']['rows'][number];

export function makeDashboard(overrides: Partial<DashboardView> = {}): DashboardView {
  return {
    range: '7d',
    from: '2026-11-18T00:00:00.000Z',
    to: '2026-11-25T00:00:00.000Z',
    revenue: [
      { minor: 12_345, currency: 'USD' },
      { minor: 4_500, currency: 'EUR' },
    ],
    revenueUsdMinor: 17_245,
    netRevenueUsdMinor: 16_795,
    paidOrders: 12,
    refunds: { count: 1, usdMinor: 450 },
    newAccounts: 3,
    waiting: { provisioning: 2, provisioningFailed: 1, emails: 1, emailsFailed: 0 },
    daily: [
      { day: '2026-11-18', usdMinor: 0, orders: 0 },
      { day: '2026-11-19', usdMinor: 2_000, orders: 2 },
      { day: '2026-11-20', usdMinor: 9_000, orders: 5 },
      { day: '2026-11-21', usdMinor: 0, orders: 0 },
      { day: '2026-11-22', usdMinor: 3_245, orders: 3 },
      { day: '2026-11-23', usdMinor: 3_000, orders: 2 },
      { day: '2026-11-24', usdMinor: 0, orders: 0 },
    ],
    topDestinations: [
      { regionCode: 'JP', name: 'Japan', orders: 7, usdMinor: 9_000 },
      { regionCode: 'EU', name: 'Europe', orders: 5, usdMinor: 8_245 },
    ],
    ...overrides,
  };
}

export function makeOrderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    orderId: 'ORD-20261124-AAAA',
    status: 'fulfilled',
    kind: 'esim',
    topUp: false,
    email: 'ada@example.com',
    user: { id: 7, username: 'traveller' },
    planName: 'Japan 5GB - 30 Days',
    regionCode: 'JP',
    total: { minor: 1_799, currency: 'USD' },
    usdMinor: 1_799,
    paymentId: 'pi_demo_123',
    iccid: '8999000000000000012',
    createdAt: '2026-11-24T10:00:00.000Z',
    paidAt: '2026-11-24T10:01:00.000Z',
    ...overrides,
  } as OrderRow;
}

export function makeOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const row = makeOrderRow();
  return {
    ...row,
    locale: 'en',
    planId: 102,
    planDataAmount: '5GB',
    planValidityDays: 30,
    subtotal: { minor: 1_799, currency: 'USD' },
    pointsUsed: 0,
    pointsDiscount: { minor: 0, currency: 'USD' },
    refunded: { minor: 0, currency: 'USD' },
    refunds: [],
    refundable: { minor: 1_799, currency: 'USD' },
    payment: { provider: 'demo', id: 'pi_demo_123', status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' },
    esim: {
      iccid: '8999000000000000012',
      profileState: 'released',
      planState: 'not_active',
      dataUsedMb: 0,
      dataTotalMb: 5120,
      activatedAt: null,
      expiresAt: null,
      smdpAddress: 'smdp.example.test',
      provider: 'simulator',
    },
    topUpIccid: null,
    provisioning: { attempts: 1, lastError: null, nextAttemptAt: null },
    emails: [
      {
        id: 31,
        orderId: row.orderId,
        kind: 'esim',
        to: 'ada@example.com',
        status: 'sent',
        attempts: 1,
        lastError: null,
        nextAttemptAt: null,
        sentAt: '2026-11-24T10:02:00.000Z',
        createdAt: '2026-11-24T10:01:30.000Z',
      },
    ],
    timeline: [
      { kind: 'created', at: '2026-11-24T10:00:00.000Z', detail: 'Order placed by ada@example.com' },
      { kind: 'paid', at: '2026-11-24T10:01:00.000Z', detail: 'Paid with Visa •••• 4242' },
      { kind: 'provisioned', at: '2026-11-24T10:01:20.000Z', detail: 'eSIM 8999000000000000012 delivered' },
      { kind: 'emailed', at: '2026-11-24T10:02:00.000Z', detail: 'eSIM e-mail sent to ada@example.com' },
    ],
    statusHistory: [
      { id: 1, from: 'pending_payment', to: 'paid', actor: 'provider', reason: 'payment succeeded', at: '2026-11-24T10:01:00.000Z' },
      { id: 2, from: 'paid', to: 'fulfilled', actor: 'system', reason: 'eSIM delivered', at: '2026-11-24T10:01:20.000Z' },
    ],
    actions: { refund: true, resendEmail: true, retryProvisioning: false },
    ...overrides,
  } as OrderDetail;
}
