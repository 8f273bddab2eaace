import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/providers/retry.ts';

describe('backoffDelay', () => {
  it.each([
    [1, 1000, 30_000, 2, 1000],
    [2, 1000, 30_000, 2, 2000],
    [3, 1000, 30_000, 2, 4000],
    [6, 1000, 30_000, 2, 30_000], // 32 000 capped
    [3, 500, 30_000, 3, 4500],
    [0, 1000, 30_000, 2, 1000],
  ])('retry %i, base %i, max %i, ×%i → %i', (retry, base, max, factor, expected) => {
    expect(backoffDelay(retry, base, max, factor)).toBe(expected);
  });
});
