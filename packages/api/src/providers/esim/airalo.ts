// Airalo Partner API v2 behind EsimProvider. Contract stub: the adapter is being written (see its tests).
import { EsimProviderError } from './types.ts';
import type {
  AiraloConfig,
  EsimCancelResult,
  EsimDetails,
  EsimEvent,
  EsimOrderInput,
  EsimOrderResult,
  EsimProvider,
  EsimTopUpInput,
  EsimTopUpResult,
  EsimUsage,
  ProviderPackage,
} from './types.ts';

export class AiraloProvider implements EsimProvider {
  readonly name = 'airalo';
  readonly isReal = true;
  constructor(readonly config: AiraloConfig) {}
  private notYet(): never {
    throw new EsimProviderError('unavailable', 'airalo adapter not built yet', false);
  }
  order(_input: EsimOrderInput): Promise<EsimOrderResult> {
    return this.notYet();
  }
  getEsim(_providerRef: string): Promise<EsimDetails> {
    return this.notYet();
  }
  usage(_iccid: string): Promise<EsimUsage> {
    return this.notYet();
  }
  cancel(_iccid: string): Promise<EsimCancelResult> {
    return this.notYet();
  }
  topUp(_input: EsimTopUpInput): Promise<EsimTopUpResult> {
    return this.notYet();
  }
  listPackages(): Promise<ProviderPackage[]> {
    return this.notYet();
  }
  parseWebhook(_rawBody: string, _headers: Headers, _now: Date): EsimEvent[] {
    return this.notYet();
  }
}
