// /.well-known/apple-developer-merchantid-domain-association (issue 28): Apple's domain association
// file for Apple Pay on the web through Stripe, served as given from APPLE_PAY_DOMAIN_ASSOCIATION_FILE
// (read once at start-up: a missing or empty file stops the start with the reason). Unset: 404, like
// any unknown path. Plain text, cacheable for an hour (Apple re-checks it; Stripe may issue a new one).
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './types.ts';

export const APPLE_PAY_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association';

export function readAssociationFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`APPLE_PAY_DOMAIN_ASSOCIATION_FILE: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  if (text.trim() === '') throw new Error(`APPLE_PAY_DOMAIN_ASSOCIATION_FILE: ${path} is empty`);
  return text;
}

export function wellKnownRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const file = deps.env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE;
  if (!file) return app;
  const body = readAssociationFile(file);
  app.get(APPLE_PAY_ASSOCIATION_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(body);
  });
  return app;
}
