export { appRouter, createCaller } from './root.ts';
export type { AppRouter } from './root.ts';
export type { Context, SessionUser } from './trpc.ts';
export { createServices } from './context.ts';
export type { Services, ShopConfig } from './context.ts';
export { AppError, APP_ERRORS, TRPC_TO_HTTP, isAppError } from './errors.ts';
export type { AppErrorCode } from './errors.ts';
