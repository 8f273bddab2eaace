// eSIM Access open API behind EsimProvider. Contract stub: the adapter is being written (see its tests).
import { EsimProviderError } from './types.ts';
import type {
  EsimAccessConfig,
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

export class EsimAccessProvider implements EsimProvider {
  readonly name = 'esimaccess';
  readonly isReal = true;
  constructor(readonly config: EsimAccessConfig) {}
  private notYet(): never {
    throw new EsimProviderError('unavailable', 'esimaccess adapter not built yet', false);
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
