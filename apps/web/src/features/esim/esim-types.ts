// What the eSIM screens read, from the router's outputs: the detail (esims.get) and the summary
// every list row and the detail's head share.
import type { RouterOutputs } from '../../lib/trpc.ts';

export type EsimDetail = RouterOutputs['esims']['get'];
/** One row of /account/esim (esims.list); the detail carries the same facts and more. */
export type EsimSummary = Omit<
  EsimDetail,
  | 'packages'
  | 'dailyUsage'
  | 'refund'
  | 'activationCode'
  | 'qrCode'
  | 'appleInstallUrl'
  | 'smdpAddress'
  | 'matchingId'
  | 'confirmationCodeRequired'
  | 'apn'
  | 'apnIos'
  | 'apnAndroid'
>;
export type EsimPackage = EsimDetail['packages'][number];
export type Refund = EsimDetail['refund'];
export type TravellerStatus = EsimSummary['status'];
export type RefundBlockReason = Extract<Refund, { eligible: false }>['reason'];
