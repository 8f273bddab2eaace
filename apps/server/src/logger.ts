// A JSON-lines logger: one object per line on stdout (errors on stderr), easy to grep and to ship.
import type { Logger } from './types.ts';

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

export function createLogger(level: LogLevel = 'info', out: (line: string, isError: boolean) => void = defaultOut): Logger {
  const write = (lvl: 'error' | 'warn' | 'info', msg: string, extra?: Record<string, unknown>) => {
    const need = lvl === 'error' ? 1 : 2; // warn shows with info, as with error-level it is noise
    if (RANK[level] < need) return;
    out(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...extra }), lvl === 'error');
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
