// Chooses the eSIM provider from configuration. Only the simulator exists today; a real
// wholesaler goes in beside it (one file implementing EsimProvider, isReal = true) and a case here.
import { EsimSimulator } from './simulator.ts';
import type { SimulatorOptions } from './simulator.ts';
import type { EsimProvider } from './types.ts';

export type EsimProviderName = 'simulator';

export interface EsimProviderConfig {
  /** ESIM_PROVIDER; default 'simulator'. */
  provider?: EsimProviderName | undefined;
  simulator?: SimulatorOptions | undefined;
}

export function createEsimProvider(config: EsimProviderConfig = {}): EsimProvider {
  const name: string = config.provider ?? 'simulator';
  switch (name) {
    case 'simulator':
      return new EsimSimulator(config.simulator);
    default:
      throw new Error(`Unknown eSIM provider ${JSON.stringify(name)}; expected 'simulator'`);
  }
}

export { ESIM_SIGNATURE_HEADER, EsimSimulator, esimWebhookSignature, seededRandom } from './simulator.ts';
export type { SignedDelivery, SimulatedChange, SimulatorOptions } from './simulator.ts';
export { DbSimulatorStore, MemorySimulatorStore } from './simulator-store.ts';
export type { SimPackage, SimRecord, SimulatorStore } from './simulator-store.ts';
export { EsimProviderError, EsimWebhookError, isEsimProviderError, snapshotOfUsage } from './types.ts';
export type * from './types.ts';
