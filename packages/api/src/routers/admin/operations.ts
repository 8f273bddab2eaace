// admin.operations.*: fulfilment and e-mail jobs that failed or wait, with retry.
import { ZEmailJobRef } from '../../domain/admin.ts';
import type { AdminEmailJob, AdminOperationsView } from '../../services/admin/views.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { notBuilt } from './stub.ts';

export const adminOperationsRouter = router({
  jobs: adminProcedure.query(() => notBuilt<AdminOperationsView>()),
  /** A failed or waiting e-mail is sent now; sent already → unchanged. */
  retryEmail: adminProcedure.input(ZEmailJobRef).mutation(() => notBuilt<AdminEmailJob>()),
});
