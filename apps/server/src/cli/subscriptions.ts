// `node dist/cli.js subscriptions advance <SUB-id> [--fail]` (issue 13): demo payments' month end.
// STUB: built by the commerce helper.
import type { CliCommandSpec } from './types.ts';

export const subscriptionsCommand: CliCommandSpec = {
  help: 'subscriptions advance <SUB-…> [--fail]: end the month of a demo subscription (renew, or fail to)',
  run: async () => {
    throw new Error('issue 13: subscriptions advance not built yet');
  },
};
