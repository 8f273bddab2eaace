// The printable receipt of an order (issue 13). STUB: built by the commerce helper.
import type { Db } from '@esim/db';
import type { ReceiptView } from './esim-views.ts';
import type { Services } from './types.ts';

/** Someone else's order → 404. */
export async function getReceipt(_db: Db, _services: Services, _userId: number, _orderId: string): Promise<ReceiptView> {
  throw new Error('issue 13: getReceipt not built yet');
}
