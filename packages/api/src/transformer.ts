// The tRPC data transformer: superjson, plus a memo for the output of cached reads.
// The catalogue cache hands out the same deep-frozen objects to every request; their
// superjson form can't change, so it is computed once per object and reused. Anything
// not frozen is serialized as usual. The wire format is plain superjson, so the web
// client's `transformer: superjson` reads it unchanged.
import superjson from 'superjson';
import type { CombinedDataTransformer } from '@trpc/server';

type Serialized = ReturnType<typeof superjson.serialize>;
const memo = new WeakMap<object, Serialized>();

export function serializeOutput(value: unknown): Serialized {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return superjson.serialize(value);
  let s = memo.get(value);
  if (!s) {
    s = superjson.serialize(value);
    memo.set(value, s);
  }
  return s;
}

export const transformer: CombinedDataTransformer = {
  input: { serialize: (v) => superjson.serialize(v), deserialize: (v) => superjson.deserialize(v) },
  output: { serialize: serializeOutput, deserialize: (v) => superjson.deserialize(v) },
};
