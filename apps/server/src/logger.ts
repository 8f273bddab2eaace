// A JSON-lines logger: one object per line on stdout (errors on stderr), easy to grep and to ship.
//
// Warnings and errors are bounded: anyone can send requests that fail (a bad webhook signature,
// a request that trips a bug), and one line per such request would let them fill the disk. Lines
// that repeat, the same level and message for the same route and code (extra.path / extra.route,
// extra.code / extra.reason), are written at most `repeatsPerMinute` times per minute; the rest
// are counted and, when that minute is over, one line says how many were left out:
//   {"level":"warn","msg":"repeated log lines suppressed","like":"webhook refused","suppressed":980,…}
// Info lines (what the shop did: orders paid, e-mails sent) are not bounded.
import type { Logger } from './types.ts';

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** Identical warn/error lines written per minute and kind before the rest are only counted. */
export const LOG_REPEATS_PER_MINUTE = 20;
export const LOG_REPEAT_WINDOW_MS = 60_000;
/** Kinds of line (level, message, route, code) tracked at once; past it, level and message alone. */
const MAX_TRACKED = 1000;

export interface LoggerOptions {
  repeatsPerMinute?: number;
  /** The clock (tests). */
  now?: () => number;
}

interface Repeats {
  windowStart: number;
  written: number;
  suppressed: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  level: 'error' | 'warn';
  msg: string;
  route: unknown;
  code: unknown;
}

export function createLogger(
  level: LogLevel = 'info',
  out: (line: string, isError: boolean) => void = defaultOut,
  opts: LoggerOptions = {},
): Logger {
  const limit = opts.repeatsPerMinute ?? LOG_REPEATS_PER_MINUTE;
  const now = opts.now ?? (() => Date.now());
  const tracked = new Map<string, Repeats>();

  const emit = (lvl: 'error' | 'warn' | 'info', msg: string, extra?: Record<string, unknown>) =>
    out(JSON.stringify({ time: new Date(now()).toISOString(), level: lvl, msg, ...extra }), lvl === 'error');

  const summarize = (key: string, r: Repeats) => {
    if (r.timer) clearTimeout(r.timer);
    r.timer = undefined;
    if (tracked.get(key) === r) tracked.delete(key);
    if (r.suppressed === 0) return;
    emit(r.level, 'repeated log lines suppressed', {
      like: r.msg,
      ...(r.route !== undefined ? { route: r.route } : {}),
      ...(r.code !== undefined ? { code: r.code } : {}),
      suppressed: r.suppressed,
      windowStart: new Date(r.windowStart).toISOString(),
      windowSeconds: LOG_REPEAT_WINDOW_MS / 1000,
    });
  };

  const keyFor = (lvl: 'error' | 'warn', msg: string, route: unknown, code: unknown): string => {
    const full = `${lvl}\u0000${msg}\u0000${String(route ?? '')}\u0000${String(code ?? '')}`;
    if (tracked.has(full) || tracked.size < MAX_TRACKED) return full;
    const t = now();
    for (const [k, r] of tracked) if (t - r.windowStart >= LOG_REPEAT_WINDOW_MS) summarize(k, r);
    // Still full: tell lines apart by level and message only (messages are written in the code,
    // so there are only so many).
    return tracked.size < MAX_TRACKED ? full : `${lvl}\u0000${msg}`;
  };

  /** True when this warn/error line may be written now; else it is counted. */
  const admit = (lvl: 'error' | 'warn', msg: string, extra?: Record<string, unknown>): boolean => {
    const route = extra?.path ?? extra?.route;
    const code = extra?.code ?? extra?.reason;
    const key = keyFor(lvl, msg, route, code);
    const t = now();
    let r = tracked.get(key);
    if (r && t - r.windowStart >= LOG_REPEAT_WINDOW_MS) {
      summarize(key, r);
      r = undefined;
    }
    if (!r) {
      r = { windowStart: t, written: 0, suppressed: 0, timer: undefined, level: lvl, msg, route, code };
      tracked.set(key, r);
    }
    if (r.written < limit) {
      r.written += 1;
      return true;
    }
    r.suppressed += 1;
    if (!r.timer) {
      const current = r;
      current.timer = setTimeout(() => summarize(key, current), Math.max(0, current.windowStart + LOG_REPEAT_WINDOW_MS - t));
      current.timer.unref?.();
    }
    return false;
  };

  const write = (lvl: 'error' | 'warn' | 'info', msg: string, extra?: Record<string, unknown>) => {
    const need = RANK[lvl];
    if (RANK[level] < need) return;
    if (lvl !== 'info' && !admit(lvl, msg, extra)) return;
    emit(lvl, msg, extra);
  };
  return {
    info: (msg, extra) => write('info', msg, extra),
    warn: (msg, extra) => write('warn', msg, extra),
    error: (msg, extra) => write('error', msg, extra),
  };
}

function defaultOut(line: string, isError: boolean): void {
  (isError ? process.stderr : process.stdout).write(line + '\n');
}

export const silentLogger: Logger = createLogger('silent');
