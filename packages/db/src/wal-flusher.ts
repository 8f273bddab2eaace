// Keeps SQLite's checkpoints short by writing the WAL to disk in the background.
//
// With `journal_mode = WAL` and `synchronous = NORMAL`, SQLite fsyncs the WAL only when it
// checkpoints. By then every frame written since the last checkpoint (~40 MB at
// `wal_autocheckpoint = 10000` under load) is still dirty in the page cache, and that one fsync runs
// inside whichever commit triggered the checkpoint, on the event loop, so every request in flight
// waited for it (bench/README.md has the measurements).
//
// fsync(2) writes out a file's dirty pages whichever descriptor wrote them, so this fsyncs the WAL
// every `everyMs` on libuv's thread pool, never on the event loop; the checkpoint's own fsync then
// finds little left to write. It only puts data on disk sooner: what SQLite promises about
// durability and consistency does not change. PostgreSQL's WAL writer does the same job.
import { close, fsync, open } from 'node:fs';

/** The three fs calls the flusher makes (injectable for tests). */
export interface FlushFs {
  open(path: string, flags: 'r', cb: (err: NodeJS.ErrnoException | null, fd: number) => void): void;
  fsync(fd: number, cb: (err: NodeJS.ErrnoException | null) => void): void;
  close(fd: number, cb: (err: NodeJS.ErrnoException | null) => void): void;
}

const nodeFs: FlushFs = { open, fsync, close };

export interface WalFlusherOptions {
  /** How often to fsync, in ms (default 50). */
  everyMs?: number;
  /** Reopen the file every this many flushes, so a WAL deleted and made again is followed (default 200). */
  reopenEvery?: number;
  fs?: FlushFs;
}

/**
 * Starts fsyncing `walPath` every `everyMs` (a timer that does not hold the process open).
 * One flush at a time; a missing file (no write since the database was opened) is tried again on
 * the next tick. Returns stop(), which closes the file once any flush in progress has finished.
 */
export function flushWalInBackground(walPath: string, opts: WalFlusherOptions = {}): () => void {
  const fs = opts.fs ?? nodeFs;
  const reopenEvery = opts.reopenEvery ?? 200;
  let fd: number | null = null;
  let busy = false;
  let stopped = false;
  let flushes = 0;

  const release = () => {
    if (fd !== null) fs.close(fd, () => {});
    fd = null;
  };
  const done = () => {
    busy = false;
    if (stopped) release();
  };
  const tick = () => {
    if (busy || stopped) return;
    busy = true;
    if (fd !== null && ++flushes % reopenEvery === 0) release();
    if (fd !== null) return fs.fsync(fd, done);
    fs.open(walPath, 'r', (err, opened) => {
      if (err) return done();
      fd = opened;
      fs.fsync(opened, done);
    });
  };

  const timer = setInterval(tick, opts.everyMs ?? 50);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    if (!busy) release();
  };
}
