// A reward level's shape has one home, domain/rewards.ts's TravelerLevel; the admin's view derives
// from it (services/admin/views.ts AdminLevel). The seed's TravelerLevelSeed (@esim/db, which
// cannot import the api) is the same facts without the id: held equal here.
import { describe, expectTypeOf, it } from 'vitest';
import type { TravelerLevelSeed } from '@esim/db';
import type { TravelerLevel } from '../../src/domain/rewards.ts';
import type { AdminLevel } from '../../src/services/admin/views.ts';

type Facts<T> = { [K in keyof T]: T[K] extends readonly (infer E)[] ? E[] : T[K] };

describe('reward level shapes', () => {
  it("the seed's level is the admin's level without its id and member count", () => {
    expectTypeOf<Facts<TravelerLevelSeed>>().toEqualTypeOf<Facts<Omit<AdminLevel, 'id' | 'members'>>>();
  });

  it("the admin's level is the traveller's with the stored multiplier", () => {
    expectTypeOf<Omit<AdminLevel, 'multiplierPercent' | 'members'>>().toEqualTypeOf<Omit<TravelerLevel, 'dataRewardMultiplier'>>();
  });
});
