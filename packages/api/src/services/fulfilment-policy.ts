// How hard fulfilment tries: provisioning retries with back-off (then a refund), e-mail retries,
// how long a worker holds a piece of work (lease), and how often an asynchronous eSIM order is polled.

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
};
