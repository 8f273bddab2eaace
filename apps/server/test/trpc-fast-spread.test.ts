// The build's replacement for @trpc/server's Babel spread helper behaves like the original.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs build helper without types
import { BABEL_HELPER, FAST_OBJECT_SPREAD } from '../trpc-fast-spread.mjs';

type Spread = (target: object, ...sources: unknown[]) => Record<PropertyKey, unknown>;

function compile(source: string): Spread {
  // For the original, its sibling helpers (ownKeys, _defineProperty, …) come along in `source`.
  return new Function(`${source}\nreturn _objectSpread2;`)() as Spread;
}

function babelOriginal(): { helper: Spread; text: string } {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('@trpc/server'));
  const file = readdirSync(dist).find(
    (f) => f.endsWith('.mjs') && readFileSync(join(dist, f), 'utf8').includes('function _objectSpread2(e)'),
  )!;
  const src = readFileSync(join(dist, file), 'utf8');
  const helpers = ['_typeof', 'toPrimitive', 'toPropertyKey', '_defineProperty', 'ownKeys', '_objectSpread2']
    .map((name) => new RegExp(`function ${name}\\([^)]*\\) \\{\\n[\\s\\S]*?\\n\\}\\n`).exec(src)?.[0] ?? '')
    .join('\n');
  return { helper: compile(helpers), text: src };
}

describe('trpc-fast-spread', () => {
  const original = babelOriginal();
  const fast = compile(FAST_OBJECT_SPREAD as string);

  it('finds the helper it replaces in the installed @trpc/server', () => {
    expect((BABEL_HELPER as RegExp).test(original.text)).toBe(true);
  });

  const sym = Symbol('s');
  const cases: Array<[string, () => unknown[]]> = [
    ['plain', () => [{}, { a: 1, b: 2 }]],
    ['tRPC call shape', () => [{}, { ctx: { user: null }, input: { id: 1 }, path: 'p' }, {}, { meta: undefined, input: 2, next() {} }]],
    ['overrides in order', () => [{ a: 1 }, { a: 2, b: 1 }, { b: 3 }]],
    ['null and undefined sources', () => [{}, null, { a: 1 }, undefined]],
    ['symbols', () => [{}, { [sym]: 1, a: 2 }]],
    ['__proto__ as an own key', () => [{}, JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')]],
    ['an array', () => [{}, [1, 2]]],
  ];

  it.each(cases)('%s', (_name, args) => {
    const [target, ...sources] = args();
    const a = original.helper({ ...(target as object) }, ...sources);
    const b = fast({ ...(target as object) }, ...sources);
    expect(Reflect.ownKeys(b)).toEqual(Reflect.ownKeys(a));
    for (const k of Reflect.ownKeys(a)) expect(b[k]).toEqual(a[k]);
    expect(Object.getPrototypeOf(b)).toBe(Object.getPrototypeOf(a));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
