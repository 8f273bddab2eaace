// admin.rates.*: the exchange rates in force, and editing one.
import { ZRateUpdate } from '../../domain/admin.ts';
import type { AdminRate } from '../../services/admin/views.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { notBuilt } from './stub.ts';

export const adminRatesRouter = router({
  list: adminProcedure.query(() => notBuilt<AdminRate[]>()),
  update: adminProcedure.input(ZRateUpdate).mutation(() => notBuilt<AdminRate>()),
});
