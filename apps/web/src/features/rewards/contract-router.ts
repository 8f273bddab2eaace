// The rewards router's shape from the contract, as a tRPC router TYPE, so the page and its
// msw-trpc mocks are typed before the server's router exists. Import it with `import type` only:
// the procedures below never run. Remove once `rewards` is mounted in packages/api/src/root.ts.
import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type {
  Achievement,
  CheckIn,
  CheckInInput,
  CheckInResult,
  PointsHistoryEntry,
  ProgressInput,
  ProgressResult,
  RewardsProfile,
  TravelerLevel,
  UserAchievement,
} from './types.ts';

const t = initTRPC.create({ transformer: superjson });
const never = <T>(): T => {
  throw new Error('contract only');
};

const rewardsContract = t.router({
  levels: t.procedure.query(() => never<TravelerLevel[]>()),
  achievements: t.procedure.query(() => never<Achievement[]>()),
  profile: t.procedure.query(() => never<RewardsProfile>()),
  userAchievements: t.procedure.query(() => never<UserAchievement[]>()),
  checkIns: t.procedure.query(() => never<CheckIn[]>()),
  pointsHistory: t.procedure.query(() => never<PointsHistoryEntry[]>()),
  checkIn: t.procedure.input((v: unknown) => v as CheckInInput).mutation(() => never<CheckInResult>()),
  updateProgress: t.procedure.input((v: unknown) => v as ProgressInput).mutation(() => never<ProgressResult>()),
});

export const contractRouter = t.router({ rewards: rewardsContract });
export type RewardsContractRouter = typeof contractRouter;
