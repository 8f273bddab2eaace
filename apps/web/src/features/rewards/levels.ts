// The programme's levels, lowest first (the reference's Traveler → Platinum). The page shows them
// as a teaser without thresholds or perks values: those come with the programme itself (a later
// issue), from the server's traveller levels.
export const REWARD_LEVELS = ['traveler', 'silver', 'gold', 'platinum'] as const;
export type RewardLevel = (typeof REWARD_LEVELS)[number];
