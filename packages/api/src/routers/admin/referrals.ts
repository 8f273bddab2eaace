// admin.referrals.*: issue 29. The referrals with their status and, when no reward was given, why
// (self-referral, same card, not a first order, monthly limit, refunded…). Reading only; the
// owner's (it names the referrers' addresses).
import { ZAdminReferralsInput } from '../../domain/referrals.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { listReferralsForAdmin } from '../../services/referrals/referrals.ts';
import { adminProcedure, router } from '../../trpc.ts';

export const adminReferralsRouter = router({
  list: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZAdminReferralsInput)
    .query(({ ctx, input }) => listReferralsForAdmin(ctx.db, input)),
});
