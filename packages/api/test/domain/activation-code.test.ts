import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ActivationCodeError,
  appleInstallUrl,
  buildActivationCode,
  iosVersion,
  isIos174OrLater,
  isValidMatchingId,
  isValidSmdpAddress,
  parseActivationCode,
  tryParseActivationCode,
} from '../../src/domain/activation-code.ts';

describe('buildActivationCode', () => {
  it.each([
    [{ smdpAddress: 'smdp.example.com', matchingId: '04386-AGYFT-A74Y8-3F815' }, 'LPA:1$smdp.example.com$04386-AGYFT-A74Y8-3F815'],
    [{ smdpAddress: 'smdp.sim.example', matchingId: 'ABC', oid: '1.3.6.1.4.1.31746' }, 'LPA:1$smdp.sim.example$ABC$1.3.6.1.4.1.31746'],
    [
      { smdpAddress: 'smdp.sim.example', matchingId: 'ABC', oid: '1.3.6.1.4.1.31746', confirmationCodeRequired: true },
      'LPA:1$smdp.sim.example$ABC$1.3.6.1.4.1.31746$1',
    ],
    [{ smdpAddress: 'smdp.sim.example', matchingId: 'ABC', confirmationCodeRequired: true }, 'LPA:1$smdp.sim.example$ABC$$1'],
    [{ smdpAddress: 'smdp.sim.example', matchingId: 'ABC', confirmationCodeRequired: false }, 'LPA:1$smdp.sim.example$ABC'],
  ])('%o → %s', (parts, expected) => {
    expect(buildActivationCode(parts)).toBe(expected);
  });

  it('never contains the confirmation code, only the flag', () => {
    const code = buildActivationCode({ smdpAddress: 'smdp.sim.example', matchingId: 'M-1', confirmationCodeRequired: true });
    expect(code.endsWith('$1')).toBe(true);
    expect(code.split('$')).toHaveLength(5);
  });

  it.each([
    [{ smdpAddress: 'https://smdp.example.com', matchingId: 'A' }, 'smdpAddress'],
    [{ smdpAddress: 'smdp.example.com/path', matchingId: 'A' }, 'smdpAddress'],
    [{ smdpAddress: 'smdp.example.com:443', matchingId: 'A' }, 'smdpAddress'],
    [{ smdpAddress: 'localhost', matchingId: 'A' }, 'smdpAddress'],
    [{ smdpAddress: '-bad.example', matchingId: 'A' }, 'smdpAddress'],
    [{ smdpAddress: '', matchingId: 'A' }, 'smdpAddress'],
    [{ smdpAddress: 'smdp.example.com', matchingId: 'abc' }, 'matchingId'],
    [{ smdpAddress: 'smdp.example.com', matchingId: 'A$B' }, 'matchingId'],
    [{ smdpAddress: 'smdp.example.com', matchingId: '' }, 'matchingId'],
    [{ smdpAddress: 'smdp.example.com', matchingId: 'A B' }, 'matchingId'],
    [{ smdpAddress: 'smdp.example.com', matchingId: 'A', oid: '1.x' }, 'oid'],
  ])('rejects %o (%s)', (parts, field) => {
    try {
      buildActivationCode(parts);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ActivationCodeError);
      expect((e as ActivationCodeError).field).toBe(field);
    }
  });
});

describe('parseActivationCode', () => {
  it.each([
    [
      'LPA:1$smdp.example.com$04386-AGYFT-A74Y8-3F815',
      { smdpAddress: 'smdp.example.com', matchingId: '04386-AGYFT-A74Y8-3F815', confirmationCodeRequired: false },
    ],
    ['1$smdp.example.com$ABC', { smdpAddress: 'smdp.example.com', matchingId: 'ABC', confirmationCodeRequired: false }],
    ['lpa:1$smdp.example.com$ABC', { smdpAddress: 'smdp.example.com', matchingId: 'ABC', confirmationCodeRequired: false }],
    [
      'LPA:1$smdp.example.com$ABC$1.2.3',
      { smdpAddress: 'smdp.example.com', matchingId: 'ABC', oid: '1.2.3', confirmationCodeRequired: false },
    ],
    [
      'LPA:1$smdp.example.com$ABC$1.2.3$1',
      { smdpAddress: 'smdp.example.com', matchingId: 'ABC', oid: '1.2.3', confirmationCodeRequired: true },
    ],
    ['LPA:1$smdp.example.com$ABC$$1', { smdpAddress: 'smdp.example.com', matchingId: 'ABC', confirmationCodeRequired: true }],
    ['  LPA:1$smdp.example.com$ABC\n', { smdpAddress: 'smdp.example.com', matchingId: 'ABC', confirmationCodeRequired: false }],
  ])('%j', (input, expected) => {
    expect(parseActivationCode(input)).toEqual(expected);
  });

  it.each([
    'LPA:2$smdp.example.com$ABC', // unknown format
    'LPA:1$smdp.example.com', // no matching ID
    'LPA:1$smdp.example.com$ABC$1.2$1$extra',
    'LPA:1$smdp.example.com$ABC$1.2$0', // flag must be 1
    'LPA:1$smdp.example.com$ABC$', // empty OID without flag
    'LPA:1$https://smdp.example.com$ABC',
    'LPA:1$smdp.example.com$abc',
    'SM-ESIM-ABCDEFGH', // the spec's made-up codes are not activation codes
    '',
  ])('rejects %j', (input) => {
    expect(() => parseActivationCode(input)).toThrow(ActivationCodeError);
    expect(tryParseActivationCode(input)).toBeNull();
  });

  const host = fc
    .array(fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/), { minLength: 2, maxLength: 4 })
    .map((labels) => labels.join('.'));
  const parts = fc.record(
    {
      smdpAddress: host,
      matchingId: fc.stringMatching(/^[A-Z0-9-]{1,40}$/),
      oid: fc.stringMatching(/^\d{1,3}(?:\.\d{1,5}){0,6}$/),
      confirmationCodeRequired: fc.boolean(),
    },
    { requiredKeys: ['smdpAddress', 'matchingId', 'confirmationCodeRequired'] },
  );

  it('round-trips build → parse (property)', () => {
    fc.assert(
      fc.property(parts, (p) => {
        const code = buildActivationCode(p);
        expect(code.startsWith('LPA:1$')).toBe(true);
        expect(parseActivationCode(code)).toEqual(p);
        expect(buildActivationCode(parseActivationCode(code))).toBe(code);
      }),
    );
  });

  it('never throws anything but ActivationCodeError on junk (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = tryParseActivationCode(s);
        return r === null || isValidSmdpAddress(r.smdpAddress);
      }),
    );
  });
});

describe('field validators', () => {
  it.each([
    ['smdp.sim.example', true],
    ['rsp.truphone.com', true],
    ['SMDP.Example.COM', true],
    ['a.b', true],
    ['smdp..example', false],
    ['smdp.example.', false],
    ['smdp_example.com', false],
    [`${'a'.repeat(64)}.com`, false],
  ])('isValidSmdpAddress(%j) → %s', (s, expected) => {
    expect(isValidSmdpAddress(s)).toBe(expected);
  });

  it.each([
    ['04386-AGYFT-A74Y8-3F815', true],
    ['X', true],
    ['A'.repeat(255), true],
    ['A'.repeat(256), false],
    ['ab-12', false],
  ])('isValidMatchingId(%j) → %s', (s, expected) => {
    expect(isValidMatchingId(s)).toBe(expected);
  });
});

describe('appleInstallUrl', () => {
  it('URL-encodes the whole activation code into carddata', () => {
    const code = 'LPA:1$smdp.example.com$04386-AGYFT-A74Y8-3F815';
    const url = appleInstallUrl(code);
    expect(url).toBe('https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%2404386-AGYFT-A74Y8-3F815');
    expect(new URL(url).searchParams.get('carddata')).toBe(code);
  });
});

describe('isIos174OrLater', () => {
  const ua = (os: string, device = 'iPhone; CPU iPhone OS') =>
    `Mozilla/5.0 (${device} ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1`;
  it.each([
    [ua('17_4'), true],
    [ua('17_4_1'), true],
    [ua('17_5'), true],
    [ua('18_0'), true],
    [ua('26_0'), true],
    [ua('17_3_1'), false],
    [ua('17'), false],
    [ua('16_7_8'), false],
    [ua('17_4', 'iPad; CPU OS'), true],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/122.0.6261.89 Mobile/15E148 Safari/604.1',
      true,
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0 Mobile Safari/537.36', false],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/122.0 Safari/537.36', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (userAgent, expected) => {
    expect(isIos174OrLater(userAgent)).toBe(expected);
  });

  it('reads the version', () => {
    expect(iosVersion(ua('17_4_1'))).toEqual({ major: 17, minor: 4 });
    expect(iosVersion(ua('18'))).toEqual({ major: 18, minor: 0 });
    expect(iosVersion('curl/8')).toBeNull();
  });
});
