import type { Db } from '@esim/db';
import type { Services, SessionUser } from '@esim/api';
import type { Env } from './env.ts';

export interface AppDeps {
  db: Db;
  services: Services;
  env: Env;
  /** Folder of the built web app (index.html + assets), or null to serve the API only. */
  webDist: string | null;
  log: Logger;
}

export interface Logger {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

/** Variables every request carries through Hono's context (c.var). */
export interface AppVariables {
  ip: string;
  secure: boolean;
  user: SessionUser | null;
  sessionId: string | null;
  /** Cookies to set or clear once the handler ran (filled by the session layer). */
  sessionCookie: { token: string; expiresAt: Date } | 'clear' | null;
  /** Security headers for this request (set by middleware/security.ts), for responses built whole. */
  baseHeaders: Readonly<Record<string, string>> | undefined;
}

export type AppEnv = { Variables: AppVariables };
