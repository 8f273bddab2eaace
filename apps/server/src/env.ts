// The one place that reads process.env. Every setting has a laptop-friendly default
// and is listed, commented, in .env.example.
import { z } from 'zod';

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** SQLite file by default; a postgres:// URL selects PostgreSQL. */
  DATABASE_URL: z.string().default('file:./data/shop.sqlite'),
  /** Public origin used for e-mail links and the CSRF origin check; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Extra origins allowed to send state-changing requests (comma-separated). */
  TRUSTED_ORIGINS: z.string().default(''),
  /** Where the built web app lives. */
  WEB_DIST: z.string().optional(),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0').transform((v) => v === '1' || v === 'true'),
  PRODUCT_NAME: z.string().default('eSIM Shop'),
  SUPPORT_EMAIL: z.string().default('support@example.com'),
  SUPPORT_PHONE: z.string().default('+44 20 0000 0000'),
  POSTAL_ADDRESS: z.string().default('1 Example Street, London, EC1A 1AA, United Kingdom'),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
});

export type Env = z.infer<typeof ZEnv> & { PUBLIC_URL: string };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}

/**
 * A secret whose variable is named at run time (the admin CLI's --password-env, default
 * ADMIN_PASSWORD), read here so that env.ts stays the one place that reads process.env.
 */
export function readNamedSecret(name: string, source: NodeJS.ProcessEnv = process.env): string | undefined {
  const v = source[name];
  return v === undefined || v === '' ? undefined : v;
}
