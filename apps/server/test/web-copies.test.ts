// Facts the web app keeps a copy of because its bundle cannot import the database package: held
// equal to their one home here (the server's tests can import both). The shop's facts' defaults
// are held in shop-facts-http.test.ts.
import { describe, expect, it } from 'vitest';
import { TRAVELER_LEVELS } from '@esim/db';
import { REWARD_LEVELS } from '../../web/src/features/rewards/levels.ts';

describe("the web's copies", () => {
  it("the rewards teaser's levels are the seeded levels, lowest first", () => {
    const seeded = [...TRAVELER_LEVELS].sort((a, b) => a.pointsRequired - b.pointsRequired).map((l) => l.key);
    expect([...REWARD_LEVELS]).toEqual(seeded);
  });
});
