// `health`: asks the running server's /api/health and exits 0 when it answers ok (the container's
// HEALTHCHECK, which has no curl). (Issue #16; filled in by the release work.)
import { CliExit, type CliCommandSpec } from './types.ts';

export const healthCommand: CliCommandSpec = {
  help: 'health: exit 0 when the server on PORT answers /api/health',
  run: async () => {
    throw new CliExit(1, 'health: not built yet');
  },
};
