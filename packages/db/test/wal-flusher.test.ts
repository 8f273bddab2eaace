// flushWalInBackground: fsyncs a SQLite WAL off the event loop so checkpoints stay short.
import { fstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import * as nodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../src/client.ts';
import { migrateToLatest } from '../src/migrate.ts';
import { flushWalInBackground, type FlushFs } from '../src/wal-flusher.ts';

/** A file system whose calls complete only when the test says so. */
function fakeFs(opts: { missing?: boolean } = {}) {
  const calls: string[] = [];
  const pending: (() => void)[] = [];
  let nextFd = 10;
  const fs: FlushFs = {
    open(path, _flags, cb) {
      calls.push(`open ${path}`);
      pending.push(() => (opts.missing ? cb(Object.assign(new Error('ENOENT'), { code: 'ENOENT' }), -1) : cb(null, nextFd++)));
    },
    fsync(fd, cb) {
      calls.push(`fsync ${fd}`);
      pending.push(() => cb(null));
    },
    close(fd, cb) {
      calls.push(`close ${fd}`);
      cb(null);
    },
  };
  /** Completes every call made so far (and any they make in turn). */
  const settle = () => {
    while (pending.length > 0) pending.shift()!();
  };
  return { fs, calls, settle, setMissing: (m: boolean) => (opts.missing = m) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('flushWalInBackground', () => {
  it('opens the WAL once and fsyncs it every interval', () => {
    vi.useFakeTimers();
    const f = fakeFs();
    const stop = flushWalInBackground('/db/shop.sqlite-wal', { everyMs: 50, fs: f.fs });
    expect(f.calls).toEqual([]);
    vi.advanceTimersByTime(50);
    f.settle();
    vi.advanceTimersByTime(50);
    f.settle();
    vi.advanceTimersByTime(50);
    f.settle();
    expect(f.calls).toEqual(['open /db/shop.sqlite-wal', 'fsync 10', 'fsync 10', 'fsync 10']);
    stop();
    expect(f.calls.at(-1)).toBe('close 10');
  });

  it('never runs two flushes at once: a slow fsync makes the next ticks skip', () => {
    vi.useFakeTimers();
    const f = fakeFs();
    const stop = flushWalInBackground('/db/w', { everyMs: 50, fs: f.fs });
    vi.advanceTimersByTime(50);
    f.settle(); // opened, first fsync done
    vi.advanceTimersByTime(50); // second fsync starts and does not finish
    vi.advanceTimersByTime(200); // four ticks while it is in progress
    expect(f.calls.filter((c) => c.startsWith('fsync'))).toHaveLength(2);
    f.settle();
    vi.advanceTimersByTime(50);
    expect(f.calls.filter((c) => c.startsWith('fsync'))).toHaveLength(3);
    stop();
  });

  it('tries again later when the WAL does not exist yet', () => {
    vi.useFakeTimers();
    const f = fakeFs({ missing: true });
    const stop = flushWalInBackground('/db/w', { everyMs: 50, fs: f.fs });
    vi.advanceTimersByTime(50);
    f.settle();
    vi.advanceTimersByTime(50);
    f.settle();
    expect(f.calls).toEqual(['open /db/w', 'open /db/w']);
    f.setMissing(false);
    vi.advanceTimersByTime(50);
    f.settle();
    expect(f.calls.slice(2)).toEqual(['open /db/w', 'fsync 10']);
    stop();
  });

  it('reopens the file now and then, so a WAL made again is followed', () => {
    vi.useFakeTimers();
    const f = fakeFs();
    const stop = flushWalInBackground('/db/w', { everyMs: 10, reopenEvery: 3, fs: f.fs });
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(10);
      f.settle();
    }
    expect(f.calls).toEqual(['open /db/w', 'fsync 10', 'fsync 10', 'fsync 10', 'close 10', 'open /db/w', 'fsync 11', 'fsync 11']);
    stop();
  });

  it('stop() during a flush closes the file when the flush ends, and nothing runs after', () => {
    vi.useFakeTimers();
    const f = fakeFs();
    const stop = flushWalInBackground('/db/w', { everyMs: 50, fs: f.fs });
    vi.advanceTimersByTime(50);
    f.settle();
    vi.advanceTimersByTime(50); // a flush in progress
    stop();
    expect(f.calls.includes('close 10')).toBe(false);
    f.settle();
    expect(f.calls.at(-1)).toBe('close 10');
    vi.advanceTimersByTime(500);
    expect(f.calls.at(-1)).toBe('close 10');
  });

  it("createDb on a SQLite file fsyncs that database's WAL", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'esim-wal-'));
    const synced: number[] = [];
    const spy: FlushFs = {
      open: nodeFs.open,
      close: nodeFs.close,
      fsync(fd, cb) {
        synced.push(fstatSync(fd).ino);
        nodeFs.fsync(fd, cb);
      },
    };
    const handle = createDb(`file:${join(dir, 'shop.sqlite')}`, { walFlusher: { everyMs: 5, fs: spy } });
    try {
      await migrateToLatest(handle.db);
      await vi.waitFor(() => expect(synced.length).toBeGreaterThan(0), { timeout: 5_000 });
      expect(new Set(synced)).toEqual(new Set([statSync(join(dir, 'shop.sqlite-wal')).ino]));
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
