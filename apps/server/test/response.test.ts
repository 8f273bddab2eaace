import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/response.ts';

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip;q=0', null],
    ['*', 'gzip'],
    ['BR', 'br'],
    [' gzip ;q=0.5', 'gzip'],
  ] as const)('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
