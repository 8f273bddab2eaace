// Passkeys with a software authenticator (software-authenticator.ts: node:crypto ECDSA P-256, the
// WebAuthn spec's byte layouts). Registration and
// assertion through factors.*; a replayed challenge, another origin, a wrong signature and a counter
// that goes backwards are refused; the assertion opens the back office's door.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, signedIn, type OrdersRig } from './admin-helpers-b.ts';
import { createOrdersRig } from './orders/rig.ts';
import { softwareAuthenticator } from './software-authenticator.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.close();
});

describe('passkeys', () => {
  it('registers with attestation none and asserts as the second factor; replays, other origins, bad signatures and old counters are refused', async () => {
    const origin = new URL(rig.services.config.publicUrl).origin;
    const key = softwareAuthenticator(new URL(origin).hostname, origin);
    const p = await signedIn(rig, 'customer', { username: 'pia' });
    await rig.db.updateTable('users').set({ role: 'admin', admin_role: 'owner' }).where('id', '=', p.id).execute();
    const api = await p.api();
    // No factor yet: the back office refuses.
    expect((await refusal(api.admin.rates.list())).message).toMatch(/second factor/);

    const options = await api.factors.passkeyRegistrationOptions();
    expect(options.rpId).toBe(new URL(origin).hostname);
    const { recoveryCodes } = await api.factors.registerPasskey(key.create(options.challenge));
    expect(recoveryCodes).toHaveLength(10);
    expect((await api.factors.status()).passkeys).toHaveLength(1);
    // The same registration answer again: its challenge is spent.
    expect((await refusal(api.factors.registerPasskey(key.create(options.challenge)))).code).toBe('BAD_REQUEST');
    // Registering gave the factor in this session.
    await expect(api.admin.rates.list()).resolves.toBeDefined();

    // A new session: the passkey gives the factor.
    await rig.db.updateTable('sessions').set({ second_factor_at: null }).where('user_id', '=', p.id).execute();
    const c1 = await api.factors.passkeyChallenge();
    expect((await refusal(api.factors.verifyPasskey(key.get(c1.challenge, { origin: 'https://evil.example' })))).code).toBe('BAD_REQUEST');
    const c2 = await api.factors.passkeyChallenge();
    expect((await refusal(api.factors.verifyPasskey(key.get(c2.challenge, { tamper: true })))).code).toBe('UNAUTHORIZED');
    const c3 = await api.factors.passkeyChallenge();
    const good = key.get(c3.challenge, { counter: 5 });
    await expect(api.factors.verifyPasskey(good)).resolves.toEqual({ ok: true });
    await expect(api.admin.rates.list()).resolves.toBeDefined();
    // The same signed answer again (its challenge used): refused.
    expect((await refusal(api.factors.verifyPasskey(good))).code).toBe('BAD_REQUEST');
    // A counter that goes backwards: a cloned key.
    const c4 = await api.factors.passkeyChallenge();
    expect((await refusal(api.factors.verifyPasskey(key.get(c4.challenge, { counter: 3 })))).code).toBe('UNAUTHORIZED');
  });

  it('removes a passkey of the account (others are not found), ends the other sessions, and a back-office account keeps one factor', async () => {
    const origin = new URL(rig.services.config.publicUrl).origin;
    const rpId = new URL(origin).hostname;
    const owner = await signedIn(rig, 'customer', { username: 'oona' });
    await rig.db.updateTable('users').set({ role: 'admin', admin_role: 'owner' }).where('id', '=', owner.id).execute();
    const api = await owner.api();
    const first = softwareAuthenticator(rpId, origin);
    await api.factors.registerPasskey(first.create((await api.factors.passkeyRegistrationOptions()).challenge));
    const [only] = (await api.factors.status()).passkeys;
    // Its only factor: a back-office account may not remove it.
    const last = await refusal(api.factors.removePasskey({ id: only!.id }));
    expect([last.code, last.message]).toEqual([
      'CONFLICT',
      'A back-office account keeps at least one second factor: add an authenticator app or another passkey first.',
    ]);
    // A second passkey; then the first can go. Another session of the account ends, this one stays.
    const second = softwareAuthenticator(rpId, origin);
    await api.factors.registerPasskey(second.create((await api.factors.passkeyRegistrationOptions()).challenge));
    await rig.db
      .insertInto('sessions')
      .values({
        id: 'f'.repeat(64),
        user_id: owner.id,
        expires_at: new Date(rig.clock.now.getTime() + 86_400_000).toISOString(),
        created_at: rig.clock.now.toISOString(),
      })
      .execute();
    await expect(api.factors.removePasskey({ id: only!.id })).resolves.toEqual({ ok: true });
    const left = (await api.factors.status()).passkeys;
    expect(left.map((k) => k.id)).toEqual([second.credentialId]);
    expect(await rig.db.selectFrom('sessions').select('id').where('id', '=', 'f'.repeat(64)).executeTakeFirst()).toBeUndefined();
    expect(await rig.db.selectFrom('sessions').select('id').where('user_id', '=', owner.id).execute()).toHaveLength(1);

    // Someone else's passkey: not found, and it stays.
    const pat = await signedIn(rig, 'customer', { username: 'pat' });
    const patApi = await pat.api();
    const patKey = softwareAuthenticator(rpId, origin);
    await patApi.factors.registerPasskey(patKey.create((await patApi.factors.passkeyRegistrationOptions()).challenge));
    const theirs = await refusal(api.factors.removePasskey({ id: patKey.credentialId }));
    expect(theirs.code).toBe('NOT_FOUND');
    expect((await patApi.factors.status()).passkeys).toHaveLength(1);
    // A traveller may remove their only passkey.
    await expect(patApi.factors.removePasskey({ id: patKey.credentialId })).resolves.toEqual({ ok: true });
    expect((await patApi.factors.status()).passkeys).toHaveLength(0);
  });
});
