// Test helpers for the account features (not imported by app code).
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { SessionUser } from './session.ts';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    username: 'traveller',
    email: 'traveller@example.com',
    fullName: 'Ada Traveller',
    role: 'customer',
    firstName: null,
    lastName: null,
    mobile: null,
    photoUrl: null,
    travelPreferences: null,
    emailVerified: true,
    // An admin is an owner unless the test says otherwise (the back office's roles, issue 27).
    ...(overrides.role === 'admin' ? { adminRole: 'owner' as const } : {}),
    ...overrides,
  };
}

/**
 * A tRPC error as the server's errorFormatter shapes it: msw-trpc copies the error's own
 * properties into `data`, so `appError` / `zodError` arrive where the web reads them.
 */
export function trpcError(
  code: TRPC_ERROR_CODE_KEY,
  message: string,
  extra: {
    appError?: { code: string; details: Record<string, unknown> | null };
    zodError?: { fieldErrors: Record<string, string[]> };
  } = {},
): TRPCError {
  return Object.assign(new TRPCError({ code, message }), extra);
}
