// Traveler Rewards through the procedures (createCaller on a migrated in-memory SQLite): public
// lists, who may call what, the profile, check-ins and their daily rules (also under concurrency),
// verified trips, streaks, achievements granted once (also under concurrency), and updateProgress
// that cannot be talked into progress the facts do not show.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, TRAVELER_LEVELS } from '@esim/db';
import { REWARDS_MSG } from '../../src/domain/rewards.ts';
import { DAY, adjust, balance, buy, createRewardsRig, ledger, signedIn, type RewardsRig } from './rig.ts';

let rig: RewardsRig;
beforeEach(async () => {
  rig = await createRewardsRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const idOf = async (key: string) =>
  (await rig.db.selectFrom('achievements').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

describe('public lists', () => {
  it('levels: lowest first, with key, colour, multiplier as a number and perks', async () => {
    const levels = await (await rig.browser().caller()).rewards.levels();
    expect(levels.map((l) => [l.key, l.name, l.pointsRequired, l.dataRewardMultiplier])).toEqual([
      ['traveler', 'Traveler', 0, 1],
      ['explorer', 'Explorer', 500, 1.2],
      ['globetrotter', 'Globetrotter', 2000, 1.4],
      ['jetsetter', 'Jetsetter', 6000, 2],
    ]);
    expect(levels[0]).toEqual({
      id: expect.any(Number),
      key: 'traveler',
      name: 'Traveler',
      description: expect.any(String),
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      pointsRequired: 0,
      dataRewardMultiplier: 1,
      perks: TRAVELER_LEVELS[0]!.perks,
    });
  });

  it('achievements: every seeded one, with criteria.targetProgress', async () => {
    const list = await (await rig.browser().caller()).rewards.achievements();
    expect(list.map((a) => a.key)).toEqual(ACHIEVEMENTS.map((a) => a.key));
    expect(list.find((a) => a.key === 'streak_7_days')).toEqual({
      id: expect.any(Number),
      key: 'streak_7_days',
      name: 'Week-Long Streak',
      description: expect.any(String),
      category: 'check_ins',
      pointsAwarded: 150,
      criteria: { targetProgress: 7 },
    });
  });
});

describe('who may call what', () => {
  it('guests get UNAUTHORIZED from every personal procedure', async () => {
    const api = await rig.browser().caller();
    const calls = [
      api.rewards.profile(),
      api.rewards.userAchievements(),
      api.rewards.checkIns(),
      api.rewards.pointsHistory(),
      api.rewards.checkIn({ regionId: rig.regions.japan }),
      api.rewards.updateProgress({ achievementId: await idOf('first_purchase'), increment: 1 }),
    ];
    for (const c of calls) await expect(c).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await rig.db.selectFrom('check_ins').selectAll().execute()).toEqual([]);
  });
});

describe('profile', () => {
  it('a new traveller: Traveler level, nothing earned, Explorer next at 500', async () => {
    const { browser } = await signedIn(rig);
    const p = await (await browser.caller()).rewards.profile();
    expect(p).toEqual({
      currentLevelId: p.level.id,
      level: expect.objectContaining({ key: 'traveler', name: 'Traveler', dataRewardMultiplier: 1 }),
      totalPointsEarned: 0,
      currentPoints: 0,
      streakDays: 0,
      nextLevel: expect.objectContaining({ key: 'explorer', pointsRequired: 500 }),
      pointsToNextLevel: 500,
      reservedPoints: 0,
      pointValue: { points: 100, usdMinor: 100 },
    });
  });

  it('level and next level follow lifetime points; the top level has no next', async () => {
    const { browser, userId } = await signedIn(rig);
    await adjust(rig.db, userId, 2100);
    let p = await (await browser.caller()).rewards.profile();
    expect(p).toMatchObject({
      level: { key: 'globetrotter' },
      nextLevel: { key: 'jetsetter' },
      pointsToNextLevel: 6000 - p.totalPointsEarned,
    });
    await adjust(rig.db, userId, 10_000);
    p = await (await browser.caller()).rewards.profile();
    expect(p).toMatchObject({ level: { key: 'jetsetter' }, nextLevel: null, pointsToNextLevel: null });
    expect(p.currentLevelId).toBe(p.level.id);
  });
});

describe('check-in', () => {
  it('no region → BAD_INPUT "Please select a region to check in."; unknown region → 404; nothing stored', async () => {
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    for (const input of [{}, { regionId: null }, { regionId: '' }, { regionId: 0 }]) {
      const err = await api.rewards.checkIn(input as never).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: 'BAD_REQUEST',
        message: REWARDS_MSG.regionRequired,
        cause: { code: 'BAD_INPUT', details: { field: 'regionId' } },
      });
    }
    await expect(api.rewards.checkIn({ regionId: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      cause: { code: 'REGION_NOT_FOUND' },
    });
    await expect(api.rewards.checkIn({ regionId: rig.regions.japan, locationName: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await rig.db.selectFrom('check_ins').selectAll().execute()).toEqual([]);
  });

  it('10 points, the location trimmed (omitted when blank), one ledger row, listed newest first', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const first = await api.rewards.checkIn({ regionId: rig.regions.france, locationName: '  Eiffel Tower  ' });
    expect(first).toEqual({
      checkIn: {
        id: expect.any(Number),
        region: { id: rig.regions.france, name: 'France', code: 'FR', flagIcon: '/flags/4x3/fr.svg' },
        checkInDate: rig.clock.now.toISOString(),
        pointsAwarded: 10,
        locationName: 'Eiffel Tower',
        verifiedTrip: false,
      },
      pointsAwarded: 10,
      message: 'You earned 10 points for checking in to France.',
      newAchievements: [expect.objectContaining({ achievement: expect.objectContaining({ key: 'first_check_in' }), isCompleted: true })],
    });
    rig.clock.advance(60_000);
    const second = await api.rewards.checkIn({ regionId: rig.regions.italy, locationName: '   ' });
    expect(second.checkIn).not.toHaveProperty('locationName');
    const list = await api.rewards.checkIns();
    expect(list.map((c) => c.region.code)).toEqual(['IT', 'FR']);
    expect((await ledger(rig.db, userId)).filter((r) => r.source === 'check_in')).toEqual([
      { source: 'check_in', amount: 10, unique_key: `check_in:${first.checkIn.id}`, order_id: null },
      { source: 'check_in', amount: 10, unique_key: `check_in:${second.checkIn.id}`, order_id: null },
    ]);
  });

  it('daily rules: once per region per UTC day, 3 rewarded a day, later ones kept with 0 and a reason; a new UTC day starts over', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const r = rig.regions;
    rig.clock.now = new Date('2026-03-01T23:00:00.000Z');
    const a = await api.rewards.checkIn({ regionId: r.france });
    const again = await api.rewards.checkIn({ regionId: r.france });
    expect([a.pointsAwarded, again.pointsAwarded]).toEqual([10, 0]);
    expect(again.checkIn.zeroReason).toBe('already_checked_in_here_today');
    expect(again.message).toBe('You already earned points in France today. This check-in is saved without points.');
    await api.rewards.checkIn({ regionId: r.italy });
    await api.rewards.checkIn({ regionId: r.thailand });
    const fourth = await api.rewards.checkIn({ regionId: r.usa });
    expect(fourth).toMatchObject({ pointsAwarded: 0, checkIn: { zeroReason: 'daily_cap_reached', pointsAwarded: 0 } });
    expect(fourth.message).toMatch(/daily limit/);
    // 23:59:59.999 is still the same UTC day; midnight UTC is a new one.
    rig.clock.now = new Date('2026-03-01T23:59:59.999Z');
    expect((await api.rewards.checkIn({ regionId: r.brazil })).pointsAwarded).toBe(0);
    rig.clock.now = new Date('2026-03-02T00:00:00.000Z');
    expect((await api.rewards.checkIn({ regionId: r.france })).pointsAwarded).toBe(10);
    expect((await api.rewards.checkIns()).length).toBe(7);
    expect((await ledger(rig.db, userId)).filter((x) => x.source === 'check_in').map((x) => x.amount)).toEqual([10, 10, 10, 10]);
  });

  it('10 simultaneous check-ins in one region: one is rewarded, all are kept', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const results = await Promise.all(Array.from({ length: 10 }, () => api.rewards.checkIn({ regionId: rig.regions.japan })));
    expect(results.filter((x) => x.pointsAwarded > 0)).toHaveLength(1);
    expect(results.filter((x) => x.checkIn.zeroReason === 'already_checked_in_here_today')).toHaveLength(9);
    expect((await ledger(rig.db, userId)).filter((x) => x.source === 'check_in')).toHaveLength(1);
    expect(await rig.db.selectFrom('check_ins').selectAll().execute()).toHaveLength(10);
    // first_check_in granted once, its 25 points once.
    expect((await ledger(rig.db, userId)).filter((x) => x.source === 'achievement')).toHaveLength(1);
    expect(results.flatMap((x) => x.newAchievements)).toHaveLength(1);
  });

  it('10 simultaneous check-ins in five regions: exactly three rewarded', async () => {
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    const r = rig.regions;
    const regions = [r.japan, r.france, r.italy, r.thailand, r.usa];
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => api.rewards.checkIn({ regionId: regions[i % 5]! })));
    expect(results.filter((x) => x.pointsAwarded > 0)).toHaveLength(3);
    const slots = await rig.db
      .selectFrom('check_ins')
      .select('reward_slot')
      .where('reward_slot', 'is not', null)
      .orderBy('reward_slot')
      .execute();
    expect(slots.map((s) => s.reward_slot)).toEqual([1, 2, 3]);
  });

  it('at most 20 check-ins a UTC day are kept: the 21st is 429 with Retry-After until midnight UTC', async () => {
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    for (let i = 0; i < 20; i++) await api.rewards.checkIn({ regionId: rig.regions.japan });
    const err = await api.rewards.checkIn({ regionId: rig.regions.japan }).catch((e: unknown) => e);
    // T0 is 12:00 UTC: 12 hours to go.
    expect(err).toMatchObject({ code: 'TOO_MANY_REQUESTS', cause: { details: { retryAfterSeconds: 12 * 3600 } } });
    expect(await rig.db.selectFrom('check_ins').selectAll().execute()).toHaveLength(20);
    rig.clock.advance(DAY / 2);
    expect((await api.rewards.checkIn({ regionId: rig.regions.japan })).pointsAwarded).toBe(10);
  });

  it('30 simultaneous check-ins: 20 kept, 10 refused with 429', async () => {
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    const settled = await Promise.allSettled(Array.from({ length: 30 }, () => api.rewards.checkIn({ regionId: rig.regions.france })));
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    const refused = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await rig.db.selectFrom('check_ins').selectAll().execute()).toHaveLength(20);
  });

  it('a verified trip (an active eSIM covering the region) earns 25; the provider is asked about an eSIM not yet seen in use', async () => {
    const { browser, userId } = await signedIn(rig);
    await buy(rig, browser, rig.plans.japan1.id);
    const api = await browser.caller();
    // Delivered, not installed: an ordinary check-in.
    rig.clock.now = new Date('2026-03-01T13:00:00.000Z');
    expect((await api.rewards.checkIn({ regionId: rig.regions.japan })).checkIn).toMatchObject({ pointsAwarded: 10, verifiedTrip: false });
    // Installed and connected: the provider says the plan is active.
    const esim = await rig.db.selectFrom('esims').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    await rig.esim.simulateInstall(esim.iccid);
    rig.clock.advance(DAY);
    const verified = await api.rewards.checkIn({ regionId: rig.regions.japan });
    expect(verified).toMatchObject({
      pointsAwarded: 25,
      checkIn: { verifiedTrip: true },
      message: 'You earned 25 points for checking in to Japan (verified trip).',
    });
    expect((await rig.db.selectFrom('esims').select('status').where('id', '=', esim.id).executeTakeFirstOrThrow()).status).toBe('active');
    // Another country is not covered by a Japan eSIM.
    expect((await api.rewards.checkIn({ regionId: rig.regions.france })).checkIn.verifiedTrip).toBe(false);
  });

  it('a regional bundle covering the country counts; a canceled (refunded) eSIM does not', async () => {
    const { browser, userId } = await signedIn(rig);
    await buy(rig, browser, rig.planIn.europe);
    await rig.db.updateTable('esims').set({ status: 'active' }).where('user_id', '=', userId).execute();
    const api = await browser.caller();
    expect((await api.rewards.checkIn({ regionId: rig.regions.italy })).checkIn.verifiedTrip).toBe(true);
    expect((await api.rewards.checkIn({ regionId: rig.regions.europe })).checkIn.verifiedTrip).toBe(true);
    expect((await api.rewards.checkIn({ regionId: rig.regions.thailand })).checkIn.verifiedTrip).toBe(false);
    await rig.db.updateTable('esims').set({ status: 'canceled' }).where('user_id', '=', userId).execute();
    rig.clock.advance(DAY);
    expect((await api.rewards.checkIn({ regionId: rig.regions.italy })).checkIn.verifiedTrip).toBe(false);
  });

  it('streakDays: consecutive UTC days ending today or yesterday, across a month end', async () => {
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    for (const at of ['2026-02-26T10:00:00Z', '2026-02-27T23:59:00Z', '2026-02-28T00:01:00Z', '2026-03-01T08:00:00Z']) {
      rig.clock.now = new Date(at);
      await api.rewards.checkIn({ regionId: rig.regions.japan });
    }
    expect((await api.rewards.profile()).streakDays).toBe(4);
    rig.clock.now = new Date('2026-03-02T22:00:00Z');
    expect((await api.rewards.profile()).streakDays).toBe(4);
    rig.clock.now = new Date('2026-03-03T00:00:00Z');
    expect((await api.rewards.profile()).streakDays).toBe(0);
  });
});

describe('achievements', () => {
  it('granted once from facts: 7-day streak, ten check-ins, five countries; points land once', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const r = rig.regions;
    const countries = [r.japan, r.france, r.italy, r.thailand, r.usa, r.brazil];
    rig.clock.now = new Date('2026-03-01T10:00:00Z');
    for (let d = 0; d < 7; d++) {
      await api.rewards.checkIn({ regionId: countries[d % 6]! });
      if (d < 4) await api.rewards.checkIn({ regionId: countries[(d + 1) % 6]! });
      rig.clock.advance(DAY);
    }
    const mine = await api.rewards.userAchievements();
    const byKey = Object.fromEntries(mine.map((u) => [u.achievement.key, u]));
    expect(byKey.streak_7_days).toMatchObject({ progress: 7, isCompleted: true, earnedAt: expect.any(String) });
    expect(byKey.ten_check_ins).toMatchObject({ progress: 10, isCompleted: true });
    expect(byKey.check_in_5_countries).toMatchObject({ progress: 5, isCompleted: true });
    expect(byKey.first_check_in).toMatchObject({ isCompleted: true });
    const achievementRows = (await ledger(rig.db, userId)).filter((x) => x.source === 'achievement');
    // 11 rewarded check-ins (110) + first check-in 25 + ten check-ins 100 + streak 150 + five countries 200
    // = 585 lifetime: Explorer, whose level achievement adds 100 more.
    expect(byKey.level_explorer).toMatchObject({ isCompleted: true });
    expect(achievementRows.map((x) => x.amount).sort((a, b) => a - b)).toEqual([25, 100, 100, 150, 200]);
    // Reading again grants nothing more.
    await api.rewards.userAchievements();
    await api.rewards.profile();
    expect((await ledger(rig.db, userId)).filter((x) => x.source === 'achievement')).toHaveLength(5);
    const p = await api.rewards.profile();
    expect(p.totalPointsEarned).toBe(11 * 10 + 25 + 100 + 150 + 200 + 100);
    expect(p.currentPoints).toBe(p.totalPointsEarned);
    expect(p.level.key).toBe('explorer');
  });

  it('in progress: listed with its progress, not completed', async () => {
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    await api.rewards.checkIn({ regionId: rig.regions.japan });
    const ten = (await api.rewards.userAchievements()).find((u) => u.achievement.key === 'ten_check_ins');
    expect(ten).toEqual({
      id: expect.any(Number),
      achievementId: await idOf('ten_check_ins'),
      achievement: expect.objectContaining({ key: 'ten_check_ins', criteria: { targetProgress: 10 } }),
      progress: 1,
      isCompleted: false,
      earnedAt: null,
    });
  });

  it('10 simultaneous evaluations grant an achievement once and credit it once', async () => {
    const { browser, userId } = await signedIn(rig);
    await rig.db.updateTable('users').set({ email_verified_at: rig.clock.now.toISOString() }).where('id', '=', userId).execute();
    const api = await browser.caller();
    const id = await idOf('verified_email');
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => api.rewards.updateProgress({ achievementId: id, increment: 1 })),
      ...Array.from({ length: 5 }, () => api.rewards.userAchievements()),
    ]);
    expect(results.length).toBe(10);
    const rows = await rig.db
      .selectFrom('user_achievements')
      .selectAll()
      .where('user_id', '=', userId)
      .where('achievement_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.completed_at).not.toBeNull();
    expect((await ledger(rig.db, userId)).filter((x) => x.unique_key === `achievement:${userId}:${id}`)).toHaveLength(1);
    // verified_email (25) and, with the full name given at registration, profile_complete (50): once each.
    expect((await ledger(rig.db, userId)).map((x) => x.amount)).toEqual([25, 50]);
    expect(await balance(rig.db, userId)).toBe(75);
  });

  it('a second grant at the database level is refused (unique user + achievement, unique ledger key)', async () => {
    const { userId } = await signedIn(rig);
    const id = await idOf('first_purchase');
    const now = rig.clock.now.toISOString();
    const row = { user_id: userId, achievement_id: id, progress: 1, completed_at: now, created_at: now, updated_at: now };
    await rig.db.insertInto('user_achievements').values(row).execute();
    await expect(rig.db.insertInto('user_achievements').values(row).execute()).rejects.toThrow(/UNIQUE/);
    const credit = {
      user_id: userId,
      source: 'achievement' as const,
      amount: 100,
      description: null,
      unique_key: `achievement:${userId}:${id}`,
      order_id: null,
      created_at: now,
    };
    await rig.db.insertInto('points_ledger').values(credit).execute();
    await expect(rig.db.insertInto('points_ledger').values(credit).execute()).rejects.toThrow(/UNIQUE/);
  });
});

describe('updateProgress', () => {
  it('unknown achievement → 404; increment outside 1..10 → 400', async () => {
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    await expect(api.rewards.updateProgress({ achievementId: 999_999, increment: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No achievement has that id.',
    });
    for (const increment of [0, 11, -5, 1.5]) {
      await expect(api.rewards.updateProgress({ achievementId: await idOf('ten_check_ins'), increment })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
  });

  it('pressing it does not add progress the facts do not show', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const id = await idOf('ten_check_ins');
    for (let i = 0; i < 12; i++) {
      const r = await api.rewards.updateProgress({ achievementId: id, increment: 10 });
      expect(r).toMatchObject({ changed: false, userAchievement: { progress: 0, isCompleted: false, achievementId: id } });
      expect(r.message).toMatch(/No new progress yet \(0 of 10\)/);
    }
    expect(await balance(rig.db, userId)).toBe(0);
    await api.rewards.checkIn({ regionId: rig.regions.japan });
    // The check-in already counted it; the press reports the facts.
    const after = await api.rewards.updateProgress({ achievementId: id, increment: 1 });
    expect(after).toMatchObject({ changed: false, userAchievement: { progress: 1 } });
  });

  it('progress that the facts now show is reported as changed; completion says so; a completed one changes nothing', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const id = await idOf('verified_email');
    expect(await api.rewards.updateProgress({ achievementId: id, increment: 1 })).toMatchObject({
      changed: false,
      userAchievement: { progress: 0 },
    });
    await rig.db.updateTable('users').set({ email_verified_at: rig.clock.now.toISOString() }).where('id', '=', userId).execute();
    const done = await api.rewards.updateProgress({ achievementId: id, increment: 1 });
    expect(done).toMatchObject({
      changed: true,
      message: 'Completed: Verified E-mail. You earned 25 points.',
      userAchievement: { progress: 1, isCompleted: true },
    });
    const again = await api.rewards.updateProgress({ achievementId: id, increment: 1 });
    expect(again).toEqual({ userAchievement: done.userAchievement, changed: false, message: 'This achievement is already completed.' });
    // 25 for it, 50 for profile_complete (the full name was given at registration).
    expect(await balance(rig.db, userId)).toBe(75);
  });

  it('profile_complete needs a full name and a verified e-mail', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const id = await idOf('profile_complete');
    await rig.db
      .updateTable('users')
      .set({ full_name: null, email_verified_at: rig.clock.now.toISOString() })
      .where('id', '=', userId)
      .execute();
    expect((await api.rewards.updateProgress({ achievementId: id, increment: 1 })).userAchievement.isCompleted).toBe(false);
    await rig.db.updateTable('users').set({ full_name: 'Ada Lovelace' }).where('id', '=', userId).execute();
    expect((await api.rewards.updateProgress({ achievementId: id, increment: 1 })).userAchievement.isCompleted).toBe(true);
  });
});

describe('points history', () => {
  it('answers the newest 500 entries at most', async () => {
    const { browser, userId } = await signedIn(rig);
    const base = rig.clock.now.getTime();
    const rows = Array.from({ length: 501 }, (_, i) => ({
      user_id: userId,
      source: 'adjustment' as const,
      amount: 1,
      description: null,
      unique_key: `adjustment:many:${i}`,
      order_id: null,
      created_at: new Date(base + i * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await rig.db
        .insertInto('points_ledger')
        .values(rows.slice(i, i + 100))
        .execute();
    const h = await (await browser.caller()).rewards.pointsHistory();
    expect(h).toHaveLength(500);
    expect(h[0]!.createdAt).toBe(new Date(base + 500 * 1000).toISOString());
    expect(h.at(-1)!.createdAt).toBe(new Date(base + 1000).toISOString());
  });

  it('newest first, signed points, description when there is one', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    await api.rewards.checkIn({ regionId: rig.regions.japan });
    rig.clock.advance(1000);
    await rig.db
      .insertInto('points_ledger')
      .values({
        user_id: userId,
        source: 'adjustment',
        amount: -5,
        description: null,
        unique_key: 'adjustment:t1',
        order_id: null,
        created_at: rig.clock.now.toISOString(),
      })
      .execute();
    const h = await api.rewards.pointsHistory();
    expect(h[0]).toEqual({ id: expect.any(Number), source: 'adjustment', points: -5, createdAt: rig.clock.now.toISOString() });
    expect(h.map((e) => [e.source, e.points])).toEqual([
      ['adjustment', -5],
      ['achievement', 25],
      ['check_in', 10],
    ]);
    expect(h[1]).toMatchObject({ description: 'Achievement: First Check-in' });
    expect(h[2]).toMatchObject({ description: 'Check-in: Japan' });
  });
});
