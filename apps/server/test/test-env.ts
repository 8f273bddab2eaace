// What the server's HTTP test apps share: the origin the tests speak from, the environment they
// start with, and the headers of a same-origin request from the spec's client.
import { TEST_ORIGIN } from '@esim/api/testing';
import { readEnv, type Env } from '../src/env.ts';

export const ORIGIN = TEST_ORIGIN;

/** A test environment (silent logs, PUBLIC_URL = ORIGIN) with `overrides` on top. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return readEnv({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent', ...overrides });
}

/** Headers of a same-origin request from the spec's client. */
export function sameSite(extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: ORIGIN, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', ...extra };
}
