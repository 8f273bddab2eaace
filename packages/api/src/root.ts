import { createCallerFactory, router } from './trpc.ts';
import { catalogRouter } from './routers/catalog.ts';
import { authRouter } from './routers/auth.ts';
import { usersRouter } from './routers/users.ts';
import { ordersRouter } from './routers/orders.ts';
import { supportRouter } from './routers/support.ts';
import { ticketsRouter } from './routers/tickets.ts';
import { chatRouter } from './routers/chat.ts';
import { paymentsRouter } from './routers/payments.ts';
import { esimLinksRouter } from './routers/esim-links.ts';
import { invoicesRouter } from './routers/invoices.ts';
import { esimsRouter } from './routers/esims.ts';
import { subscriptionsRouter } from './routers/subscriptions.ts';
import { rewardsRouter } from './routers/rewards.ts';
import { adminRouter } from './routers/admin/index.ts';
import { factorsRouter } from './routers/factors.ts';
import { sessionsRouter } from './routers/sessions.ts';
import { tripRouter } from './routers/trip.ts';
import { promotionsRouter } from './routers/promotions.ts';
import { giftsRouter } from './routers/gifts.ts';
import { referralsRouter } from './routers/referrals.ts';

export const appRouter = router({
  catalog: catalogRouter,
  auth: authRouter,
  users: usersRouter,
  orders: ordersRouter,
  support: supportRouter,
  tickets: ticketsRouter,
  chat: chatRouter,
  payments: paymentsRouter,
  esims: esimsRouter,
  esimLinks: esimLinksRouter,
  invoices: invoicesRouter,
  subscriptions: subscriptionsRouter,
  rewards: rewardsRouter,
  admin: adminRouter,
  factors: factorsRouter,
  sessions: sessionsRouter,
  trip: tripRouter,
  promotions: promotionsRouter,
  gifts: giftsRouter,
  referrals: referralsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
