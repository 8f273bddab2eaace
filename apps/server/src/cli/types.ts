// The shape of a `node dist/cli.js <command>`: the database and the logger in, exit by throwing.
import type { Db } from '@esim/db';
import type { createLogger } from '../logger.ts';

export type CliCommand = (ctx: { db: Db; log: ReturnType<typeof createLogger> }, args: string[]) => Promise<void>;

export interface CliCommandSpec {
  help: string;
  run: CliCommand;
}
