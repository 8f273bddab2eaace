// What the admin tests (catalogue, customers, rates, rewards, support, audit, access) share: the
// orders rig (a small catalogue, demo payments, a fake clock) plus accounts signed in by role,
// and the tRPC error a call rejects with.
import { TRPCError } from '@trpc/server';
import { createSession } from '../src/services/accounts/sessions.ts';
import { insertUser } from '../src/services/accounts/users.ts';
import { createOrdersRig, type Browser, type OrdersRig } from './orders/rig.ts';
import { STEP_UP_MAX_AGE_MS } from '../src/services/accounts/second-factor.ts';
import { giveSecondFactor, testTotpCode } from './rig.ts';

export { CARDS, T0, type Browser } from './orders/rig.ts';
export type { OrdersRig } from './orders/rig.ts';

/** A hash nobody signs in with (these accounts get their session directly). */
const NO_PASSWORD = '$argon2id$v=19$m=19456,t=2,p=1$cC2ZIY5g8crif44Cx1eBdA$0MUWp7pvx6Awz4KQsH3M7hWCpjg7qVHgOF0VGeCSbA4';

export interface Person {
  id: number;
  username: string;
  email: string;
  browser: Browser;
  api(): ReturnType<Browser['caller']>;
}

let seq = 0;

/** An account of `role`, signed in (its browser holds a session cookie). */
export async function signedIn(
  rig: OrdersRig,
  role: 'customer' | 'admin',
  over: Partial<{ username: string; email: string; fullName: string; passwordHash: string }> = {},
): Promise<Person> {
  seq += 1;
  const username = over.username ?? `${role}${seq}`;
  const user = await insertUser(
    rig.db,
    {
      username,
      email: over.email ?? `${username}@shop.example`,
      passwordHash: over.passwordHash ?? NO_PASSWORD,
      fullName: over.fullName ?? `${role === 'admin' ? 'Admin' : 'Customer'} ${seq}`,
      role,
    },
    rig.clock.now,
  );
  const browser = rig.browser();
  browser.token = (await createSession(rig.db, user.id, rig.clock.now)).token;
  // The back office answers only after a second factor (trpc.ts): these admins have given theirs.
  if (role === 'admin') await giveSecondFactor(rig.db, { id: user.id }, rig.clock.now);
  return { id: user.id, username: user.username, email: user.email, browser, api: () => browser.caller() };
}

export async function adminRig(): Promise<{ rig: OrdersRig; admin: Person; customer: Person }> {
  const rig = await createOrdersRig();
  const admin = await signedIn(rig, 'admin', { username: 'alice' });
  const customer = await signedIn(rig, 'customer', { username: 'bob', fullName: 'Bob Traveller' });
  return { rig, admin, customer };
}

/**
 * The admin gives their second factor again (a code from the test authenticator) unless they gave
 * it within the last 5 minutes: what a sensitive change (requireStepUp) asks for.
 */
export async function stepUp(rig: OrdersRig, person: Person): Promise<void> {
  const api = await person.api();
  const status = await api.factors.status();
  const at = status.secondFactorGivenAt ? new Date(status.secondFactorGivenAt).getTime() : 0;
  if (rig.clock.now.getTime() - at < STEP_UP_MAX_AGE_MS) return;
  await api.factors.verifyTotp({ code: testTotpCode(rig.clock.now) });
}

/** The tRPC error a promise rejects with (fails the test when it resolves). */
export async function refusal(p: Promise<unknown>): Promise<TRPCError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TRPCError) return e;
    throw e;
  }
  throw new Error('expected the call to be refused');
}

/** The audit rows, oldest first. */
export async function auditRows(rig: OrdersRig) {
  return rig.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
}
