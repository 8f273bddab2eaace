// admin.audit.list: the audit log, newest first, filtered.
import { ZAuditListInput } from '../../domain/admin.ts';
import type { AdminAuditEntry, Paged } from '../../services/admin/views.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { notBuilt } from './stub.ts';

export const adminAuditRouter = router({
  list: adminProcedure.input(ZAuditListInput).query(() => notBuilt<Paged<AdminAuditEntry>>()),
});
