// admin.customers.*: search, one customer's orders, eSIMs and points, disable/enable, admin role.
import { ZCustomerSearch, ZSetDisabled, ZSetRole, ZUserRef } from '../../domain/admin.ts';
import { getCustomer, searchCustomers, setCustomerDisabled, setCustomerRole } from '../../services/admin/customers.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminCustomersRouter = router({
  search: adminProcedure.input(ZCustomerSearch).query(({ ctx, input }) => searchCustomers(ctx.db, input)),
  get: adminProcedure.input(ZUserRef).query(({ ctx, input }) => getCustomer(ctx.db, ctx.services, actorOf(ctx), input.userId)),
  /** Disabling ends every session of the account at once. */
  setDisabled: adminProcedure
    .input(ZSetDisabled)
    .mutation(({ ctx, input }) => setCustomerDisabled(ctx.db, ctx.services, actorOf(ctx), input)),
  /** Never removes the acting admin's own role when they are the last admin. */
  setRole: adminProcedure.input(ZSetRole).mutation(({ ctx, input }) => setCustomerRole(ctx.db, ctx.services, actorOf(ctx), input)),
});
