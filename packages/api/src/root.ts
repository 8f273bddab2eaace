import { createCallerFactory, router } from './trpc.ts';
import { catalogRouter } from './routers/catalog.ts';

export const appRouter = router({
  catalog: catalogRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
