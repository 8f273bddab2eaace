// How hard fulfilment tries: provisioning retries with back-off (then a refund), e-mail retries,
// how long a worker holds a piece of work (lease), how often an asynchronous eSIM order is polled,
// and when an order never paid expires.

export interface FulfilmentPolicy {
  /** Provisioning attempts before the order is refunded (≥ 1). */
  provisionMaxAttempts: number;
  /** Back-off before retry n: base × 2^(n−1), capped. */
  provisionBaseMs: number;
  provisionMaxMs: number;
  /** A pending (asynchronous) eSIM order is polled this often. */
  provisionPollMs: number;
  /** Sends before an e-mail is marked failed (the order is never affected). */
  mailMaxAttempts: number;
  mailBaseMs: number;
  mailMaxMs: number;
  /** How long one worker owns an order's provisioning or an e-mail before another may take over. */
  leaseMs: number;
  /** Orders and e-mails one worker tick handles at most. */
  batchSize: number;
  /** An order not paid this long after it was placed expires (order-expiry.ts). */
  pendingOrderTtlMs: number;
  /** Orders the expiry sweep reads per batch (by id, from its cursor). */
  expiryBatchSize: number;
  /** Pause between two rounds of the expiry sweep (a round that has not reached its end goes on at the next tick). */
  expirySweepMs: number;
}

export const DEFAULT_FULFILMENT_POLICY: FulfilmentPolicy = {
  provisionMaxAttempts: 8,
  provisionBaseMs: 30_000,
  provisionMaxMs: 30 * 60_000,
  provisionPollMs: 5_000,
  mailMaxAttempts: 10,
  mailBaseMs: 30_000,
  mailMaxMs: 60 * 60_000,
  leaseMs: 120_000,
  batchSize: 50,
  pendingOrderTtlMs: 24 * 3600_000,
  expiryBatchSize: 500,
  expirySweepMs: 60_000,
};
