// The spec's eight /api/rewards/* paths over HTTP (app.request): 200 for everyone on the two lists,
// 401 for guests on the six personal ones, shapes field for field, bad input as readable 4xx JSON,
// never cached.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedRewards } from '@esim/db';
import { createOrdersApp, post, sameSite, type OrdersApp } from './orders-app.ts';

let t: OrdersApp;
let japan: number;
beforeEach(async () => {
  t = await createOrdersApp();
  await seedRewards(t.db);
  japan = (await t.db.selectFrom('regions').select('id').where('code', '=', 'JP').executeTakeFirstOrThrow()).id;
});
afterEach(async () => {
  await t.settle();
  await t.close();
});

type ErrorJson = { error: { code: string; message: string; details?: unknown } };

async function register(username: string): Promise<string> {
  const res = await post(t.app, '/api/auth/register', {
    username,
    email: `${username}@traveller.example`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    fullName: 'Ada Lovelace',
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .find((l) => l.startsWith('session='))!
    .split(';')[0]!;
}

const get = (path: string, cookie?: string) => t.app.request(path, { headers: sameSite(cookie ? { Cookie: cookie } : {}) });
const postAs = (path: string, body: unknown, cookie?: string) => post(t.app, path, body, cookie ? { Cookie: cookie } : {});
const achievementId = async (key: string) =>
  (await t.db.selectFrom('achievements').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

const LEVEL = {
  id: expect.any(Number),
  key: expect.stringMatching(/^[a-z_]+$/),
  name: expect.any(String),
  description: expect.any(String),
  color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  pointsRequired: expect.any(Number),
  dataRewardMultiplier: expect.any(Number),
  perks: expect.arrayContaining([expect.any(String)]),
};
const ACHIEVEMENT = {
  id: expect.any(Number),
  key: expect.stringMatching(/^[a-z0-9_]+$/),
  name: expect.any(String),
  description: expect.any(String),
  category: expect.stringMatching(/^[a-z_]+$/),
  pointsAwarded: expect.any(Number),
  criteria: { targetProgress: expect.any(Number) },
};

describe('for everyone', () => {
  it('GET /api/rewards/traveler-levels → 200 TravelerLevel[], lowest first', async () => {
    const res = await get('/api/rewards/traveler-levels');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const levels = (await res.json()) as Array<Record<string, unknown>>;
    expect(levels).toHaveLength(4);
    for (const l of levels) expect(l).toEqual(LEVEL);
    expect(levels.map((l) => [l.name, l.pointsRequired, l.dataRewardMultiplier])).toEqual([
      ['Traveler', 0, 1],
      ['Explorer', 500, 1.2],
      ['Globetrotter', 2000, 1.4],
      ['Jetsetter', 6000, 2],
    ]);
  });

  it('GET /api/rewards/achievements → 200 Achievement[]', async () => {
    const res = await get('/api/rewards/achievements');
    expect(res.status).toBe(200);
    const list = (await res.json()) as unknown[];
    expect(list.length).toBeGreaterThanOrEqual(12);
    for (const a of list) expect(a).toEqual(ACHIEVEMENT);
  });
});

describe('guests', () => {
  it.each(['/api/rewards/profile', '/api/rewards/user/achievements', '/api/rewards/check-ins', '/api/rewards/points-history'])(
    'GET %s → 401',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in.' } });
    },
  );

  it('POST check-in and progress → 401, nothing stored', async () => {
    expect((await postAs('/api/rewards/check-in', { regionId: japan })).status).toBe(401);
    expect(
      (await postAs(`/api/rewards/user/achievements/${await achievementId('first_purchase')}/progress`, { increment: 1 })).status,
    ).toBe(401);
    expect(await t.db.selectFrom('check_ins').selectAll().execute()).toEqual([]);
  });
});

describe('signed in', () => {
  it('GET /api/rewards/profile → 200 RewardsProfile', async () => {
    const cookie = await register('rewarded');
    const res = await get('/api/rewards/profile', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const p = (await res.json()) as { level: { id: number } };
    expect(p).toEqual({
      currentLevelId: p.level.id,
      level: { ...LEVEL, key: 'traveler', name: 'Traveler', pointsRequired: 0, dataRewardMultiplier: 1 },
      totalPointsEarned: 0,
      currentPoints: 0,
      streakDays: 0,
      nextLevel: { ...LEVEL, key: 'explorer', pointsRequired: 500 },
      pointsToNextLevel: 500,
      reservedPoints: 0,
      pointValue: { points: 100, usdMinor: 100 },
    });
  });

  it('POST /api/rewards/check-in → 200 CheckInResult; then check-ins, points history, profile and user achievements show it', async () => {
    const cookie = await register('checker');
    const res = await postAs('/api/rewards/check-in', { regionId: japan, locationName: '  Shibuya  ' }, cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { checkIn: { id: number } };
    const checkIn = {
      id: body.checkIn.id,
      region: { id: japan, name: 'Japan', code: 'JP', flagIcon: null },
      checkInDate: t.clock.now.toISOString(),
      pointsAwarded: 10,
      locationName: 'Shibuya',
      verifiedTrip: false,
    };
    const firstCheckIn = {
      id: expect.any(Number),
      achievementId: await achievementId('first_check_in'),
      achievement: { ...ACHIEVEMENT, key: 'first_check_in', pointsAwarded: 25, criteria: { targetProgress: 1 } },
      progress: 1,
      isCompleted: true,
      earnedAt: t.clock.now.toISOString(),
    };
    expect(body).toEqual({
      checkIn,
      pointsAwarded: 10,
      message: 'You earned 10 points for checking in to Japan.',
      newAchievements: [firstCheckIn],
    });

    const again = (await (await postAs('/api/rewards/check-in', { regionId: String(japan) }, cookie)).json()) as Record<string, unknown>;
    expect(again).toMatchObject({
      pointsAwarded: 0,
      checkIn: { pointsAwarded: 0, zeroReason: 'already_checked_in_here_today' },
      newAchievements: [],
    });
    expect(again.checkIn).not.toHaveProperty('locationName');

    const list = (await (await get('/api/rewards/check-ins', cookie)).json()) as unknown[];
    expect(list).toEqual([again.checkIn, checkIn]);

    const history = (await (await get('/api/rewards/points-history', cookie)).json()) as unknown[];
    expect(history).toEqual([
      {
        id: expect.any(Number),
        source: 'achievement',
        description: 'Achievement: First Check-in',
        points: 25,
        createdAt: t.clock.now.toISOString(),
      },
      { id: expect.any(Number), source: 'check_in', description: 'Check-in: Japan', points: 10, createdAt: t.clock.now.toISOString() },
    ]);

    const mine = (await (await get('/api/rewards/user/achievements', cookie)).json()) as Array<{ achievement: { key: string } }>;
    expect(mine.find((u) => u.achievement.key === 'first_check_in')).toEqual(firstCheckIn);
    expect(mine.find((u) => u.achievement.key === 'ten_check_ins')).toEqual({
      id: expect.any(Number),
      achievementId: await achievementId('ten_check_ins'),
      achievement: { ...ACHIEVEMENT, key: 'ten_check_ins' },
      progress: 1,
      isCompleted: false,
      earnedAt: null,
    });

    const p = (await (await get('/api/rewards/profile', cookie)).json()) as Record<string, unknown>;
    expect(p).toMatchObject({ totalPointsEarned: 35, currentPoints: 35, streakDays: 1, pointsToNextLevel: 465 });
  });

  it.each<[unknown, number, string, string]>([
    [{}, 400, 'BAD_INPUT', 'Please select a region to check in.'],
    [{ regionId: null, locationName: 'x' }, 400, 'BAD_INPUT', 'Please select a region to check in.'],
    [{ regionId: 'tokyo' }, 400, 'BAD_INPUT', 'regionId: regionId must be a positive whole number'],
    [{ regionId: 999999 }, 404, 'REGION_NOT_FOUND', 'No region has that id.'],
    [[], 400, 'BAD_INPUT', 'Invalid input: expected object, received array'],
    ['{"regionId": ', 400, 'BAD_INPUT', 'The request body is not valid JSON.'],
  ])('POST /api/rewards/check-in %j → %i %s', async (input, status, code, message) => {
    const cookie = await register('badinput');
    const res = await postAs('/api/rewards/check-in', input, cookie);
    expect(res.status).toBe(status);
    const body = (await res.json()) as ErrorJson;
    expect(body.error).toMatchObject({ code, message });
    expect(await t.db.selectFrom('check_ins').selectAll().execute()).toEqual([]);
  });

  it('a location name over 100 characters → 400 naming the field', async () => {
    const cookie = await register('longname');
    const res = await postAs('/api/rewards/check-in', { regionId: japan, locationName: 'x'.repeat(101) }, cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).error.message).toBe('locationName: Location name must be at most 100 characters');
  });

  it('the 21st check-in of a UTC day → 429 with Retry-After', async () => {
    const cookie = await register('eager');
    for (let i = 0; i < 20; i++) expect((await postAs('/api/rewards/check-in', { regionId: japan }, cookie)).status).toBe(200);
    const res = await postAs('/api/rewards/check-in', { regionId: japan }, cookie);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(12 * 3600));
    expect(((await res.json()) as ErrorJson).error.code).toBe('TOO_MANY_REQUESTS');
  });

  it('a check-in without the X-Requested-With header is refused (CSRF guard)', async () => {
    const cookie = await register('csrf');
    const res = await t.app.request('/api/rewards/check-in', {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ regionId: japan }),
    });
    expect(res.status).toBe(403);
    expect(await t.db.selectFrom('check_ins').selectAll().execute()).toEqual([]);
  });

  it('POST /api/rewards/user/achievements/{id}/progress → 200 ProgressResult; the server counts facts, not presses', async () => {
    const cookie = await register('presser');
    const id = await achievementId('ten_check_ins');
    const res = await postAs(`/api/rewards/user/achievements/${id}/progress`, { increment: 1 }, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      userAchievement: {
        id: expect.any(Number),
        achievementId: id,
        achievement: { ...ACHIEVEMENT, key: 'ten_check_ins' },
        progress: 0,
        isCompleted: false,
        earnedAt: null,
      },
      changed: false,
      message: expect.stringMatching(/^No new progress yet \(0 of 10\)/),
    });
    // An empty body counts as { increment: 1 }.
    const empty = await t.app.request(`/api/rewards/user/achievements/${id}/progress`, {
      method: 'POST',
      headers: sameSite({ Cookie: cookie }),
    });
    expect(empty.status).toBe(200);
  });

  it.each<[string, unknown, number, string, string]>([
    ['abc', { increment: 1 }, 400, 'BAD_INPUT', 'achievementId must be a positive integer'],
    ['0', { increment: 1 }, 400, 'BAD_INPUT', 'achievementId must be a positive integer'],
    ['999999', { increment: 1 }, 404, 'NOT_FOUND', 'No achievement has that id.'],
    ['ID', { increment: 11 }, 400, 'BAD_INPUT', 'increment: increment must be a whole number from 1 to 10'],
    ['ID', { increment: 'lots' }, 400, 'BAD_INPUT', 'increment: increment must be a whole number from 1 to 10'],
    ['ID', [1], 400, 'BAD_INPUT', 'The request body must be a JSON object, e.g. {"increment": 1}.'],
  ])('progress for %s with %j → %i %s', async (idText, body, status, code, message) => {
    const cookie = await register('progressbad');
    const id = idText === 'ID' ? String(await achievementId('first_purchase')) : idText;
    const res = await postAs(`/api/rewards/user/achievements/${id}/progress`, body, cookie);
    expect(res.status).toBe(status);
    expect(((await res.json()) as ErrorJson).error).toMatchObject({ code, message });
  });
});
