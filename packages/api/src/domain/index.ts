// Pure, browser-safe domain code: the web app imports this entry ('@esim/api/domain').
// No node:* imports, no db, no tRPC, no Hono.
export * from './money.ts';
export * from './search.ts';
export * from './popular.ts';
export * from './catalog.ts';
export * from './destination-slug.ts';
export * from './validation.ts';
export * from './support.ts';
export * from './iccid.ts';
export * from './activation-code.ts';
export * from './email-templates.ts';
export * from './payment-status.ts';
export * from './payments-demo.ts';
export * from './orders.ts';
export * from './rate-limit.ts';
export * from './rewards.ts';
export * from './data-rights.ts';
export * from './esim-life.ts';
export * from './esim-inputs.ts';
export * from './trip-planner.ts';
