// The live chat's sweep (issue 30): every `intervalMs`, chats whose traveller has waited past the
// owner's answer timeout become tickets answered by e-mail (escalateDueChats: each chat claimed by
// a conditional UPDATE, so several instances sweeping one database move it once). Started by serve.ts.
import { escalateDueChats } from '@esim/api';
import type { AppDeps } from '../types.ts';
import { errorText, every, singleFlight } from './loop.ts';

export function createChatSweep(deps: Pick<AppDeps, 'db' | 'services' | 'log'>, opts: { intervalMs: number }) {
  const pass = singleFlight(
    () => escalateDueChats(deps.db, deps.services),
    (err) => deps.log.error('chat sweep failed', { error: errorText(err) }),
  );
  const timer = every(opts.intervalMs, () => void pass.run());
  return {
    start: () => timer.start(),
    tick: () => pass.run(),
    async stop() {
      timer.stop();
      await pass.stop();
    },
  };
}
