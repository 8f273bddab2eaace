import { describe, expect, it } from 'vitest';
import { starsFor, type StarKind } from './star-rating.ts';

const F: StarKind = 'full';
const H: StarKind = 'half';
const E: StarKind = 'empty';

describe('starsFor', () => {
  it.each<[number, StarKind[]]>([
    [5, [F, F, F, F, F]],
    [4.5, [F, F, F, F, H]],
    [4.9, [F, F, F, F, H]],
    [4.49, [F, F, F, F, E]],
    [4, [F, F, F, F, E]],
    [3.5, [F, F, F, H, E]],
    [0.5, [H, E, E, E, E]],
    [0.4, [E, E, E, E, E]],
    [0, [E, E, E, E, E]],
    [-1, [E, E, E, E, E]],
    [7, [F, F, F, F, F]],
    [Number.NaN, [E, E, E, E, E]],
  ])('%s → %j', (rating, expected) => {
    expect(starsFor(rating)).toEqual(expected);
  });

  it('always returns five icons by default', () => {
    for (let r = 0; r <= 5; r += 0.1) expect(starsFor(r)).toHaveLength(5);
  });
});
