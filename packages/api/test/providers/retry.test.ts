import { describe, expect, it } from 'vitest';
import { backoffDelay, withRetry } from '../../src/providers/retry.ts';

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

describe('withRetry', () => {
  const recorder = () => {
    const slept: number[] = [];
    return { slept, sleep: async (ms: number) => void slept.push(ms) };
  };

  it('retries with doubling delays until success', async () => {
    const { slept, sleep } = recorder();
    let calls = 0;
    const r = await withRetry(
      async (attempt) => {
        calls++;
        if (attempt < 3) throw new Error(`fail ${attempt}`);
        return 'ok';
      },
      { attempts: 5, baseMs: 100, sleep },
    );
    expect(r).toBe('ok');
    expect(calls).toBe(3);
    expect(slept).toEqual([100, 200]);
  });

  it('rethrows the last error when attempts run out', async () => {
    const { slept, sleep } = recorder();
    const retries: number[] = [];
    await expect(
      withRetry(
        async (attempt) => {
          throw new Error(`fail ${attempt}`);
        },
        { attempts: 3, baseMs: 10, sleep, onRetry: (_e, attempt) => retries.push(attempt) },
      ),
    ).rejects.toThrow('fail 3');
    expect(slept).toEqual([10, 20]);
    expect(retries).toEqual([1, 2]);
  });

  it('stops at once when shouldRetry says no', async () => {
    const { slept, sleep } = recorder();
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw Object.assign(new Error('rejected'), { retryable: false });
        },
        { attempts: 5, baseMs: 10, sleep, shouldRetry: (e) => (e as { retryable?: boolean }).retryable !== false },
      ),
    ).rejects.toThrow('rejected');
    expect(calls).toBe(1);
    expect(slept).toEqual([]);
  });

  it('applies jitter between half and the full delay', async () => {
    const { slept, sleep } = recorder();
    const jit = [0, 0.999];
    let i = 0;
    await withRetry(
      async (a) => {
        if (a < 3) throw new Error('x');
        return 1;
      },
      { attempts: 3, baseMs: 1000, sleep, jitter: () => jit[i++] ?? 0 },
    );
    expect(slept).toEqual([500, 1999]);
  });

  it('treats attempts < 1 as one attempt', async () => {
    await expect(withRetry(async () => Promise.reject(new Error('once')), { attempts: 0, baseMs: 1 })).rejects.toThrow('once');
  });
});
