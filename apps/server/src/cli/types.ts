// The shape of a `node dist/cli.js <command>`: the database and the logger in, exit by throwing.
import type { Db } from '@esim/db';
import type { createLogger } from '../logger.ts';

export type CliCommand = (ctx: { db: Db; log: ReturnType<typeof createLogger> }, args: string[]) => Promise<void>;

export interface CliCommandSpec {
  help: string;
  run: CliCommand;
}

/** Ends a command with this exit code and a message for a person (printed as is to stderr). */
export class CliExit extends Error {
  readonly exitCode: number;
  constructor(exitCode: number, message: string) {
    super(message);
    this.name = 'CliExit';
    this.exitCode = exitCode;
  }
}
