// admin.*: the back office (issue 14). Every procedure is an adminProcedure (401 signed out, 403
// for a customer); every change writes the audit log in the change's own transaction.
import { router } from '../../trpc.ts';
import { adminAuditRouter } from './audit.ts';
import { adminCatalogRouter } from './catalog.ts';
import { adminCustomersRouter } from './customers.ts';
import { adminDashboardRouter } from './dashboard.ts';
import { adminOperationsRouter } from './operations.ts';
import { adminOrdersRouter } from './orders.ts';
import { adminRatesRouter } from './rates.ts';
import { adminPromotionsRouter } from './promotions.ts';
import { adminReferralsRouter } from './referrals.ts';
import { adminRewardsRouter } from './rewards.ts';
import { adminSupportRouter } from './support.ts';
import { adminTicketsRouter } from './tickets.ts';
import { adminChatRouter } from './chat.ts';

export const adminRouter = router({
  dashboard: adminDashboardRouter,
  orders: adminOrdersRouter,
  operations: adminOperationsRouter,
  catalog: adminCatalogRouter,
  customers: adminCustomersRouter,
  rates: adminRatesRouter,
  rewards: adminRewardsRouter,
  support: adminSupportRouter,
  tickets: adminTicketsRouter,
  chat: adminChatRouter,
  audit: adminAuditRouter,
  promotions: adminPromotionsRouter,
  referrals: adminReferralsRouter,
});
