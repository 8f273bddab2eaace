// Orders of the signed-in user. There is no orders table yet (the checkout work adds it), so the
// list is empty; the procedure, its guard and its shape are in place for the account area.
import type { Db } from '@esim/db';

/** One row of the account's order table (spec section 3, Order). */
export interface OrderSummary {
  id: number;
  planId: number | null;
  planName: string | null;
  /** Integer minor units of `currency`. */
  totalMinor: number;
  currency: string;
  status: string;
  createdAt: string | null;
  esimQrCode: string | null;
}

/** The orders of `userId`, newest first. Only ever the given user's: callers pass ctx.user.id. */
export async function listOrdersForUser(_db: Db, _userId: number): Promise<OrderSummary[]> {
  return [];
}
