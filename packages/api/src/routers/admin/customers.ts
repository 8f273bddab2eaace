// admin.customers.*: search, one customer's orders, eSIMs and points, disable/enable, back-office role,
// ending an account's sessions, and revealing the e-mail and phone support sees masked.
import { ZCustomerSearch, ZGuestRef, ZSetDisabled, ZSetRole, ZUserRef } from '../../domain/admin.ts';
import {
  endCustomerSessions,
  eraseCustomer,
  eraseGuestCustomer,
  exportCustomerData,
  exportGuestCustomerData,
  getCustomer,
  revealCustomer,
  searchCustomers,
  setCustomerDisabled,
  setCustomerRole,
} from '../../services/admin/customers.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { requireStepUp } from '../../services/accounts/second-factor.ts';
import { actorOf } from './actor.ts';

export const adminCustomersRouter = router({
  search: adminProcedure
    .meta(ROLES.supportMasked)
    .input(ZCustomerSearch)
    .query(({ ctx, input }) => searchCustomers(ctx.db, input)),
  get: adminProcedure
    .meta(ROLES.supportMasked)
    .input(ZUserRef)
    .query(({ ctx, input }) => getCustomer(ctx.db, ctx.services, actorOf(ctx), input.userId)),
  /** Disabling ends every session of the account at once. */
  setDisabled: adminProcedure
    .meta(ROLES.support)
    .input(ZSetDisabled)
    // Disabling is a sensitive change (step-up within 5 minutes); enabling again is not.
    .mutation(async ({ ctx, input }) => {
      const actor = input.disabled ? await requireStepUp(ctx, actorOf(ctx), { action: 'user.disable' }) : actorOf(ctx);
      return setCustomerDisabled(ctx.db, ctx.services, actor, input);
    }),
  /** Customer, owner, support or catalogue; never leaves the shop without an enabled owner. */
  setRole: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZSetRole)
    // A role change is sensitive: the second factor again if not given in the last 5 minutes.
    .mutation(async ({ ctx, input }) =>
      setCustomerRole(ctx.db, ctx.services, await requireStepUp(ctx, actorOf(ctx), { action: 'user.role' }), input),
    ),
  /** Signs the account out everywhere without disabling it (audited). */
  endSessions: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZUserRef)
    .mutation(({ ctx, input }) => endCustomerSessions(ctx.db, ctx.services, actorOf(ctx), input)),
  /** Issue 31: the customer's data export on their request (what 'Download my data' gives them); audited, step-up. */
  exportData: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZUserRef)
    .mutation(async ({ ctx, input }) =>
      exportCustomerData(ctx.db, ctx.services, await requireStepUp(ctx, actorOf(ctx), { action: 'user.data.export' }), input),
    ),
  /** Issue 31: erases the account on the person's request (orders kept as invoices without them); audited, step-up. */
  erase: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZUserRef)
    .mutation(async ({ ctx, input }) =>
      eraseCustomer(ctx.db, ctx.services, await requireStepUp(ctx, actorOf(ctx), { action: 'user.erase' }), input),
    ),
  /** Issue 31: a guest's data export by the address they bought or wrote with (409 for an account's address); audited, step-up. */
  exportGuestData: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZGuestRef)
    .mutation(async ({ ctx, input }) =>
      exportGuestCustomerData(ctx.db, ctx.services, await requireStepUp(ctx, actorOf(ctx), { action: 'guest.data.export' }), input),
    ),
  /** Issue 31: erases a guest's data by address (orders kept as invoices without it); audited, step-up. */
  eraseGuest: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZGuestRef)
    .mutation(async ({ ctx, input }) =>
      eraseGuestCustomer(ctx.db, ctx.services, await requireStepUp(ctx, actorOf(ctx), { action: 'guest.erase' }), input),
    ),
  /** The e-mail address and phone number support sees masked, in full; every reveal is audited. */
  reveal: adminProcedure
    .meta(ROLES.support)
    .input(ZUserRef)
    // Revealing personal data is sensitive too (step-up; the audit row records it).
    .mutation(async ({ ctx, input }) =>
      revealCustomer(ctx.db, ctx.services, await requireStepUp(ctx, actorOf(ctx), { action: 'user.reveal' }), input),
    ),
});
