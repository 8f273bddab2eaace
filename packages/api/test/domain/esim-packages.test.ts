import { describe, expect, it } from 'vitest';
import { daysLeft, remainingMb, thresholdsReached, usagePercent, validityAlertDue } from '../../src/domain/esim-life.ts';
import {
  advancePackages,
  consumeData,
  mergeUsageSnapshot,
  nextPlanState,
  nextProfileState,
  packagesAsShown,
  summarizePackages,
  type PackageLife,
} from '../../src/domain/esim-packages.ts';

const DAY = 86_400_000;
const T = Date.parse('2026-05-01T00:00:00.000Z');
const at = (days: number) => new Date(T + days * DAY);
const isoAt = (days: number) => at(days).toISOString();
const pkg = (dataMb: number | null, validityDays = 7, over: Partial<PackageLife> = {}): PackageLife => ({
  dataMb,
  validityDays,
  usedMb: 0,
  state: 'queued',
  startedAt: null,
  expiresAt: null,
  ...over,
});

describe('usage percentage and thresholds', () => {
  it.each([
    [0, 1000, 0, []],
    [499, 1000, 49, []],
    [500, 1000, 50, [50]],
    [799, 1000, 79, [50]],
    [800, 1000, 80, [50, 80]],
    [899, 1000, 89, [50, 80]],
    [900, 1000, 90, [50, 80, 90]],
    [1200, 1000, 100, [50, 80, 90]],
    [5, 0, 100, [50, 80, 90]],
    [5000, null, null, []],
  ] as const)('%i of %s MB → %s%% → %j', (used, total, pct, reached) => {
    expect(usagePercent(used, total)).toBe(pct);
    expect(thresholdsReached(used, total)).toEqual(reached);
  });
});

describe('days left and the one-day alert', () => {
  const now = at(0);
  it.each([
    [null, null, false],
    [new Date(T - 1), 0, false],
    [new Date(T), 0, false],
    [new Date(T + 1), 1, true],
    [new Date(T + DAY), 1, true],
    [new Date(T + DAY + 1), 2, false],
    [new Date(T + 7 * DAY), 7, false],
  ] as const)('expires %s → %s days left, alert %s', (expiresAt, left, alert) => {
    expect(daysLeft(expiresAt, now)).toBe(left);
    expect(validityAlertDue(expiresAt, now)).toBe(alert);
  });
});

describe('package takeover (the provider side)', () => {
  it('nothing starts before activation', () => {
    expect(advancePackages([pkg(1000)], null, at(3))[0]).toMatchObject({ state: 'queued', startedAt: null });
  });

  it('the first starts at activation; the next when the first is used up (at that moment)', () => {
    const { packages } = consumeData([pkg(1000), pkg(500, 3)], isoAt(0), 1200, at(1));
    expect(packages).toMatchObject([
      { state: 'finished', usedMb: 1000, startedAt: isoAt(0), expiresAt: isoAt(7) },
      { state: 'active', usedMb: 200, startedAt: isoAt(1), expiresAt: isoAt(4) },
    ]);
    expect(summarizePackages(packages, isoAt(0), at(1))).toMatchObject({
      usedMb: 1200,
      totalMb: 1500,
      planState: 'active',
      expiresAt: isoAt(4),
    });
  });

  it('the next takes over when the first expires (at its expiry), the third after the second', () => {
    const out = advancePackages([pkg(1000, 7), pkg(500, 3), pkg(200, 2)], isoAt(0), at(10.5));
    expect(out).toMatchObject([
      { state: 'expired', startedAt: isoAt(0), expiresAt: isoAt(7) },
      { state: 'expired', startedAt: isoAt(7), expiresAt: isoAt(10) },
      { state: 'active', startedAt: isoAt(10), expiresAt: isoAt(12) },
    ]);
  });

  it('data beyond every package is dropped; a refunded package never starts', () => {
    const r = consumeData([pkg(100), pkg(50, 7, { state: 'refunded' }), pkg(100)], isoAt(0), 500, at(1));
    expect(r.droppedMb).toBe(300);
    expect(r.packages.map((p) => p.state)).toEqual(['finished', 'refunded', 'finished']);
    expect(summarizePackages(r.packages, isoAt(0), at(1))).toMatchObject({ usedMb: 200, totalMb: 200, planState: 'finished' });
    expect(summarizePackages(r.packages, isoAt(0), at(8)).planState).toBe('expired');
  });

  it('unlimited takes everything', () => {
    const r = consumeData([pkg(null)], isoAt(0), 99_999, at(1));
    expect(r).toMatchObject({ droppedMb: 0, packages: [{ state: 'active', usedMb: 99_999 }] });
    expect(summarizePackages(r.packages, isoAt(0), at(1)).totalMb).toBeNull();
  });
});

describe('merging a provider report (the shop side)', () => {
  const report = (usedMb: number, over: Partial<Parameters<typeof mergeUsageSnapshot>[1]> = {}) => ({
    usedMb,
    planState: 'active' as const,
    activatedAt: isoAt(0),
    expiresAt: null,
    ...over,
  });

  it('pours the MB into the packages in order', () => {
    expect(mergeUsageSnapshot([pkg(1000), pkg(500)], report(1200), at(2))).toMatchObject([
      { state: 'finished', usedMb: 1000 },
      { state: 'active', usedMb: 200, startedAt: isoAt(2) },
    ]);
  });

  it('a finished or expired package keeps what it had; the rest goes to the live one', () => {
    const before = [pkg(1000, 7, { state: 'expired', usedMb: 600, startedAt: isoAt(0), expiresAt: isoAt(7) }), pkg(500)];
    expect(mergeUsageSnapshot(before, report(700), at(8))).toMatchObject([
      { state: 'expired', usedMb: 600 },
      { state: 'active', usedMb: 100, startedAt: isoAt(7), expiresAt: isoAt(14) },
    ]);
  });

  it('never lowers a package; the provider expiry and its "expired" win for the current package', () => {
    const live = [pkg(1000, 7, { state: 'active', usedMb: 400, startedAt: isoAt(0), expiresAt: isoAt(7) })];
    expect(mergeUsageSnapshot(live, report(300), at(1))[0]!.usedMb).toBe(400);
    expect(mergeUsageSnapshot(live, report(450, { expiresAt: isoAt(6) }), at(1))[0]!.expiresAt).toBe(isoAt(6));
    expect(mergeUsageSnapshot(live, report(450, { planState: 'expired' }), at(1))[0]!.state).toBe('expired');
  });

  it('before activation nothing changes', () => {
    expect(mergeUsageSnapshot([pkg(1000)], report(0, { activatedAt: null, planState: 'not_active' }), at(1))).toEqual([pkg(1000)]);
  });

  it('an early expiry by the provider ends the current package when the provider says, not at its own validity', () => {
    const live = [pkg(1000, 7, { state: 'active', usedMb: 300, startedAt: isoAt(0), expiresAt: isoAt(7) })];
    expect(mergeUsageSnapshot(live, report(300, { planState: 'expired', expiresAt: isoAt(3) }), at(3))).toMatchObject([
      { state: 'expired', startedAt: isoAt(0), expiresAt: isoAt(3) },
    ]);
    // A later expiry than the package's own never stretches it.
    expect(mergeUsageSnapshot(live, report(300, { planState: 'expired', expiresAt: isoAt(9) }), at(9))[0]!.expiresAt).toBe(isoAt(7));
  });
});

describe('what the account shows of an expired eSIM', () => {
  it.each<[string, number, number | null, Parameters<typeof remainingMb>[2], number | null]>([
    ['active: what is left', 300, 1024, 'active', 724],
    ['expired with data unused: none left', 300, 1024, 'expired', 0],
    ['used up', 1024, 1024, 'depleted', 0],
    ['refunded', 0, 1024, 'refunded', 0],
    ['ready: all of it', 0, 1024, 'ready', 1024],
    ['unlimited and live', 5000, null, 'active', null],
    ['unlimited and expired: none left', 5000, null, 'expired', 0],
  ])('remainingMb, %s', (_what, used, total, status, left) => {
    expect(remainingMb(used, total, status)).toBe(left);
  });

  const esimEnd = isoAt(3);
  it.each<[string, PackageLife[], PackageLife[]]>([
    [
      'an active package is shown ended at the eSIM expiry',
      [pkg(1000, 7, { state: 'active', usedMb: 300, startedAt: isoAt(0), expiresAt: isoAt(7) })],
      [pkg(1000, 7, { state: 'expired', usedMb: 300, startedAt: isoAt(0), expiresAt: esimEnd })],
    ],
    [
      'an expired package ending after the eSIM is clamped; one ending before keeps its date',
      [
        pkg(1000, 1, { state: 'finished', usedMb: 1000, startedAt: isoAt(0), expiresAt: isoAt(1) }),
        pkg(1000, 7, { state: 'expired', usedMb: 10, startedAt: isoAt(1), expiresAt: isoAt(8) }),
      ],
      [
        pkg(1000, 1, { state: 'finished', usedMb: 1000, startedAt: isoAt(0), expiresAt: isoAt(1) }),
        pkg(1000, 7, { state: 'expired', usedMb: 10, startedAt: isoAt(1), expiresAt: esimEnd }),
      ],
    ],
    [
      'queued and refunded packages are left as they are',
      [pkg(500), pkg(500, 7, { state: 'refunded' })],
      [pkg(500), pkg(500, 7, { state: 'refunded' })],
    ],
  ])('packagesAsShown: %s', (_what, packages, shown) => {
    expect(packagesAsShown(packages, { expired: true, expiresAt: esimEnd })).toEqual(shown);
    // The latest date a started package shows is the eSIM's 'Valid until'.
    const ends = packagesAsShown(packages, { expired: true, expiresAt: esimEnd }).flatMap((p) => (p.expiresAt ? [p.expiresAt] : []));
    for (const end of ends) expect(end <= esimEnd).toBe(true);
  });

  it('packagesAsShown changes nothing while the eSIM is not expired', () => {
    const live = [pkg(1000, 7, { state: 'active', startedAt: isoAt(0), expiresAt: isoAt(7) })];
    expect(packagesAsShown(live, { expired: false, expiresAt: isoAt(3) })).toEqual(live);
  });
});

describe('states only move forward', () => {
  it.each([
    ['released', 'installed', 'installed'],
    ['installed', 'released', 'installed'],
    ['enabled', 'disabled', 'disabled'],
    ['disabled', 'enabled', 'enabled'],
    ['deleted', 'enabled', 'deleted'],
  ] as const)('profile %s + reported %s → %s', (cur, rep, next) => expect(nextProfileState(cur, rep)).toBe(next));

  it.each([
    ['not_active', 'active', 'active'],
    ['active', 'not_active', 'active'],
    ['finished', 'active', 'active'],
    ['expired', 'active', 'expired'],
    ['active', 'expired', 'expired'],
  ] as const)('plan %s + reported %s → %s', (cur, rep, next) => expect(nextPlanState(cur, rep)).toBe(next));
});
