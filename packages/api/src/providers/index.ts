// Outside services behind one interface each: payments (Stripe, demo), eSIM provisioning
// (simulator), mail (SMTP, outbox), QR rendering, and a retry helper for callers.
export * from './payments/index.ts';
export * from './esim/index.ts';
export * from './mail/index.ts';
export { qrPng, qrSvg } from './qr.ts';
export type { QrOptions } from './qr.ts';
export { backoffDelay } from './retry.ts';
