// Reading a client's tRPC input (transformer.ts deserializeInput): whatever superjson.serialize
// writes reads back as superjson reads it; a malformed `meta` is one plain BAD_REQUEST, never
// superjson's own TypeError text or a stack overflow.
import fc from 'fast-check';
import superjson from 'superjson';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { deserializeInput } from '../src/transformer.ts';

function refusal(payload: unknown): TRPCError {
  try {
    deserializeInput(payload);
  } catch (e) {
    return e as TRPCError;
  }
  throw new Error(`accepted ${JSON.stringify(payload)}`);
}

describe('deserializeInput', () => {
  it('reads what superjson.serialize writes (undefined fields, dates, maps, sets, bigints, shared objects)', () => {
    const shared = { a: 1 };
    const samples: unknown[] = [
      undefined,
      null,
      { planId: 1, email: undefined, locale: 'en' },
      { when: new Date('2026-03-01T00:00:00Z'), tags: new Set(['a']), map: new Map([['k', 1n]]) },
      { left: shared, right: shared },
      [undefined, { x: [undefined] }],
    ];
    for (const v of samples) {
      const wire = JSON.parse(JSON.stringify(superjson.serialize(v))) as unknown;
      expect(deserializeInput(wire)).toEqual(superjson.deserialize(wire as never));
    }
  });

  it('property: any value superjson can write reads back equal', () => {
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(undefined, null, Number.NaN, Infinity, -0),
        fc.string(),
        fc.integer(),
        fc.bigInt(),
        fc.date({ noInvalidDate: true }),
        fc.array(tie('v'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 6 }), tie('v'), { maxKeys: 4 }),
        fc.array(tie('v'), { maxLength: 3 }).map((xs) => new Set(xs)),
      ),
    })).v;
    fc.assert(
      fc.property(value, (v) => {
        const wire = JSON.parse(JSON.stringify(superjson.serialize(v))) as unknown;
        expect(deserializeInput(wire)).toEqual(superjson.deserialize(wire as never));
      }),
    );
  });

  it.each([
    ['a string where an annotation tree belongs', { json: { a: 1 }, meta: { values: 'valueOf' } }],
    ['a number tree', { json: { a: 1 }, meta: { values: { a: 5 } } }],
    ['referentialEqualities as a string', { json: { a: 1 }, meta: { referentialEqualities: ' ' } }],
    ['referentialEqualities with a number', { json: { a: 1 }, meta: { referentialEqualities: { '': 0 } } }],
    ['an empty referentialEqualities array', { json: { a: 1 }, meta: { referentialEqualities: [] } }],
    ['meta that is not an object', { json: { a: 1 }, meta: 5 }],
    ['an unknown custom type', { json: { id: 1 }, meta: { values: { id: ['custom', 'x'] } } }],
    ['a class never registered', { json: { a: 'x' }, meta: { values: { a: ['class', 'Nope'] } } }],
    [
      'an annotation tree 10,000 levels deep',
      { json: { a: 1 }, meta: { values: JSON.parse(`${'{"a":'.repeat(10_000)}["undefined"]${'}'.repeat(10_000)}`) as unknown } },
    ],
  ])('%s → BAD_REQUEST with a plain message', (_label, payload) => {
    const e = refusal(payload);
    expect(e).toBeInstanceOf(TRPCError);
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toMatch(/^The input could not be read/);
  });
});
