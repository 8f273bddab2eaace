// The REST adapters' per-snapshot memo of catalogue answers (rest/catalog.ts).
import { describe, expect, it, vi } from 'vitest';
import type { CatalogSnapshot } from '@esim/api';
import { snapshotMemo } from '../src/rest/catalog.ts';

const snap = (version: number) => ({ version }) as unknown as CatalogSnapshot;

describe('snapshotMemo', () => {
  it('calls the procedure once per key while the snapshot stays, and again after it changes', async () => {
    let current: CatalogSnapshot | null = snap(1);
    const memo = snapshotMemo({ peek: () => current });
    const answer = Object.freeze([1, 2]);
    const call = vi.fn(async () => answer);
    expect(await memo('plans:1', call)).toBe(answer);
    expect(await memo('plans:1', call)).toBe(answer);
    expect(call).toHaveBeenCalledTimes(1);
    await memo('plans:2', call);
    expect(call).toHaveBeenCalledTimes(2);
    current = snap(2);
    await memo('plans:1', call);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing when no snapshot is loaded yet, or when a reload happens during the call', async () => {
    let current: CatalogSnapshot | null = null;
    const memo = snapshotMemo({ peek: () => current });
    const call = vi.fn(async () => Object.freeze({ a: 1 }));
    await memo('k', call);
    await memo('k', call);
    expect(call).toHaveBeenCalledTimes(2);
    current = snap(1);
    const reloading = vi.fn(async () => {
      current = snap(2);
      return Object.freeze({ a: 2 });
    });
    await memo('k', reloading);
    await memo('k', call);
    expect(reloading).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledTimes(3);
    await memo('k', call);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('never keeps errors or values that are not frozen', async () => {
    const one = snap(1);
    const memo = snapshotMemo({ peek: () => one });
    const failing = vi.fn(async () => {
      throw new Error('REGION_NOT_FOUND');
    });
    await expect(memo('r', failing)).rejects.toThrow('REGION_NOT_FOUND');
    await expect(memo('r', failing)).rejects.toThrow('REGION_NOT_FOUND');
    expect(failing).toHaveBeenCalledTimes(2);
    const loose = vi.fn(async () => ({ mutable: true }));
    await memo('m', loose);
    await memo('m', loose);
    expect(loose).toHaveBeenCalledTimes(2);
    // The same snapshot does keep a frozen answer (so the two checks above mean something).
    const frozen = vi.fn(async () => Object.freeze({ ok: true }));
    await memo('f', frozen);
    await memo('f', frozen);
    expect(frozen).toHaveBeenCalledTimes(1);
  });
});

describe('snapshotMemo bound', () => {
  it('stops keeping new keys past the cap (clients can vary tRPC input text), still answering them', async () => {
    const one = snap(1);
    const memo = snapshotMemo({ peek: () => one }, 2);
    const call = vi.fn(async () => Object.freeze({}));
    for (const k of ['a', 'b', 'c', 'a', 'b', 'c']) await memo(k, call);
    // a and b kept (one call each), c called both times.
    expect(call).toHaveBeenCalledTimes(4);
  });
});
