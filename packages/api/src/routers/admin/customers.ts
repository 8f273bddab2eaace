// admin.customers.*: search, one customer's orders, eSIMs and points, disable/enable, admin role.
import { ZCustomerSearch, ZSetDisabled, ZSetRole, ZUserRef } from '../../domain/admin.ts';
import type { AdminCustomerDetail, AdminCustomerRow, Paged } from '../../services/admin/views.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { notBuilt } from './stub.ts';

export const adminCustomersRouter = router({
  search: adminProcedure.input(ZCustomerSearch).query(() => notBuilt<Paged<AdminCustomerRow>>()),
  get: adminProcedure.input(ZUserRef).query(() => notBuilt<AdminCustomerDetail>()),
  /** Disabling ends every session of the account at once. */
  setDisabled: adminProcedure.input(ZSetDisabled).mutation(() => notBuilt<AdminCustomerDetail>()),
  /** Never removes the acting admin's own role when they are the last admin. */
  setRole: adminProcedure.input(ZSetRole).mutation(() => notBuilt<AdminCustomerDetail>()),
});
