// `backup <file>` and `restore <file>`: the SQLite database's online backup, and putting one back
// while the shop is stopped. (Issue #16; filled in by the release work.)
import { CliExit, type CliCommandSpec } from './types.ts';

export const backupCommand: CliCommandSpec = {
  help: 'backup <file>: a consistent copy of the SQLite database, taken while the shop serves',
  run: async () => {
    throw new CliExit(1, 'backup: not built yet');
  },
};

export const restoreCommand: CliCommandSpec = {
  help: 'restore <file>: put a backup back (the shop must be stopped)',
  run: async () => {
    throw new CliExit(1, 'restore: not built yet');
  },
};
