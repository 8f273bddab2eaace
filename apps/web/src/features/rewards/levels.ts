// The programme's levels, lowest first, as the server seeds them (packages/db/src/seed/rewards.ts;
// apps/server/test/web-copies.test.ts holds the two equal).
// The overview teaser shows them to everyone; the signed-in page reads the live levels.
export const REWARD_LEVELS = ['traveler', 'explorer', 'globetrotter', 'jetsetter'] as const;
export type RewardLevel = (typeof REWARD_LEVELS)[number];
