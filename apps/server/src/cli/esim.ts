// `node dist/cli.js esim simulate <iccid> install|activate|use <MB>|expire` (issue 13).
// STUB: built by the eSIM-life helper.
import type { CliCommandSpec } from './types.ts';

export const esimCommand: CliCommandSpec = {
  help: 'esim simulate <iccid> install|activate|use <MB>|expire: move a simulated eSIM through its life',
  run: async () => {
    throw new Error('issue 13: esim simulate not built yet');
  },
};
