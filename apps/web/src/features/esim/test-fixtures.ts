// Test data for the eSIM screens (not imported by app code).
import type { trpcMsw } from '../../test/msw.ts';

export type EsimListRow = Awaited<ReturnType<Parameters<typeof trpcMsw.esims.list.query>[0]>>[number];
export type EsimDetailRow = Awaited<ReturnType<Parameters<typeof trpcMsw.esims.get.query>[0]>>;
export type PackageRow = EsimDetailRow['packages'][number];

export const ICCID = '8999912345678901234';
export const JAPAN_FACTS = {
  regionCode: 'JP',
  regionKind: 'country',
  regionName: 'Japan',
  coverage: 1,
  dataMb: 1024,
  validityDays: 7,
} as const;

export function summary(overrides: Partial<EsimListRow> = {}): EsimListRow {
  return {
    id: 'ESIM-A',
    iccid: ICCID,
    orderId: 'ORD-A',
    planId: 101,
    planName: 'Japan 1GB - 7 Days',
    planFacts: JAPAN_FACTS,
    status: 'active',
    profileState: 'enabled',
    planState: 'active',
    usage: { usedMb: 412, totalMb: 1024, remainingMb: 612, percent: 40 },
    activatedAt: '2026-06-03T10:00:00.000Z',
    expiresAt: '2026-06-10T10:00:00.000Z',
    daysLeft: 5,
    canTopUp: true,
    subscriptionId: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function pkg(overrides: Partial<PackageRow> = {}): PackageRow {
  return {
    orderId: 'ORD-A',
    kind: 'initial',
    planName: 'Japan 1GB - 7 Days',
    planFacts: JAPAN_FACTS,
    dataMb: 1024,
    usedMb: 412,
    validityDays: 7,
    state: 'active',
    startedAt: '2026-06-03T10:00:00.000Z',
    expiresAt: '2026-06-10T10:00:00.000Z',
    purchasedAt: '2026-06-01T10:00:00.000Z',
    refund: { eligible: false, reason: 'activated' },
    ...overrides,
  };
}

export function detail(overrides: Partial<EsimDetailRow> = {}): EsimDetailRow {
  return {
    ...summary(),
    packages: [pkg()],
    dailyUsage: [
      { day: '2026-06-03', usedMb: 100 },
      { day: '2026-06-04', usedMb: 0 },
      { day: '2026-06-05', usedMb: 250 },
      { day: '2026-06-06', usedMb: 62 },
    ],
    refund: { eligible: false, reason: 'activated' },
    activationCode: 'LPA:1$smdp.sim.example$AAAAA-11111',
    qrCode: '/api/esims/ESIM-A/qr.png?token=t',
    appleInstallUrl: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=x',
    smdpAddress: 'smdp.sim.example',
    matchingId: 'AAAAA-11111',
    confirmationCodeRequired: false,
    apn: 'globaldata',
    apnIos: null,
    apnAndroid: null,
    ...overrides,
  };
}
