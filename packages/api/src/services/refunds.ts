// Refunds the traveller asks for (issue 13). STUB: built by the commerce helper.
import type { Db } from '@esim/db';
import type { RefundResultView } from './esim-views.ts';
import type { Services } from './types.ts';

/** 'Refund': at most once, whatever is clicked twice or retried; someone else's order → 404. */
export async function refundOrderForUser(_db: Db, _services: Services, _userId: number, _orderId: string): Promise<RefundResultView> {
  throw new Error('issue 13: refundOrderForUser not built yet');
}
