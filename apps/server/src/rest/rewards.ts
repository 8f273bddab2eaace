// Traveler Rewards over the rewards.* procedures (spec §7). Same shapes as tRPC; dates are ISO strings.
//   GET  /api/rewards/traveler-levels                            → TravelerLevel[]          (everyone)
//   GET  /api/rewards/achievements                               → Achievement[]            (everyone)
//   GET  /api/rewards/profile                                    → RewardsProfile           (signed in, else 401)
//   GET  /api/rewards/user/achievements                          → UserAchievement[]        (signed in)
//   GET  /api/rewards/check-ins                                  → CheckIn[] newest first   (signed in)
//   GET  /api/rewards/points-history                             → PointsHistoryEntry[]     (signed in)
//   POST /api/rewards/check-in  { regionId, locationName? }      → CheckInResult            (signed in; 400, 404, 429 + Retry-After)
//   POST /api/rewards/user/achievements/{achievementId}/progress  { increment } → ProgressResult (signed in; 400, 404)
import { Hono } from 'hono';
import { AppError } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { answer } from './auth.ts';
import { jsonBodyLimit, readJsonBody } from './body.ts';
import { positiveIntParam } from '../response.ts';

export function rewardsRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('/rewards/*', jsonBodyLimit());

  app.get('/rewards/traveler-levels', (c) => answer(c, () => callerFor(deps, c).rewards.levels()));
  app.get('/rewards/achievements', (c) => answer(c, () => callerFor(deps, c).rewards.achievements()));
  app.get('/rewards/profile', (c) => answer(c, () => callerFor(deps, c).rewards.profile()));
  app.get('/rewards/user/achievements', (c) => answer(c, () => callerFor(deps, c).rewards.userAchievements()));
  app.get('/rewards/check-ins', (c) => answer(c, () => callerFor(deps, c).rewards.checkIns()));
  // The spec's shape: `about` (the facts the shop's page words the description from) is not part of it.
  app.get('/rewards/points-history', (c) =>
    answer(c, async () => (await callerFor(deps, c).rewards.pointsHistory()).map(({ about: _about, ...entry }) => entry)),
  );

  app.post('/rewards/check-in', (c) => answer(c, async () => callerFor(deps, c).rewards.checkIn((await readJsonBody(c)) as never)));
  app.post('/rewards/user/achievements/:achievementId/progress', (c) =>
    answer(c, async () => {
      const achievementId = positiveIntParam(c.req.param('achievementId'), 'achievementId');
      const body = await readJsonBody(c);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new AppError('BAD_INPUT', 'The request body must be a JSON object, e.g. {"increment": 1}.');
      }
      const { increment } = body as { increment?: unknown };
      return callerFor(deps, c).rewards.updateProgress({ achievementId, increment } as never);
    }),
  );

  return app;
}
