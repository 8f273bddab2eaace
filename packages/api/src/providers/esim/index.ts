// Chooses the eSIM providers from configuration: the built-in simulator and/or real wholesalers (one
// file implementing EsimProvider with isReal = true, and a case here). Several may run at once
// (ESIM_PROVIDERS, issue 25): createEsimProviders builds each by name, in the configured order; the
// services route an eSIM's calls to the provider named on it (services/shared/esim-providers.ts).
import { AiraloProvider } from './airalo.ts';
import { EsimAccessProvider } from './esimaccess.ts';
import { EsimSimulator } from './simulator.ts';
import type { SimulatorOptions } from './simulator.ts';
import type { AiraloConfig, EsimAccessConfig, EsimProvider } from './types.ts';

export const ESIM_PROVIDER_NAMES = ['simulator', 'airalo', 'esimaccess'] as const;
export type EsimProviderName = (typeof ESIM_PROVIDER_NAMES)[number];

export interface EsimProviderConfig {
  /** ESIM_PROVIDER; default 'simulator'. */
  provider?: EsimProviderName | undefined;
  /** ESIM_PROVIDERS: several at once, in order of preference; default [provider]. */
  providers?: readonly EsimProviderName[] | undefined;
  simulator?: SimulatorOptions | undefined;
  airalo?: AiraloConfig | undefined;
  esimaccess?: EsimAccessConfig | undefined;
}

/** Every configured provider, in the configured order (each name once); the first is the default. */
export function createEsimProviders(config: EsimProviderConfig = {}): EsimProvider[] {
  const names = [...new Set(config.providers?.length ? config.providers : [config.provider ?? 'simulator'])];
  return names.map((provider) => createEsimProvider({ ...config, provider }));
}

export function createEsimProvider(config: EsimProviderConfig = {}): EsimProvider {
  const name: string = config.provider ?? 'simulator';
  switch (name) {
    case 'simulator':
      return new EsimSimulator(config.simulator);
    case 'airalo':
      if (!config.airalo) throw new Error('ESIM_PROVIDER=airalo needs AIRALO_CLIENT_ID and AIRALO_CLIENT_SECRET');
      return new AiraloProvider(config.airalo);
    case 'esimaccess':
      if (!config.esimaccess) throw new Error('ESIM_PROVIDER=esimaccess needs ESIMACCESS_ACCESS_CODE and ESIMACCESS_SECRET_KEY');
      return new EsimAccessProvider(config.esimaccess);
    default:
      throw new Error(`Unknown eSIM provider ${JSON.stringify(name)}; expected one of ${ESIM_PROVIDER_NAMES.join(', ')}`);
  }
}

export { AiraloProvider } from './airalo.ts';
export { EsimAccessProvider } from './esimaccess.ts';
export { ESIM_SIGNATURE_HEADER, EsimSimulator, esimWebhookSignature, seededRandom } from './simulator.ts';
export type { SignedDelivery, SimulatedChange, SimulatorOptions } from './simulator.ts';
export { DbSimulatorStore, MemorySimulatorStore } from './simulator-store.ts';
export { DbTokenStore, MemoryTokenStore } from './token-store.ts';
export type { StoredToken, TokenStore } from './token-store.ts';
export type { SimPackage, SimRecord, SimulatorStore } from './simulator-store.ts';
export { EsimProviderError, EsimWebhookError, isEsimProviderError, snapshotOfUsage } from './types.ts';
export type * from './types.ts';
