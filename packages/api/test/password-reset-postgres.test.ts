// Password reset and the account forms' answers on a throwaway PostgreSQL cluster (skipped, with
// the reason, where no binaries exist): the same flows as on SQLite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type DbHandle } from '@esim/db';
import { startPgCluster, type PgCluster } from '../../db/test/pg-cluster.ts';
import { pgAvailableFor } from './pg.ts';
import { account, createOrdersRig, resetTokens, verificationTokens, type OrdersRig } from './orders/rig.ts';

const available = pgAvailableFor('password reset');

describe.skipIf(!available)('password reset and account answers on PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  let handle: DbHandle | undefined;
  let rig: OrdersRig;
  beforeAll(async () => {
    cluster = await startPgCluster();
    handle = createDb(cluster.url);
    await migrateToLatest(handle.db);
    rig = await createOrdersRig({ handle, seed: false });
  }, 60_000);
  afterAll(async () => {
    await rig?.settle();
    await handle?.close();
    await cluster?.stop();
  });

  it('request (known and unknown alike), one-use reset, sessions ended, limits, notices, address change', async () => {
    const acc = account({ email: 'pg.owner@traveller.example' });
    const b = rig.browser();
    await (await b.caller()).auth.register(acc);
    const guest = async (ip = '192.0.2.10') => rig.browser({ ip }).caller();

    const known = await (await guest()).auth.requestPasswordReset({ identifier: acc.email });
    const unknown = await (await guest()).auth.requestPasswordReset({ identifier: 'pg.nobody@traveller.example' });
    expect(unknown).toEqual(known);
    await (await guest()).auth.requestPasswordReset({ identifier: acc.username });
    await rig.settle();
    const [older, newer] = resetTokens(rig.mailer.sent, acc.email);
    await expect((await guest()).auth.resetPassword({ token: older!, password: 'pg new password' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await (await guest()).auth.resetPassword({ token: newer!, password: 'pg new password' })).toEqual({ ok: true });
    expect(await (await b.caller()).auth.me()).toBeNull();
    await expect((await guest()).auth.resetPassword({ token: newer!, password: 'pg third password' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await (await guest()).auth.login({ username: acc.username, password: 'pg new password' });

    // 429 past 3 per typed address, the same for an unknown one.
    for (let i = 0; i < 2; i++)
      await (await guest(`192.0.2.${20 + i}`)).auth.requestPasswordReset({ identifier: 'pg.nobody@traveller.example' });
    await expect(
      (await guest('192.0.2.30')).auth.requestPasswordReset({ identifier: 'pg.nobody@traveller.example' }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });

    // Registration with the taken address: the generic answer, one notice.
    await expect((await guest('192.0.2.40')).auth.register(account({ email: acc.email }))).rejects.toMatchObject({ code: 'CONFLICT' });
    await rig.settle();
    expect(rig.mailer.sent.filter((m) => m.to === acc.email && /Someone tried/.test(m.subject))).toHaveLength(1);

    // An address change waits for its link.
    const other = rig.browser();
    await (await other.caller()).auth.register(account({ email: 'pg.other@traveller.example' }));
    expect(await (await other.caller()).users.updateProfile({ email: 'pg.new@traveller.example' })).toMatchObject({
      email: 'pg.other@traveller.example',
      pendingEmail: 'pg.new@traveller.example',
    });
    await rig.settle();
    const [link] = verificationTokens(rig.mailer.sent, 'pg.new@traveller.example');
    expect(await (await guest()).auth.verifyEmail({ token: link! })).toEqual({
      email: 'pg.new@traveller.example',
      attachedOrders: 0,
      alreadyConfirmed: false,
    });
  });
});
