// admin.audit.list: the audit log, newest first, filtered.
import { ZAuditListInput } from '../../domain/admin.ts';
import { listAudit } from '../../services/admin/audit-list.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';

export const adminAuditRouter = router({
  list: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZAuditListInput)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
});
