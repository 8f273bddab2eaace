// admin.rewards.*: levels with members, achievements with completions, the rules in force; editing
// a level or an achievement; a manual adjustment that shows in the customer's points history,
// applies once per request id, and never takes the balance below 0.
import { seedRewards } from '@esim/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '../src/domain/admin.ts';
import { addLedgerRow } from '../src/services/rewards/rewards-ledger.ts';
import { adminRig, auditRows, refusal, signedIn, type OrdersRig, type Person } from './admin-helpers-b.ts';

let rig: OrdersRig;
let admin: Person;
let customer: Person;

beforeEach(async () => {
  ({ rig, admin, customer } = await adminRig());
  await seedRewards(rig.db);
});
afterEach(async () => {
  await rig.close();
});

async function grant(userId: number, amount: number, key: string) {
  await addLedgerRow(rig.db, { userId, source: 'check_in', amount, description: null, key, now: rig.clock.now.toISOString() });
}

async function ledger(userId: number) {
  return rig.db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

describe('overview', () => {
  it('levels with their members, achievements with completions, the rules', async () => {
    const rich = await signedIn(rig, 'customer');
    await grant(rich.id, 600, 'check_in:rich');
    const achievement = await rig.db.selectFrom('achievements').select('id').orderBy('sort_order').executeTakeFirstOrThrow();
    const now = rig.clock.now.toISOString();
    await rig.db
      .insertInto('user_achievements')
      .values({ user_id: rich.id, achievement_id: achievement.id, progress: 1, completed_at: now, created_at: now, updated_at: now })
      .execute();
    const view = await (await admin.api()).admin.rewards.overview();
    expect(view.levels.map((l) => [l.key, l.pointsRequired, l.members])).toEqual([
      ['traveler', 0, 2],
      ['explorer', 500, 1],
      ['globetrotter', expect.any(Number), 0],
      ['jetsetter', expect.any(Number), 0],
    ]);
    expect(view.levels[1]).toMatchObject({ name: 'Explorer', multiplierPercent: 120, color: '#2f9e44', perks: expect.arrayContaining([]) });
    expect(view.achievements[0]).toMatchObject({ id: achievement.id, completedBy: 1 });
    expect(view.achievements.slice(1).every((a) => a.completedBy === 0)).toBe(true);
    expect(view.rules.find((r) => r.key === 'purchase')?.value).toBe("5 per 1 USD paid by card, times the level's multiplier");
    expect(view.rules.find((r) => r.key === 'point_value')?.value).toBe('100 points = 1.00 USD');
  });
});

describe('levels and achievements', () => {
  it('edits a level; the shop reads the new values; a taken threshold is refused', async () => {
    const api = await admin.api();
    const explorer = await rig.db.selectFrom('traveler_levels').selectAll().where('key', '=', 'explorer').executeTakeFirstOrThrow();
    const updated = await api.admin.rewards.updateLevel({ id: explorer.id, patch: { name: 'Voyager', multiplierPercent: 150 } });
    expect(updated).toMatchObject({ id: explorer.id, name: 'Voyager', multiplierPercent: 150, pointsRequired: 500 });
    const shopLevels = await (await customer.api()).rewards.levels();
    expect(shopLevels.find((l) => l.id === explorer.id)).toMatchObject({ name: 'Voyager', dataRewardMultiplier: 1.5 });
    const taken = await refusal(api.admin.rewards.updateLevel({ id: explorer.id, patch: { pointsRequired: 0 } }));
    expect([taken.code, taken.message]).toEqual(['CONFLICT', 'Another level (Traveler) starts at 0 points: each level needs its own.']);
    const bad = await refusal(api.admin.rewards.updateLevel({ id: explorer.id, patch: { color: 'green' } }));
    expect(bad.message).toContain(ADMIN_MSG.color);
    expect((await refusal(api.admin.rewards.updateLevel({ id: 999, patch: { name: 'X' } }))).code).toBe('NOT_FOUND');
    expect(await rig.db.selectFrom('traveler_levels').selectAll().where('id', '=', explorer.id).executeTakeFirstOrThrow()).toMatchObject({
      name: 'Voyager',
      points_required: 500,
      color: '#2f9e44',
    });
    const audit = await auditRows(rig);
    expect(audit.map((a) => [a.action, a.entity, a.entity_id])).toEqual([['level.update', 'level', String(explorer.id)]]);
    expect([JSON.parse(audit[0]!.before_json!), JSON.parse(audit[0]!.after_json!)]).toEqual([
      { name: 'Explorer', multiplierPercent: 120 },
      { name: 'Voyager', multiplierPercent: 150 },
    ]);
  });

  it('edits an achievement', async () => {
    const api = await admin.api();
    const a = await rig.db.selectFrom('achievements').selectAll().orderBy('sort_order').executeTakeFirstOrThrow();
    const updated = await api.admin.rewards.updateAchievement({ id: a.id, patch: { pointsAwarded: 75, targetProgress: 2 } });
    expect(updated).toMatchObject({ id: a.id, pointsAwarded: 75, targetProgress: 2, name: a.name });
    expect((await (await customer.api()).rewards.achievements()).find((x) => x.id === a.id)).toMatchObject({
      pointsAwarded: 75,
      criteria: { targetProgress: 2 },
    });
    const bad = await refusal(api.admin.rewards.updateAchievement({ id: a.id, patch: { targetProgress: 0 } }));
    expect(bad.message).toContain(ADMIN_MSG.target);
    expect((await refusal(api.admin.rewards.updateAchievement({ id: 999, patch: { name: 'X' } }))).code).toBe('NOT_FOUND');
    expect((await auditRows(rig)).map((r) => r.action)).toEqual(['achievement.update']);
  });
});

describe('adjustPoints', () => {
  it('adds a signed row with the reason to the customer history; a double click adjusts once', async () => {
    const api = await admin.api();
    const input = { userId: customer.id, amount: 250, reason: 'Sorry for the slow eSIM delivery', requestId: 'req-0001-abcd' };
    const [first, second] = await Promise.all([api.admin.rewards.adjustPoints(input), api.admin.rewards.adjustPoints(input)]);
    expect([first, second].sort((x, y) => Number(y.applied) - Number(x.applied))).toEqual([
      { balance: 250, applied: true },
      { balance: 250, applied: false },
    ]);
    const rows = await ledger(customer.id);
    expect(rows.map((r) => [r.source, r.amount, r.description, r.unique_key])).toEqual([
      ['adjustment', 250, 'Sorry for the slow eSIM delivery', 'adjustment:req-0001-abcd'],
    ]);
    // The customer reads the reason in their points history.
    const history = await (await customer.api()).rewards.pointsHistory();
    expect(history).toEqual([
      expect.objectContaining({ source: 'adjustment', points: 250, description: 'Sorry for the slow eSIM delivery' }),
    ]);
    expect((await (await customer.api()).rewards.profile()).currentPoints).toBe(250);
    const deduct = await api.admin.rewards.adjustPoints({ ...input, amount: -50, reason: 'Correction', requestId: 'req-0002-abcd' });
    expect(deduct).toEqual({ balance: 200, applied: true });
    const audit = await auditRows(rig);
    expect(audit.map((a) => [a.action, a.entity, a.entity_id, a.summary])).toEqual([
      ['points.adjust', 'user', String(customer.id), '+250 points for bob: Sorry for the slow eSIM delivery'],
      ['points.adjust', 'user', String(customer.id), '-50 points for bob: Correction'],
    ]);
  });

  it('refuses to take more than the balance, naming it; nothing changes', async () => {
    await grant(customer.id, 30, 'check_in:1');
    const e = await refusal(
      (await admin.api()).admin.rewards.adjustPoints({ userId: customer.id, amount: -31, reason: 'Too much', requestId: 'req-0003-abcd' }),
    );
    expect([e.code, e.message]).toEqual(['CONFLICT', 'bob has 30 points: an adjustment can take away at most 30.']);
    expect(await ledger(customer.id)).toHaveLength(1);
    expect(await auditRows(rig)).toHaveLength(0);
    // Taking all of it is fine; the second click of that is 'already done', not 'too much'.
    const all = { userId: customer.id, amount: -30, reason: 'Remove test points', requestId: 'req-0007-abcd' };
    expect(await (await admin.api()).admin.rewards.adjustPoints(all)).toEqual({ balance: 0, applied: true });
    expect(await (await admin.api()).admin.rewards.adjustPoints(all)).toEqual({ balance: 0, applied: false });
  });

  it.each([
    ['0 points', { amount: 0 }, ADMIN_MSG.points],
    ['a fraction', { amount: 1.5 }, ADMIN_MSG.points],
    ['no reason', { reason: '  ' }, ADMIN_MSG.reason],
    ['a bad request id', { requestId: 'x' }, 'Invalid request id'],
  ])('refuses %s', async (_what, over, message) => {
    const e = await refusal(
      (await admin.api()).admin.rewards.adjustPoints({
        userId: customer.id,
        amount: 10,
        reason: 'Goodwill',
        requestId: 'req-0004-abcd',
        ...over,
      }),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toContain(message);
    expect(await ledger(customer.id)).toHaveLength(0);
  });

  it('an unknown customer is 404; a request id used for another customer is refused', async () => {
    const api = await admin.api();
    const e = await refusal(api.admin.rewards.adjustPoints({ userId: 9999, amount: 10, reason: 'Goodwill', requestId: 'req-0005-abcd' }));
    expect([e.code, e.message]).toEqual(['NOT_FOUND', 'No customer has the id 9999.']);
    await api.admin.rewards.adjustPoints({ userId: customer.id, amount: 10, reason: 'Goodwill', requestId: 'req-0006-abcd' });
    const other = await refusal(
      api.admin.rewards.adjustPoints({ userId: admin.id, amount: 10, reason: 'Goodwill', requestId: 'req-0006-abcd' }),
    );
    expect(other.code).toBe('CONFLICT');
    expect(await ledger(admin.id)).toHaveLength(0);
  });
});
