// Second factors (issue 27): every admin procedure (found by walking the router) refuses a
// password-only admin session with 403 — enrolment first for an account without a factor, the code
// for one that has a factor — and answers once a code was given; TOTP codes cannot be replayed and
// are checked ±1 step; recovery codes work once; codes are throttled; step-up is fresh for 5 minutes.
import { TRPCError } from '@trpc/server';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '../src/root.ts';
import { requireStepUp, STEP_UP_MAX_AGE_MS, totpCodeAt, totpStep } from '../src/services/accounts/second-factor.ts';
import { recordAudit } from '../src/services/admin/audit.ts';
import type { AdminActor } from '../src/services/admin/views.ts';
import { refusal, signedIn, type OrdersRig, type Person } from './admin-helpers-b.ts';
import { createOrdersRig } from './orders/rig.ts';
import { TEST_TOTP_KEY, giveSecondFactor, testTotpCode } from './rig.ts';

const procedures = appRouter._def.procedures as unknown as Record<string, unknown>;
/** Every admin procedure: admin.* and the older staff inbox. */
const adminPaths = [...Object.keys(procedures).filter((p) => p.startsWith('admin.')), 'support.messages'].sort();

type Caller = Awaited<ReturnType<Person['api']>>;
function call(caller: Caller, path: string, input: unknown): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    i: unknown,
  ) => Promise<unknown>;
  return fn(input);
}

function appCode(e: TRPCError): string | undefined {
  return (e.cause as { code?: string } | undefined)?.code;
}

let rig: OrdersRig;

beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.close();
});

/** An admin account signed in with its password only (no factor given in the session). */
async function passwordOnlyAdmin(username: string): Promise<Person> {
  const p = await signedIn(rig, 'customer', { username });
  await rig.db.updateTable('users').set({ role: 'admin' }).where('id', '=', p.id).execute();
  return p;
}

describe('the back office needs a second factor', () => {
  it('finds the admin procedures by walking the router', () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(30);
  });

  it('every admin procedure answers a password-only admin without a factor with 403 SECOND_FACTOR_ENROLMENT_REQUIRED', async () => {
    const admin = await passwordOnlyAdmin('nofactor');
    const api = await admin.api();
    const codes: Record<string, string> = {};
    for (const path of adminPaths) {
      const e = await refusal(call(api, path, undefined));
      codes[path] = `${e.code} ${appCode(e)}`;
    }
    expect(codes).toEqual(Object.fromEntries(adminPaths.map((p) => [p, 'FORBIDDEN SECOND_FACTOR_ENROLMENT_REQUIRED'])));
    expect((await api.factors.status()).enrolmentRequired).toBe(true);
  });

  it('with a factor enrolled but not given in this session: 403 SECOND_FACTOR_REQUIRED everywhere, and after the code the door opens', async () => {
    const admin = await passwordOnlyAdmin('hasfactor');
    await giveSecondFactor(rig.db, { id: admin.id }, rig.clock.now);
    // A new sign-in: a session that has not given the factor.
    await rig.db.updateTable('sessions').set({ second_factor_at: null }).where('user_id', '=', admin.id).execute();
    const api = await admin.api();
    for (const path of adminPaths) {
      const e = await refusal(call(api, path, undefined));
      expect(`${path} ${e.code} ${appCode(e)}`).toBe(`${path} FORBIDDEN SECOND_FACTOR_REQUIRED`);
    }
    expect(await api.factors.status()).toMatchObject({ required: true, enrolmentRequired: false, totp: true });
    await api.factors.verifyTotp({ code: testTotpCode(rig.clock.now) });
    const after = await refusal(call(await admin.api(), 'admin.rates.list', undefined)).catch((e: Error) => e);
    // Through the second-factor door (what follows is the role check's business, or the answer).
    expect(after instanceof TRPCError ? appCode(after) : 'answered').not.toMatch(/^SECOND_FACTOR/);
  });

  it('a customer is not asked for a factor they do not have', async () => {
    const bob = await signedIn(rig, 'customer', { username: 'bob' });
    expect(await (await bob.api()).factors.status()).toMatchObject({
      required: false,
      enrolmentRequired: false,
      totp: false,
      passkeys: [],
    });
  });
});

describe('TOTP', () => {
  it('enrols with the QR code key: a wrong code is refused, the right one confirms and gives 10 recovery codes once', async () => {
    const ann = await signedIn(rig, 'customer', { username: 'ann' });
    const api = await ann.api();
    const enrol = await api.factors.beginTotp();
    expect(enrol.qrSvg).toContain('<svg');
    expect(enrol.uri).toMatch(/^otpauth:\/\/totp\//);
    const key = decodeBase32IgnorePadding(enrol.secret);
    // The app's code (what @oslojs/otp computes from the key at this moment).
    const realNow = generateTOTP(key, 30, 6);
    expect(realNow).toMatch(/^\d{6}$/);
    const wrong = await refusal(api.factors.confirmTotp({ code: totpCodeAt(key, totpStep(rig.clock.now) + 5) }));
    expect(appCode(wrong)).toBe('INVALID_CODE');
    const { recoveryCodes } = await api.factors.confirmTotp({ code: totpCodeAt(key, totpStep(rig.clock.now)) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await rig.db.selectFrom('user_recovery_codes').select('code_hash').where('user_id', '=', ann.id).execute();
    expect(stored).toHaveLength(10);
    for (const c of recoveryCodes ?? []) expect(stored.map((s) => s.code_hash).join()).not.toContain(c.replaceAll('-', ''));
    expect(await api.factors.status()).toMatchObject({ totp: true, recoveryCodesLeft: 10, required: false });
  });

  it('two enrolments started at once both answer, leave one pending key, and a confirmed app refuses a third', async () => {
    const cy = await signedIn(rig, 'customer', { username: 'cy' });
    const api = await cy.api();
    const [a, b] = await Promise.all([api.factors.beginTotp(), api.factors.beginTotp()]);
    const rows = await rig.db.selectFrom('user_totp').select(['secret_hex', 'confirmed_at']).where('user_id', '=', cy.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.confirmed_at).toBeNull();
    // The key kept is one of the two handed out, and its code confirms.
    const kept = [a, b].find((e) => Buffer.from(decodeBase32IgnorePadding(e.secret)).toString('hex') === rows[0]!.secret_hex);
    expect(kept).toBeDefined();
    const key = decodeBase32IgnorePadding(kept!.secret);
    await api.factors.confirmTotp({ code: totpCodeAt(key, totpStep(rig.clock.now)) });
    const again = await refusal(api.factors.beginTotp());
    expect(again.code).toBe('CONFLICT');
    const after = await rig.db.selectFrom('user_totp').select('secret_hex').where('user_id', '=', cy.id).executeTakeFirstOrThrow();
    expect(after.secret_hex).toBe(rows[0]!.secret_hex);
  });

  it('accepts ±1 step, refuses ±2, and never accepts a step twice (replay)', async () => {
    const admin = await signedIn(rig, 'admin', { username: 'ada' });
    const api = await admin.api();
    expect(appCode(await refusal(api.factors.verifyTotp({ code: testTotpCode(rig.clock.now, 2) })))).toBe('INVALID_CODE');
    expect(appCode(await refusal(api.factors.verifyTotp({ code: testTotpCode(rig.clock.now, -2) })))).toBe('INVALID_CODE');
    const code = testTotpCode(rig.clock.now, -1);
    await expect(api.factors.verifyTotp({ code })).resolves.toEqual({ ok: true });
    // The same code again, in the same 30 seconds: refused.
    expect(appCode(await refusal(api.factors.verifyTotp({ code })))).toBe('INVALID_CODE');
    // And still refused from another session of the same account a little later.
    rig.clock.advance(20_000);
    expect(appCode(await refusal(api.factors.verifyTotp({ code })))).toBe('INVALID_CODE');
    // A later step is fine; an earlier one than the last used is not.
    await expect(api.factors.verifyTotp({ code: testTotpCode(rig.clock.now, 1) })).resolves.toEqual({ ok: true });
    expect(appCode(await refusal(api.factors.verifyTotp({ code: testTotpCode(rig.clock.now, 0) })))).toBe('INVALID_CODE');
  });

  it('wrong codes are throttled like passwords (429 with a wait), and the right code is refused while locked', async () => {
    const admin = await signedIn(rig, 'admin', { username: 'tom' });
    const api = await admin.api();
    let throttled: TRPCError | null = null;
    const valid = new Set([-1, 0, 1].map((d) => testTotpCode(rig.clock.now, d)));
    const wrongCodes = Array.from({ length: 40 }, (_, i) => String(100000 + i)).filter((c) => !valid.has(c));
    for (const code of wrongCodes) {
      if (throttled) break;
      const e = await refusal(api.factors.verifyTotp({ code }));
      if (e.code === 'TOO_MANY_REQUESTS') throttled = e;
      else expect(appCode(e)).toBe('INVALID_CODE');
    }
    expect(throttled).not.toBeNull();
    expect((await refusal(api.factors.verifyTotp({ code: testTotpCode(rig.clock.now) }))).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('recovery codes', () => {
  it('each works once, in any spelling (dashes, case)', async () => {
    const admin = await signedIn(rig, 'admin', { username: 'rosa' });
    const api = await admin.api();
    const { recoveryCodes } = await api.factors.regenerateRecoveryCodes();
    const [first, second] = recoveryCodes;
    if (!first || !second) throw new Error('expected codes');
    await rig.db.updateTable('sessions').set({ second_factor_at: null }).where('user_id', '=', admin.id).execute();
    await expect(api.factors.useRecoveryCode({ code: first.toLowerCase().replaceAll('-', ' ') })).resolves.toEqual({ ok: true });
    expect(appCode(await refusal(api.factors.useRecoveryCode({ code: first })))).toBe('INVALID_CODE');
    await expect(api.factors.useRecoveryCode({ code: second })).resolves.toEqual({ ok: true });
    expect((await api.factors.status()).recoveryCodesLeft).toBe(8);
    const used = await rig.db
      .selectFrom('user_recovery_codes')
      .select('used_at')
      .where('user_id', '=', admin.id)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(2);
  });

  it('regenerating needs a fresh second factor and ends the old codes', async () => {
    const admin = await signedIn(rig, 'admin', { username: 'otto' });
    const api = await admin.api();
    const old = (await api.factors.regenerateRecoveryCodes()).recoveryCodes;
    rig.clock.advance(STEP_UP_MAX_AGE_MS + 1000);
    expect(appCode(await refusal(api.factors.regenerateRecoveryCodes()))).toBe('STEP_UP_REQUIRED');
    await api.factors.verifyTotp({ code: testTotpCode(rig.clock.now) });
    const fresh = (await api.factors.regenerateRecoveryCodes()).recoveryCodes;
    expect(fresh).not.toEqual(old);
    expect(appCode(await refusal(api.factors.useRecoveryCode({ code: old[0] ?? '' })))).toBe('INVALID_CODE');
  });
});

describe('requireStepUp', () => {
  it('passes within 5 minutes of the second factor, refuses after, and the audit row records the step-up', async () => {
    const admin = await signedIn(rig, 'admin', { username: 'sue' });
    const session = await rig.db.selectFrom('sessions').select('id').where('user_id', '=', admin.id).executeTakeFirstOrThrow();
    const actor: AdminActor = { id: admin.id, username: admin.username, ip: '203.0.113.7' };
    const at = rig.clock.now;
    rig.clock.advance(STEP_UP_MAX_AGE_MS - 1000);
    const stepped = await requireStepUp({ db: rig.db, sessionId: session.id, now: rig.clock.now }, actor, { action: 'rate.update' });
    expect(stepped.stepUpAt?.toISOString()).toBe(at.toISOString());
    await recordAudit(rig.db, stepped, { action: 'rate.update', entity: 'exchange_rate', entityId: 'EUR', summary: 'test' }, rig.clock.now);
    const row = await rig.db.selectFrom('audit_log').select('step_up_at').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.step_up_at).toBe(at.toISOString());
    rig.clock.advance(2000);
    const late = await requireStepUp({ db: rig.db, sessionId: session.id, now: rig.clock.now }, actor, { action: 'rate.update' }).catch(
      (e: unknown) => e,
    );
    expect(late).toMatchObject({ code: 'STEP_UP_REQUIRED', details: { action: 'rate.update' } });
    await expect(requireStepUp({ db: rig.db, sessionId: null, now: rig.clock.now }, actor, { action: 'x' })).rejects.toMatchObject({
      code: 'STEP_UP_REQUIRED',
    });
  });
});

describe('the TOTP key in the rigs', () => {
  it('is 20 bytes and the helper code matches @oslojs/otp', () => {
    expect(TEST_TOTP_KEY).toHaveLength(20);
    expect(testTotpCode(new Date())).toBe(generateTOTP(TEST_TOTP_KEY, 30, 6));
  });
});
