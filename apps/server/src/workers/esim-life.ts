// The eSIM life worker: every `intervalMs` one reconciliation pass (usage() re-read for a batch of
// live eSIMs, least recently synced first, applied like an event: a lost webhook is fixed within
// one interval) and the time-based alert (one day of validity left). With a time scale and the
// simulator, installed simulated eSIMs also use data on their own (the autoplay): the data used in
// a pass is what a traveller would use in `elapsed × timeScale` (SIMULATED_MB_PER_DAY a day), applied
// through the same event path as a provider's webhook.
// Started by main.ts and by `cli.js worker`; stop() waits for the pass in flight. tick() runs one pass now.
import { EsimSimulator, findEsimProvider, handleEsimEvent, pollEsimUsage, queueDueValidityAlerts, type EsimPollResult } from '@esim/api';
import type { AppDeps } from '../types.ts';
import { errorText, every, singleFlight } from './loop.ts';

/** What an autoplayed eSIM uses per simulated day. */
export const SIMULATED_MB_PER_DAY = 300;
const DAY_MS = 86_400_000;

export interface EsimLifePass {
  poll: EsimPollResult;
  validityAlerts: number;
  /** eSIMs the autoplay moved. */
  autoplayed: number;
}

export interface EsimLifeWorker {
  start(): void;
  tick(): Promise<EsimLifePass | null>;
  stop(): Promise<void>;
}

export function createEsimLifeWorker(
  deps: Pick<AppDeps, 'db' | 'services' | 'log'>,
  opts: { intervalMs: number; batch?: number; timeScale?: number; keepAlive?: boolean; now?: () => number },
): EsimLifeWorker {
  const now = opts.now ?? Date.now;
  let lastPlay = now();
  // Sub-MB leftovers of the autoplay, carried to the next pass.
  let carryMb = 0;

  const autoplay = async (): Promise<number> => {
    const scale = opts.timeScale ?? 0;
    // The simulator among the configured providers (ESIM_PROVIDERS may name real ones too).
    const sim = findEsimProvider(deps.services, 'simulator') ?? deps.services.esim;
    const t = now();
    const elapsed = t - lastPlay;
    lastPlay = t;
    if (scale <= 0 || !(sim instanceof EsimSimulator)) return 0;
    const mbFloat = (elapsed * scale * SIMULATED_MB_PER_DAY) / DAY_MS + carryMb;
    const mb = Math.floor(mbFloat);
    carryMb = mbFloat - mb;
    if (mb <= 0) return 0;
    let moved = 0;
    for (const iccid of await sim.installedIccids(opts.batch ?? 50)) {
      const usage = await sim.usage(iccid);
      if (usage.planState === 'finished' || usage.planState === 'expired') continue;
      const change = await sim.simulateUsage(iccid, mb);
      await handleEsimEvent(deps.db, deps.services, change.event, sim);
      moved++;
    }
    return moved;
  };

  const passes = singleFlight(
    async (): Promise<EsimLifePass> => {
      const autoplayed = await autoplay();
      const poll = await pollEsimUsage(deps.db, deps.services, opts.batch ?? 50);
      const validityAlerts = await queueDueValidityAlerts(deps.db, deps.services);
      if (poll.applied || validityAlerts || autoplayed) deps.log.info('eSIM life pass', { ...poll, validityAlerts, autoplayed });
      return { poll, validityAlerts, autoplayed };
    },
    (err) => deps.log.error('eSIM life pass failed', { error: errorText(err) }),
  );
  let stopped = false;
  const timer = every(opts.intervalMs, () => void passes.run(), opts);

  return {
    start() {
      if (stopped || timer.running) return;
      lastPlay = now();
      timer.start();
    },
    tick: passes.run,
    async stop() {
      stopped = true;
      timer.stop();
      await passes.stop();
    },
  };
}
