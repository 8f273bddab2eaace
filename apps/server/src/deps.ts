// Builds what createApp needs from the environment: shop config, services, the web build folder.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServices, type ShopConfig } from '@esim/api';
import type { Db } from '@esim/db';
import type { Env } from './env.ts';
import type { AppDeps, Logger } from './types.ts';

export function shopConfig(env: Env): ShopConfig {
  return {
    publicUrl: env.PUBLIC_URL,
    productName: env.PRODUCT_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    phone: env.SUPPORT_PHONE,
    postalAddress: env.POSTAL_ADDRESS,
  };
}

/**
 * WEB_DIST, or apps/web/dist next to this bundle (dist/main.js → ../../web/dist).
 * Null (API only, with a warning) when the folder has no index.html.
 */
export function resolveWebDist(env: Env, log: Logger, here = dirname(fileURLToPath(import.meta.url))): string | null {
  const dir = resolve(env.WEB_DIST ?? resolve(here, '../../web/dist'));
  if (existsSync(resolve(dir, 'index.html'))) return dir;
  log.warn('no web build found; serving the API only (build apps/web or set WEB_DIST)', { webDist: dir });
  return null;
}

export function buildDeps(env: Env, db: Db, log: Logger, webDist: string | null): AppDeps {
  return { db, env, log, webDist, services: createServices(db, shopConfig(env)) };
}
