import type { Db } from '@esim/db';
import type { Services, SessionUser } from '@esim/api';
import type { Env } from './env.ts';
import type { Registry } from 'prom-client';

export interface AppDeps {
  db: Db;
  services: Services;
  env: Env;
  /** Folder of the built web app (index.html + assets), or null to serve the API only. */
  webDist: string | null;
  log: Logger;
  /** Prometheus metrics (metrics.ts); absent when METRICS_PORT=0 (and in most tests). */
  metrics?: ShopMetrics | undefined;
  /** The process's state for the readiness check and the access log (serve.ts); absent in tests that need none. */
  lifecycle?: Lifecycle | undefined;
}

/** How much a logger writes (LOG_LEVEL); logger.ts ranks them. */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

/** Prometheus metrics (metrics.ts createMetrics). */
export interface ShopMetrics {
  readonly registry: Registry;
  /** One answered request; `route` must already be a bounded label. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A call to the eSIM provider that threw or rejected. */
  esimProviderError(provider: string, operation: string): void;
  /** A call to the payment provider that threw or rejected. */
  paymentProviderError(provider: string, operation: string): void;
}

export interface Logger {
  /** The level the logger writes at (createLogger's); absent: everything is passed on. */
  readonly level?: LogLevel;
  debug?(msg: string, extra?: Record<string, unknown>): void;
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

/** What the process is doing, shared by serve.ts, the readiness check and the request log. */
export interface Lifecycle {
  /** True from the shutdown signal on: /api/ready answers 503 and responses say `Connection: close`. */
  draining: boolean;
  /** Requests being handled now. */
  inFlight: number;
}

/** Variables every request carries through Hono's context (c.var). */
export interface AppVariables {
  /** This request's id (X-Request-Id in and out; middleware/request-log.ts). */
  requestId: string;
  /** deps.log with this request's id in every line (logger.ts requestLogger). */
  log: Logger;
  ip: string;
  secure: boolean;
  user: SessionUser | null;
  /** A traveller still owing the second factor (services/accounts/sessions.ts sessionUsers); `user` is null then. */
  pendingUser: SessionUser | null;
  sessionId: string | null;
  /** Issue 29: SHA-256 of the first-party device cookie (middleware/device.ts); unset for webhooks. */
  deviceHash: string | undefined;
  /** Cookies to set or clear once the handler ran (filled by the session layer). */
  sessionCookie: { token: string; expiresAt: Date } | 'clear' | null;
  /** Security headers for this request (set by middleware/security.ts), for responses built whole. */
  baseHeaders: Readonly<Record<string, string>> | undefined;
}

export type AppEnv = { Variables: AppVariables };
