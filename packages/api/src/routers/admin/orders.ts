// admin.orders.*: the paged order table, one order's page, and its three idempotent actions.
import { ZOrderListInput, ZOrderRef } from '../../domain/admin.ts';
import type { AdminActionResult, AdminOrderDetail, AdminOrderRow, Paged } from '../../services/admin/views.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { notBuilt } from './stub.ts';

export const adminOrdersRouter = router({
  list: adminProcedure.input(ZOrderListInput).query(() => notBuilt<Paged<AdminOrderRow>>()),
  get: adminProcedure.input(ZOrderRef).query(() => notBuilt<AdminOrderDetail>()),
  /** Full refund through the shop's refund path (payment, points, eSIM, e-mail); a second click → 'already'. */
  refund: adminProcedure.input(ZOrderRef).mutation(() => notBuilt<AdminActionResult>()),
  /** Sends the eSIM e-mail again; a second click while one waits → 'already'. */
  resendEmail: adminProcedure.input(ZOrderRef).mutation(() => notBuilt<AdminActionResult>()),
  /** Provisions now a paid order whose eSIM is not delivered; delivered → 'already'. */
  retryProvisioning: adminProcedure.input(ZOrderRef).mutation(() => notBuilt<AdminActionResult>()),
});
