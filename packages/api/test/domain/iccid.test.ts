import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkIccid, isValidIccidPattern, luhnCheckDigit, luhnValid, makeIccid, normalizeIccid } from '../../src/domain/iccid.ts';

describe('luhnCheckDigit', () => {
  it.each([
    // digits, check digit (known vectors)
    ['7992739871', 3], // the textbook example, 79927398713
    ['424242424242424', 2], // Stripe's 4242 4242 4242 4242
    ['400000000000000', 2], // 4000 0000 0000 0002
    ['400000000000999', 5], // 4000 0000 0000 9995
    ['400000276000318', 4], // 4000 0027 6000 3184
    ['0', 0],
    ['1', 8],
    ['9', 1],
    ['8901410321111851072', 0], // ICCID 89014103211118510720 (a published AT&T example)
  ])('%s → %i', (digits, expected) => {
    expect(luhnCheckDigit(digits)).toBe(expected);
  });

  it.each(['', '12a3', ' 123', '-1'])('rejects %j', (s) => {
    expect(() => luhnCheckDigit(s)).toThrow(RangeError);
  });
});

describe('luhnValid', () => {
  it.each([
    ['79927398713', true],
    ['79927398710', false],
    ['4242424242424242', true],
    ['4242424242424241', false],
    ['89014103211118510720', true], // 20 digits
    ['89014103211118510721', false],
    ['8910042348144559361', true], // 19 digits
    ['8910042348144559365', false],
    ['0', false], // too short to carry a check digit
    ['', false],
    ['4242 4242 4242 4242', false], // normalise first
  ])('%j → %s', (s, expected) => {
    expect(luhnValid(s)).toBe(expected);
  });

  it('detects every single-digit error', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{18}$/), fc.nat({ max: 18 }), fc.integer({ min: 1, max: 9 }), (body, pos, delta) => {
        const valid = body + String(luhnCheckDigit(body));
        const d = (valid.charCodeAt(pos) - 48 + delta) % 10;
        const broken = valid.slice(0, pos) + String(d) + valid.slice(pos + 1);
        return luhnValid(valid) && !luhnValid(broken);
      }),
    );
  });
});

describe('isValidIccidPattern / checkIccid', () => {
  it.each([
    ['8910042348144559361', true], // 19 digits
    ['89014103211118510720', true], // 20 digits
    ['891004234814455936', false], // 18
    ['890141032111185107201', false], // 21
    ['9910042348144559365', false], // not 89
    ['8910042348144559F65', false],
    ['', false],
  ])('%j → %s', (s, expected) => {
    expect(isValidIccidPattern(s)).toBe(expected);
  });

  it('treats a Luhn failure as a warning, not an error', () => {
    expect(checkIccid('89014103211118510720')).toEqual({ ok: true, luhn: true });
    expect(checkIccid('89014103211118510721')).toEqual({ ok: true, luhn: false });
    expect(checkIccid('12345')).toEqual({ ok: false, reason: 'pattern' });
  });

  it('normalises pasted spaces and dashes', () => {
    expect(normalizeIccid(' 8901 4103-2111 1851 0720 ')).toBe('89014103211118510720');
  });
});

describe('makeIccid', () => {
  it.each([
    ['12345678901234567890', '89999', 19 as const],
    ['12345678901234567890', '89999', 20 as const],
    ['00000000000000000000', '8944', 19 as const],
    ['99999999999999999999', '89', 20 as const],
  ])('%s with prefix %s, length %i', (digits, prefix, length) => {
    const iccid = makeIccid(digits, prefix, length);
    expect(iccid).toHaveLength(length);
    expect(iccid.startsWith(prefix)).toBe(true);
    expect(isValidIccidPattern(iccid)).toBe(true);
    expect(luhnValid(iccid)).toBe(true);
  });

  it('uses the first needed random digits, deterministically', () => {
    // 5 prefix digits + 13 random digits + check digit
    expect(makeIccid('1234567890123', '89999')).toBe('899991234567890123' + String(luhnCheckDigit('899991234567890123')));
    expect(makeIccid('1234567890123', '89999')).toBe(makeIccid('12345678901239999', '89999'));
  });

  it('always yields a valid ICCID', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{20}$/), fc.constantFrom(19 as const, 20 as const), (digits, length) => {
        const iccid = makeIccid(digits, '89999', length);
        return isValidIccidPattern(iccid) && luhnValid(iccid);
      }),
    );
  });

  it.each([
    ['123', '89999', /need 13 random digits/],
    ['12345678901234567890', '99', /start with 89/],
    ['1234567890123456789x', '89', /digits/],
    ['12345678901234567890', '8912345678901234567', /too long/],
  ])('rejects %s / %s', (digits, prefix, message) => {
    expect(() => makeIccid(digits, prefix)).toThrow(message);
  });
});
