// domain/connection-doctor.ts: which checks the doctor asks, in which order, with which taps, for
// every eSIM state and both systems; the APN per system; the plan's networks; the ticket's summary.
import { describe, expect, it } from 'vitest';
import {
  apnFor,
  buildDoctorSteps,
  doctorFactsOf,
  doctorTicketSummary,
  isUsedUp,
  networksOf,
  type DoctorFacts,
  type TDoctorPlatform,
} from '../../src/domain/connection-doctor.ts';

const base: DoctorFacts = {
  status: 'active',
  profileState: 'enabled',
  planState: 'active',
  usage: { usedMb: 200, totalMb: 1024, remainingMb: 824 },
  daysLeft: 5,
  canTopUp: true,
  apn: '',
  apnIos: null,
  apnAndroid: null,
  operators: [
    { country: 'JP', name: 'NTT Docomo', generation: '5G' },
    { country: 'JP', name: 'SoftBank' },
  ],
};
const f = (over: Partial<DoctorFacts>): DoctorFacts => ({ ...base, ...over });
const ids = (facts: DoctorFacts, platform: TDoctorPlatform) => buildDoctorSteps(facts, platform).map((s) => s.id);

describe('the checks and their order, by state', () => {
  const used = { usedMb: 1024, totalMb: 1024, remainingMb: 0 };
  it.each<[string, Partial<DoctorFacts>, TDoctorPlatform, string[]]>([
    ['active, automatic APN', {}, 'ios', ['dataLine', 'roaming', 'network', 'restart']],
    ['active, automatic APN (Android)', {}, 'android', ['dataLine', 'roaming', 'network', 'restart']],
    ['active with an APN', { apn: 'globaldata' }, 'ios', ['dataLine', 'roaming', 'apn', 'network', 'restart']],
    [
      'APN automatic on iOS, typed on Android (iOS)',
      { apn: 'globaldata', apnIos: '', apnAndroid: null },
      'ios',
      ['dataLine', 'roaming', 'network', 'restart'],
    ],
    [
      'APN automatic on iOS, typed on Android (Android)',
      { apn: 'globaldata', apnIos: '', apnAndroid: null },
      'android',
      ['dataLine', 'roaming', 'apn', 'network', 'restart'],
    ],
    [
      'installed, not yet connected',
      { status: 'installed', profileState: 'installed', planState: 'not_active', daysLeft: null },
      'android',
      ['dataLine', 'roaming', 'network', 'restart'],
    ],
    ['line switched off on the phone', { profileState: 'disabled' }, 'ios', ['dataLine', 'roaming', 'network', 'restart']],
    [
      'not installed yet',
      { status: 'ready', profileState: 'released', planState: 'not_active', daysLeft: null },
      'ios',
      ['install', 'dataLine', 'roaming', 'network', 'restart'],
    ],
    [
      'not installed yet, with an APN',
      { status: 'ready', profileState: 'released', planState: 'not_active', apn: 'internet' },
      'android',
      ['install', 'dataLine', 'roaming', 'apn', 'network', 'restart'],
    ],
    ['data used up (provider: finished)', { status: 'depleted', planState: 'finished', usage: used }, 'ios', ['usedUp', 'restart']],
    ['data used up (counted, plan still active)', { usage: used }, 'android', ['usedUp', 'restart']],
    ['expired', { status: 'expired', planState: 'expired', daysLeft: 0, usage: { ...used, remainingMb: 0 } }, 'ios', ['expired']],
    ['expired before data ran out', { status: 'expired', planState: 'expired', daysLeft: 0 }, 'android', ['expired']],
    ['refunded', { status: 'refunded', usage: { ...base.usage, remainingMb: 0 } }, 'ios', ['refunded']],
    ['removed from the phone', { profileState: 'deleted' }, 'android', ['removed']],
    [
      'unlimited, plenty left',
      { usage: { usedMb: 99_000, totalMb: null, remainingMb: null } },
      'ios',
      ['dataLine', 'roaming', 'network', 'restart'],
    ],
  ])('%s', (_name, over, platform, expected) => {
    expect(ids(f(over), platform)).toEqual(expected);
  });
});

describe('what each step offers', () => {
  it.each<[string, Partial<DoctorFacts>, string, string | null]>([
    ['used up, top-ups sold', { status: 'depleted', planState: 'finished' }, 'usedUp', 'topUp'],
    ['used up, no top-up for this eSIM', { status: 'depleted', planState: 'finished', canTopUp: false }, 'usedUp', 'newPlan'],
    ['expired', { status: 'expired', planState: 'expired' }, 'expired', 'newPlan'],
    ['refunded', { status: 'refunded' }, 'refunded', 'newPlan'],
    ['removed', { profileState: 'deleted' }, 'removed', 'newPlan'],
    ['not installed', { status: 'ready', profileState: 'released', planState: 'not_active' }, 'install', 'install'],
    ['roaming', {}, 'roaming', null],
  ])('%s', (_name, over, step, action) => {
    expect(buildDoctorSteps(f(over), 'ios').find((s) => s.id === step)?.action).toBe(action);
  });
});

describe('what to tap', () => {
  it.each<[string, Partial<DoctorFacts>, TDoctorPlatform, string, string[]]>([
    ['iOS data line', {}, 'ios', 'dataLine', ['openSettings', 'openMobileSettings', 'mobileDataOn', 'chooseDataLine']],
    ['Android data line', {}, 'android', 'dataLine', ['openSettings', 'openMobileSettings', 'openEsimLine', 'mobileDataOn']],
    [
      'iOS data line switched off',
      { profileState: 'disabled' },
      'ios',
      'dataLine',
      ['openSettings', 'openMobileSettings', 'openEsimLine', 'turnOnLine', 'mobileDataOn', 'chooseDataLine'],
    ],
    [
      'Android line switched off',
      { profileState: 'disabled' },
      'android',
      'dataLine',
      ['openSettings', 'openMobileSettings', 'openEsimLine', 'turnOnLine', 'mobileDataOn'],
    ],
    ['iOS roaming', {}, 'ios', 'roaming', ['openSettings', 'openMobileSettings', 'openEsimLine', 'dataRoamingOn']],
    ['Android roaming', {}, 'android', 'roaming', ['openSettings', 'openMobileSettings', 'openEsimLine', 'dataRoamingOn']],
    [
      'iOS APN',
      { apn: 'globaldata' },
      'ios',
      'apn',
      ['openSettings', 'openMobileSettings', 'openEsimLine', 'openApn', 'enterApn', 'saveApn'],
    ],
    [
      'Android APN',
      { apn: 'globaldata' },
      'android',
      'apn',
      ['openSettings', 'openMobileSettings', 'openEsimLine', 'openApn', 'addApn', 'enterApn', 'saveApn'],
    ],
    [
      'iOS network',
      {},
      'ios',
      'network',
      ['openSettings', 'openMobileSettings', 'openEsimLine', 'openNetworkSelection', 'automaticOff', 'pickOperator'],
    ],
    ['restart', {}, 'android', 'restart', ['airplaneOn', 'wait', 'airplaneOff', 'restartPhone']],
    [
      'install',
      { status: 'ready', profileState: 'released', planState: 'not_active' },
      'ios',
      'install',
      ['openSettings', 'openMobileSettings', 'addEsim', 'scanQr', 'followPrompts'],
    ],
    ['used up: nothing to tap', { status: 'depleted', planState: 'finished' }, 'ios', 'usedUp', []],
  ])('%s', (_name, over, platform, step, taps) => {
    const s = buildDoctorSteps(f(over), platform).find((x) => x.id === step);
    expect(s?.taps).toEqual(taps);
  });

  it('marks a switched-off line, and only then', () => {
    expect(buildDoctorSteps(f({ profileState: 'disabled' }), 'ios')[0]).toMatchObject({ id: 'dataLine', lineOff: true });
    expect(buildDoctorSteps(f({}), 'ios')[0]!.lineOff).toBeUndefined();
  });

  it('carries the APN to type and the plan networks', () => {
    const steps = buildDoctorSteps(f({ apn: ' globaldata ', apnAndroid: 'internet.android' }), 'android');
    expect(steps.find((s) => s.id === 'apn')?.apn).toBe('internet.android');
    expect(steps.find((s) => s.id === 'network')?.networks).toEqual([
      {
        country: 'JP',
        operators: [
          { name: 'NTT Docomo', generation: '5G' },
          { name: 'SoftBank', generation: null },
        ],
      },
    ]);
  });
});

describe('APN per system', () => {
  it.each<[string | null, string | null, string, string, string]>([
    [null, null, '', '', ''],
    [null, null, 'globaldata', 'globaldata', 'globaldata'],
    ['', null, 'globaldata', '', 'globaldata'],
    ['ios.apn', 'android.apn', 'globaldata', 'ios.apn', 'android.apn'],
    [null, '', '  x  ', 'x', ''],
  ])('ios=%j android=%j apn=%j → %j / %j', (apnIos, apnAndroid, apn, ios, android) => {
    expect(apnFor({ apn, apnIos, apnAndroid }, 'ios')).toBe(ios);
    expect(apnFor({ apn, apnIos, apnAndroid }, 'android')).toBe(android);
  });
});

describe('networks and used-up', () => {
  it('groups by country, first seen first, drops duplicates and blanks', () => {
    expect(
      networksOf([
        { country: 'fr', name: 'Orange', generation: '5G' },
        { country: 'DE', name: 'Telekom' },
        { country: 'FR', name: 'orange' },
        { country: 'FR', name: 'SFR', generation: '4G' },
        { country: 'IT', name: ' ' },
      ]),
    ).toEqual([
      {
        country: 'FR',
        operators: [
          { name: 'Orange', generation: '5G' },
          { name: 'SFR', generation: '4G' },
        ],
      },
      { country: 'DE', operators: [{ name: 'Telekom', generation: null }] },
    ]);
    expect(networksOf([])).toEqual([]);
  });

  it.each<[string, Partial<DoctorFacts>, boolean]>([
    ['depleted', { status: 'depleted' }, true],
    ['0 left of 1 GB', { usage: { usedMb: 1024, totalMb: 1024, remainingMb: 0 } }, true],
    ['1 MB left', { usage: { usedMb: 1023, totalMb: 1024, remainingMb: 1 } }, false],
    ['unlimited', { usage: { usedMb: 5000, totalMb: null, remainingMb: null } }, false],
  ])('%s → %s', (_n, over, expected) => {
    expect(isUsedUp(f(over))).toBe(expected);
  });
});

describe('facts from the eSIM view', () => {
  it('takes the operators from the plan facts, none when the plan is gone', () => {
    const view = { ...base, planFacts: { provided: { operators: base.operators } } };
    expect(doctorFactsOf(view).operators).toEqual(base.operators);
    expect(doctorFactsOf({ ...base, planFacts: null }).operators).toEqual([]);
    expect(doctorFactsOf({ ...base, planFacts: { provided: null } }).operators).toEqual([]);
  });
});

describe('the ticket summary', () => {
  it('lists the ICCID, states, device and each answer in order', () => {
    const text = doctorTicketSummary({
      iccid: '8988247000001234567',
      facts: f({ apn: 'globaldata', apnIos: '' }),
      platform: 'android',
      answers: [
        { step: 'dataLine', answer: 'notFixed' },
        { step: 'roaming', answer: 'notFixed' },
      ],
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
    });
    expect(text.split('\n')).toEqual([
      'Connection doctor: still no internet',
      'ICCID: 8988247000001234567',
      'Status: active (profile enabled, plan active)',
      'Data: 200 MB used of 1.00 GB (824 MB left)',
      'Days left: 5',
      'APN: iOS automatic, Android globaldata',
      'Networks: JP: NTT Docomo (5G), SoftBank',
      'Device: Android',
      'Browser: Mozilla/5.0 (Linux; Android 14)',
      '',
      'Answers:',
      '1. eSIM chosen for mobile data: still no internet',
      '2. Data roaming on: still no internet',
    ]);
  });

  it('says unlimited, not started, no networks and no answers', () => {
    const text = doctorTicketSummary({
      iccid: '8988247000001234567',
      facts: f({ usage: { usedMb: 10, totalMb: null, remainingMb: null }, daysLeft: null, operators: [] }),
      platform: 'ios',
      answers: [],
    });
    expect(text).toContain('Data: 10 MB used of unlimited');
    expect(text).toContain('Days left: not started');
    expect(text).toContain('Networks: not named by the provider');
    expect(text).toContain('Device: iPhone / iPad (iOS)');
    expect(text).not.toContain('Browser:');
    expect(text.endsWith('Answers:\n(none)')).toBe(true);
  });
});
