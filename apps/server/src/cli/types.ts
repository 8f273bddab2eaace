// The shape of a `node dist/cli.js <command>`: the database and the logger in, exit by throwing.
import type { Db } from '@esim/db';
import type { createLogger } from '../logger.ts';

export type CliCommand = (ctx: { db: Db; log: ReturnType<typeof createLogger> }, args: string[]) => Promise<void>;

/** A command that must not open the database first (backup, restore, health open it themselves or not at all). */
export type CliCommandWithoutDb = (ctx: { log: ReturnType<typeof createLogger> }, args: string[]) => Promise<void>;

export type CliCommandSpec = { help: string; needsDb?: true; run: CliCommand } | { help: string; needsDb: false; run: CliCommandWithoutDb };

/** Ends a command with this exit code and a message for a person (printed as is to stderr). */
export class CliExit extends Error {
  readonly exitCode: number;
  constructor(exitCode: number, message: string) {
    super(message);
    this.name = 'CliExit';
    this.exitCode = exitCode;
  }
}
